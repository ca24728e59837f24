import Foundation
import Testing

/// `progress-render diff` as an ordinary command on the shared parser (issue 11): the same messages,
/// did-you-mean and `--help` as every command, exit 2 for bad arguments, the summary on stdout (none
/// with `--quiet`), notes on stderr. What the comparison does is `DiffRunTests`' subject.
@Suite struct DiffCommandTests {
  /// A scratch folder holding `g.gif` (2 frames) and `one.png`.
  static func scratch() throws -> Binary {
    let scratch = try Binary()
    let tiny = ["--size", "12", "--fps", "5", "--duration", "0.4", "--quiet"]
    #expect(try scratch.run(["--style", "wave", "--out", "g.gif"] + tiny).status == 0)
    #expect(try scratch.run(["--style", "wave", "--out", "one.png"] + tiny).status == 0)
    return scratch
  }

  @Test(arguments: [
    (["a", "b", "--threshold", "2"], "--threshold 2 is out of range: expected a number 0…1"),
    (["a", "b", "--threshold=x"], "--threshold 'x' is not a number: expected a number 0…1"),
    (
      ["a", "b", "--max-diff-pixels", "-3"],
      "--max-diff-pixels -3 is out of range: expected a whole number 0…\(Int.max)"
    ),
    (["a", "b", "--max-diff-percent", "101"], "--max-diff-percent 101 is out of range: expected a number 0…100"),
    (["a", "b", "--treshold", "0.2"], "unknown option '--treshold'; did you mean '--threshold'?"),
    (["a"], "'diff' needs a second path, ACTUAL; see 'progress-render diff --help'"),
    ([], "'diff' needs two paths, EXPECTED and ACTUAL; see 'progress-render diff --help'"),
    (["a", "b", "c"], "unexpected argument 'c' for 'diff'; see 'progress-render diff --help'"),
    (["a", "b", "--out"], "missing value for '--out': expected a path"),
    (["a", "b", "--update=yes"], "'--update' takes no value, got 'yes'"),
    (["a", "b", "--zzzz"], "unknown option '--zzzz'; see 'progress-render diff --help'"),
    (["a", "b", "-v"], "unknown option '-v'; did you mean '-V'?"),
  ])
  func usageErrors(arguments: [String], message: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(["diff"] + arguments)
    #expect(result.status == 2)
    #expect(result.out.isEmpty)
    #expect(result.errLines == ["progress-render: error: \(message)"])
  }

  @Test func parsesEveryOptionInBothSpellings() throws {
    let scratch = try Self.scratch()
    defer { scratch.remove() }
    let result = try scratch.run([
      "diff", "g.gif", "--threshold", "0", "--include-aa", "--max-diff-pixels=5", "--max-diff-percent", "0.5",
      "--out", "o", "--junit", "j.xml", "--update", "--", "g.gif",
    ])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "same: 2 frames\n")
    #expect(FileManager.default.fileExists(atPath: scratch.work + "/o/report.json"))
    #expect(FileManager.default.fileExists(atPath: scratch.work + "/j.xml"))
  }

  @Test func quietPrintsNothingAndKeepsTheExitStatus() throws {
    let scratch = try Self.scratch()
    defer { scratch.remove() }
    let same = try scratch.run(["diff", "g.gif", "g.gif", "--quiet"])
    #expect(same.status == 0 && same.out.isEmpty && same.err.isEmpty)
    let different = try scratch.run(["diff", "one.png", "g.gif", "--quiet"])
    #expect(different.status == 1 && different.out.isEmpty && different.err.isEmpty)
    let loud = try scratch.run(["diff", "one.png", "g.gif"])
    #expect(loud.status == 1 && loud.out.hasPrefix("different: "))
  }

  /// A GIF cut short after its last frame compares as browsers show it; the note goes to stderr.
  @Test func noteGoesToStandardError() throws {
    let scratch = try Self.scratch()
    defer { scratch.remove() }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/g.gif"))
    try (bytes.dropLast(1) + Data([0x21, 0xF9, 4, 4])).write(to: URL(fileURLWithPath: scratch.work + "/cut.gif"))
    let result = try scratch.run(["diff", "g.gif", "cut.gif"])
    #expect(result.status == 0)
    #expect(result.out == "same: 2 frames\n")
    #expect(result.errLines.count == 1)
    #expect(result.err.hasPrefix("progress-render: note: 'cut.gif': the data after frame 1 is truncated or corrupt"))
  }

  /// Errors found by the library name the path; the command adds the option they came from.
  @Test func libraryErrorsGetTheirOption() throws {
    let scratch = try Self.scratch()
    defer { scratch.remove() }
    let cases: [([String], String)] = [
      (["g.gif", "g.gif", "--junit", "."], "--junit '.' is a folder; give a file path"),
      (
        ["nope/x.gif", "g.gif", "--update"],
        "--update baseline 'nope/x.gif': the folder 'nope' does not exist; create it first or choose another path"
      ),
      (
        ["one.png", "g.gif", "--update"],
        "--update cannot turn the 2-frame gif 'g.gif' into the single-PNG baseline 'one.png'; pass one PNG or a "
          + "one-frame GIF as ACTUAL, or use a frames folder as EXPECTED"
      ),
      (
        ["g.gif", "absent.gif"],
        "cannot read 'absent.gif': no such file or folder; give a GIF, WebP, APNG or PNG file, a folder of PNG "
          + "frames, or a Lottie file (.json, .lottie)"
      ),
    ]
    for (arguments, message) in cases {
      let result = try scratch.run(["diff"] + arguments)
      #expect(result.status == 2)
      #expect(result.errLines == ["progress-render: error: \(message)"])
    }
  }
}
