import Foundation
import ProgressRender
import Testing

/// The informational commands through the real binary: `--version`, `styles`, `describe`, `--help`.
@Suite struct CommandTests {
  private func run(_ arguments: [String]) throws -> Binary.Result {
    let scratch = try Binary()
    defer { scratch.remove() }
    return try scratch.run(arguments)
  }

  @Test func version() throws {
    let result = try run(["--version"])
    #expect(result.status == 0)
    #expect(result.out == "progress-render \(ProgressRenderVersion.string)\n")
    #expect(result.err.isEmpty)
  }

  @Test func stylesListsThePresetsOneLineEach() throws {
    let result = try run(["styles"])
    #expect(result.status == 0)
    let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let names = ["thumb", "download", "countdown", "upload", "wave", "material", "material4", "activity", "dots"]
    #expect(lines.prefix(names.count).map { String($0.prefix { $0 != " " }) } == names)
    for (line, style) in zip(lines, Presets.all) {
      #expect(line.hasSuffix(style.summary))
    }
    #expect(lines[names.count] == "")
    #expect(
      lines.contains(
        "countdown  --color --text-color --line-width --label --font --progress --pulse-scale --pulse-period --pulse-count"
      ))
    #expect(
      lines.contains(
        "upload     --color --text-color --label --font --image --progress --variant --ring-width --disc-color"
          + " --shadow-color"))
    #expect(lines.contains("activity   --color --line-width --spokes"))
  }

  @Test(arguments: [
    "thumb", "download", "countdown", "upload", "wave", "material", "material4", "activity", "dots",
  ])
  func describeRoundTrips(name: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let described = try scratch.run(["describe", name])
    #expect(described.status == 0)
    #expect(described.err.isEmpty)
    #expect(described.out.hasSuffix("}\n"))
    let decoded = try JSONDecoder().decode(Style.self, from: Data(described.out.utf8))
    #expect(decoded.name == name)
    #expect(decoded.tracks.map(\.name) == (try Presets.named(name)).tracks.map(\.name))
    scratch.write("style.json", described.out)
    let again = try scratch.run(["describe", "--style-file", "../style.json"])
    #expect(again.status == 0)
    #expect(again.out == described.out)
  }

  @Test(arguments: [
    (
      ["--help"],
      "progress-render \(ProgressRenderVersion.string) — renders animated progress indicators to GIF, WebP, APNG, PNG or Lottie."
    ),
    (
      ["-h"],
      "progress-render \(ProgressRenderVersion.string) — renders animated progress indicators to GIF, WebP, APNG, PNG or Lottie."
    ),
    (
      ["render", "--help"],
      "Usage: progress-render render (--style NAME | --style-file FILE | --lottie FILE) --out PATH [options]"
    ),
    (
      ["--style", "wave", "--help"],
      "Usage: progress-render render (--style NAME | --style-file FILE | --lottie FILE) --out PATH [options]"
    ),
    (["styles", "--help"], "Usage: progress-render styles"),
    (["describe", "--help"], "Usage: progress-render describe STYLE"),
    (["help", "describe"], "Usage: progress-render describe STYLE"),
    (["diff", "--help"], "Usage: progress-render diff EXPECTED ACTUAL [options]"),
    (["help", "diff"], "Usage: progress-render diff EXPECTED ACTUAL [options]"),
  ])
  func help(arguments: [String], firstLine: String) throws {
    let result = try run(arguments)
    #expect(result.status == 0)
    #expect(result.err.isEmpty)
    #expect(result.out.split(separator: "\n").first.map(String.init) == firstLine)
    #expect(result.out.contains("--help "))
  }

  @Test(arguments: [
    ["--help"], ["render", "--help"], ["styles"], ["styles", "--help"], ["describe", "--help"], ["diff", "--help"],
    ["check", "--help"],
  ])
  func outputFitsIn120Columns(arguments: [String]) throws {
    let result = try run(arguments)
    for line in result.out.split(separator: "\n") {
      #expect(line.count <= 120, "\(line)")
    }
  }

  @Test func renderHelpListsEveryOptionAndItsStyles() throws {
    let result = try run(["render", "--help"])
    let options = [
      "--style", "--style-file", "--out", "--size", "--scale", "--fps", "--duration", "--loop", "--background",
      "--at", "--quiet", "--color", "--track-color", "--text-color", "--line-width", "--caption", "--label",
      "--font", "--image", "--progress", "--pulse-scale", "--pulse-period", "--pulse-count", "--variant",
      "--ring-width", "--disc-color", "--spokes", "--appearance", "--thumb-color", "--timer-color", "--shadow-color",
      "--fill-color",
    ]
    for option in options {
      let short = ["--out": "-o, ", "--quiet": "-q, "][option] ?? ""
      #expect(result.out.contains("\n  \(short)\(option) "), "\(option)")
    }
    #expect(
      result.out.contains(
        "  --caption TEXT            Caption text (plain text, CJK welcome).\n"
          + "                            Styles: thumb\n"))
    #expect(
      result.out.contains(
        "  --size PX                 Canvas edge at 1×, or WIDTHxHEIGHT (default: the style's). Range: 1…4096 or WxH.\n"
      ))
  }
}
