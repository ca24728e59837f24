import Foundation
import ProgressRender
import Testing

@testable import progress_render

/// `progress-render --help-man`: the manual page, generated from the command and option tables,
/// matches the committed `Resources/man/progress-render.1` and is clean roff.
@Suite struct ManPageTests {
  private static let committed = "Resources/man/progress-render.1"

  private static func page() throws -> String {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(["--help-man"])
    #expect(result.status == 0)
    #expect(result.err.isEmpty)
    return result.out
  }

  @Test func committedPageIsCurrent() throws {
    let committed = try String(
      contentsOf: Binary.packageRoot.appendingPathComponent(Self.committed), encoding: .utf8)
    #expect(
      try Self.page() == committed,
      "\(Self.committed) is stale: regenerate it with 'swift run progress-render --help-man > \(Self.committed)'")
  }

  /// Every command and every option of every command has its entry, short form first as in
  /// `--help` (`-o, --out PATH`), and every preset its line.
  @Test func pageListsEveryCommandOptionAndPreset() throws {
    let page = try Self.page()
    let entry = { (option: OptionSpec) in
      ".TP\n" + option.names.map { "\\fB" + ManPage.escaped($0) + "\\fR" }.joined(separator: ", ")
    }
    for option in CommandLineTool.toolFlags {
      #expect(page.contains(entry(option)), "\(option.name) missing")
    }
    for command in CommandLineTool.commands {
      #expect(page.contains(".SS \(command.name)\n"), "no section for \(command.name)")
      for option in command.options + [OptionSpec.helpFlag] {
        #expect(page.contains(entry(option)), "\(command.name) \(option.name) missing")
      }
    }
    #expect(page.contains(".TP\n\\fB\\-o\\fR, \\fB\\-\\-out\\fR \\fIPATH\\fR\n"))
    for name in Presets.names {
      #expect(page.contains(".B \(name)\n"), "preset \(name) missing")
    }
  }

  /// Runs a formatter over the page; nil when it is not installed.
  private static func lint(_ tool: String, _ arguments: [String]) throws -> Binary.Result? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/" + tool) else { return nil }
    let scratch = try Binary()
    defer { scratch.remove() }
    scratch.write("progress-render.1", try page())
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
    process.arguments = arguments + [scratch.root + "/progress-render.1"]
    process.environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "MANWIDTH": "80"]
    let err = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = err
    try process.run()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Binary.Result(status: process.terminationStatus, out: "", fullErr: String(decoding: errData, as: UTF8.self))
  }

  @Test func groffFindsNothingToWarnAbout() throws {
    guard let result = try Self.lint("groff", ["-man", "-ww", "-z", "-Tutf8"]) else { return }
    #expect(result.status == 0)
    #expect(result.err == "")
  }

  @Test func manFindsNothingToWarnAbout() throws {
    guard let result = try Self.lint("man", ["--warnings", "-l"]) else { return }
    #expect(result.status == 0)
    #expect(result.err == "")
  }

  @Test(arguments: [
    ("--help", "\\-\\-help"), ("a\\b", "a\\eb"), ("50 %", "50 %"), ("1…4", "1\\[u2026]4"), ("'x'", "'x'"),
  ])
  func escapes(_ text: String, _ roff: String) {
    #expect(ManPage.escaped(text) == roff)
  }
}
