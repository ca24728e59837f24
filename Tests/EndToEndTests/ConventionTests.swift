import Foundation
import Testing

/// The command-line conventions users bring from git, curl and ffmpeg (issue 13), through the real
/// binary: the last of a repeated option wins in every command, the short options, `--version`
/// after a command, `check --json`, and plain progress where escape sequences are unwelcome.
@Suite struct ConventionTests {
  private static let tiny = ["--fps", "5", "--duration", "0.4"]
  private static let manifest = #"{ "assets": [ { "style": "wave", "out": "w.gif", "size": 12, "fps": 5 } ] }"#

  private func write(_ scratch: Binary, _ name: String, _ text: String) {
    #expect(FileManager.default.createFile(atPath: scratch.work + "/" + name, contents: Data(text.utf8)))
  }

  /// `render`: the last `--size` and `--out` win; flags repeat harmlessly; `-o` and `-q` are the long options.
  @Test(arguments: [
    (["--size", "100", "--size", "12", "--out", "a.gif", "--out", "b.gif"], "wrote b.gif: 2 frames, 12×12 px"),
    (["--size", "12", "-o", "c.gif"], "wrote c.gif: 2 frames, 12×12 px"),
    (["--size", "12", "--out", "d.gif", "-q", "--quiet"], nil),
    (["--size", "12", "--out", "e.gif", "--quiet", "--quiet"], nil),
  ])
  func renderLastOneWins(extra: [String], summary: String?) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(["render", "--style", "wave"] + Self.tiny + extra)
    #expect(result.status == 0, "\(result.err)")
    if let summary {
      #expect(result.out.hasPrefix(summary + ","), "\(result.out)")
      #expect(try scratch.workContents() == [String(summary.dropFirst(6).prefix(5))])
    } else {
      #expect(result.out.isEmpty)
    }
  }

  /// Every other command: a repeated option is accepted and its last value is the one used.
  @Test func otherCommandsLastOneWins() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    write(scratch, "assets.json", Self.manifest)
    let batch = try scratch.run(["batch", "assets.json", "--jobs", "9", "--jobs", "1", "-q", "--quiet", "--force"])
    #expect(batch.status == 0, "\(batch.err)")
    #expect(batch.out.isEmpty)
    let check = try scratch.run(["check", "assets.json", "--golden", "nowhere", "--golden", ".", "--quiet", "-q"])
    #expect(check.status == 0, "\(check.out)\(check.err)")
    let diff = try scratch.run(["diff", "w.gif", "w.gif", "--threshold", "2x", "--threshold", "0", "-q"])
    #expect(diff.status == 2, "every value is still checked")
    let diffLast = try scratch.run(["diff", "w.gif", "w.gif", "--threshold", "1", "--threshold", "0", "-q", "-q"])
    #expect(diffLast.status == 0, "\(diffLast.err)")
    write(scratch, "s.json", try scratch.run(["describe", "thumb"]).out)
    let describe = try scratch.run(["describe", "--style-file", "absent.json", "--style-file", "s.json"])
    #expect(describe.status == 0, "\(describe.err)")
    #expect(describe.out.contains("\"thumb\""))
    #expect(try scratch.run(["styles", "-h", "--help"]).status == 0)
  }

  /// `--version` and `-V` work before and after a command, and in every command's help.
  @Test(arguments: [
    ["--version"], ["-V"], ["render", "--version"], ["render", "-V"], ["diff", "a", "-V"], ["batch", "--version"],
    ["check", "-V"], ["describe", "--version"], ["styles", "-V"], ["--style", "wave", "--version"],
  ])
  func versionAfterCommand(arguments: [String]) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(arguments)
    #expect(result.status == 0)
    #expect(result.out.hasPrefix("progress-render 0."), "\(result.out)\(result.err)")
    #expect(result.out.split(separator: "\n").count == 1)
  }

  /// Every command's help shows the short forms in one layout.
  @Test(arguments: ["render", "diff", "check", "batch", "describe", "styles"])
  func helpShowsShortOptions(command: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let help = try scratch.run([command, "-h"]).out
    #expect(help.contains("\n  -h, --help                Show this help and exit.\n"), "\(help)")
    #expect(help.contains("\n  -V, --version             Print the version and exit.\n"))
    if ["render", "diff", "check"].contains(command) { #expect(help.contains("\n  -o, --out ")) }
    if command != "describe", command != "styles" { #expect(help.contains("\n  -q, --quiet ")) }
  }

  /// `check --json` prints the report as JSON, like `batch --json`.
  @Test func checkPrintsJSON() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    write(scratch, "assets.json", Self.manifest)
    let result = try scratch.run(["check", "assets.json", "--golden", "golden", "--json"])
    #expect(result.status == 1)
    let report = try JSONSerialization.jsonObject(with: Data(result.outBytes)) as? [String: Any]
    let assets = report?["assets"] as? [[String: Any]]
    #expect(assets?.count == 1)
    #expect(assets?.first?["verdict"] as? String == "new")
  }

  /// On a terminal the batch progress is a bar redrawn with escape sequences; with `NO_COLOR` (any
  /// value, even empty) or `TERM=dumb` it is plain lines without a single escape.
  @Test(arguments: [
    (["NO_COLOR": nil, "TERM": "xterm"] as [String: String?], true),
    (["NO_COLOR": "1", "TERM": "xterm"], false),
    (["NO_COLOR": "", "TERM": "xterm"], false),
    (["NO_COLOR": nil, "TERM": "dumb"], false),
  ])
  func plainProgress(environment: [String: String?], escapes: Bool) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    write(scratch, "assets.json", Self.manifest)
    let (status, text) = try scratch.runInTerminal(["batch", "assets.json", "--jobs", "1"], environment: environment)
    #expect(status == 0, "\(text)")
    #expect(text.contains("\u{1B}") == escapes, "\(text.debugDescription)")
    #expect(text.contains("[1/1] rendered w.gif") == !escapes, "\(text.debugDescription)")
  }
}
