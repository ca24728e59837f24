import Foundation
import Testing

/// `-` means standard input or output (issue 13): `--style-file -`, `--out -` with `--format`,
/// `diff -`. Nothing is left in the working folder, and a failed render writes nothing to stdout.
@Suite struct StandardStreamTests {
  private static let tiny = ["--size", "12", "--fps", "5", "--duration", "0.4"]

  private func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test func styleFileFromStandardInput() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let style = try scratch.run(["describe", "download"]).outBytes
    let piped = try scratch.run(["--style-file", "-", "--out", "a.gif"] + Self.tiny, stdin: style)
    #expect(piped.status == 0, "\(piped.err)")
    #expect(try scratch.run(["--style", "download", "--out", "b.gif"] + Self.tiny).status == 0)
    #expect(try bytes(scratch.work + "/a.gif") == (try bytes(scratch.work + "/b.gif")))
    let described = try scratch.run(["describe", "--style-file", "-"], stdin: style)
    #expect(described.outBytes == style)
  }

  @Test(arguments: [
    ("{\"name\": 3}", "--style-file - (standard input): name: expected a string, found the number 3"),
    ("", "--style-file - (standard input): not valid JSON: unexpected end of file during JSON parse"),
    (
      String(repeating: " ", count: (1 << 20) + 1),
      "--style-file - (standard input): is more than 1048576 bytes; at most 1048576 bytes are read; "
        + "pipe a style JSON file into it"
    ),
  ])
  func badStyleFromStandardInput(input: String, message: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(["--style-file", "-", "--out", "a.gif"], stdin: Array(input.utf8))
    #expect(result.status == 2)
    #expect(result.errLines == ["progress-render: error: " + message])
    #expect(try scratch.workContents().isEmpty)
  }

  /// The bytes on stdout are the bytes the same render writes to a file; the summary goes to stderr.
  /// (`activity`: it has no label to leave out at this tiny size, so nothing else is printed.)
  @Test(arguments: [("gif", "a.gif"), ("png", "a.png")])
  func outToStandardOutput(format: String, file: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let piped = try scratch.run(["--style", "activity", "--out", "-", "--format", format] + Self.tiny)
    #expect(piped.status == 0, "\(piped.err)")
    #expect(try scratch.workContents().isEmpty)
    #expect(piped.errLines.count == 1 && piped.errLines[0].hasPrefix("wrote - (standard output): "))
    #expect(try scratch.run(["--style", "activity", "-o", file, "--format", format] + Self.tiny).status == 0)
    #expect(piped.outBytes == (try bytes(scratch.work + "/" + file)))
    let quiet = try scratch.run(["--style", "activity", "-o", "-", "--format", format, "-q"] + Self.tiny)
    #expect(quiet.outBytes == piped.outBytes && quiet.err.isEmpty)
  }

  @Test(arguments: [
    (
      ["--out", "-"],
      "missing --format gif|png|webp|apng|lottie|svg|dotlottie: expected the format '--out -' writes to standard output; "
        + "see 'progress-render render --help'"
    ),
    (
      ["--out", "-", "--format", "webm"],
      "--format 'webm' is not one of gif, png, webp, apng, lottie, svg, dotlottie; did you mean 'webp'?"
    ),
    (
      ["--out", "-", "--format", "gif", "--size", "5000"],
      "--size 5000 is out of range: expected a whole number 1…4096 (pixels) or WIDTHxHEIGHT ('50x16')"
    ),
    (
      ["--out", "a.gif", "--format", "png"],
      "--format png does not match --out 'a.gif', which writes gif; give a path ending in .png or leave --format out"
    ),
  ])
  func outToStandardOutputRefused(extra: [String], message: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(["--style", "wave"] + extra)
    #expect(result.status == 2)
    #expect(result.errLines == ["progress-render: error: " + message])
    #expect(result.outBytes.isEmpty)
    #expect(try scratch.workContents().isEmpty)
  }

  /// A render that fails while writing (a file size limit) prints an error naming `-` and writes nothing to stdout.
  @Test func failedRenderWritesNothing() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(
      ["--style", "wave", "--out", "-", "--format", "gif", "--size", "200", "--fps", "20", "--duration", "2"],
      fileSizeLimit: 20)
    #expect(result.status == 1, "\(result.err)")
    #expect(result.outBytes.isEmpty)
    #expect(result.err.contains("- (standard output)"), "\(result.err)")
    #expect(!result.err.contains("/tmp"), "\(result.err)")
  }

  @Test func refusesATerminal() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let (status, text) = try scratch.runInTerminal(["--style", "wave", "--out", "-", "--format", "gif"])
    #expect(status == 2)
    #expect(
      text.contains(
        "progress-render: error: --out -: standard output is a terminal; redirect it to a file ('> loading.gif') or a pipe"
      ), "\(text)")
    #expect(try scratch.workContents().isEmpty)
  }

  @Test func diffReadsOneSideFromStandardInput() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    #expect(try scratch.run(["--style", "wave", "-o", "a.gif", "-q"] + Self.tiny).status == 0)
    #expect(try scratch.run(["--style", "wave", "-o", "b.gif", "--color", "red", "-q"] + Self.tiny).status == 0)
    let a = try bytes(scratch.work + "/a.gif")
    let same = try scratch.run(["diff", "-", "a.gif"], stdin: a)
    #expect(same.status == 0, "\(same.err)")
    #expect(same.out == "same: 2 frames\n")
    #expect(try scratch.run(["diff", "b.gif", "-", "-q"], stdin: a).status == 1)
    let png = try scratch.run(["--style", "wave", "-o", "-", "--format", "png", "-q"] + Self.tiny).outBytes
    #expect(try scratch.run(["diff", "-", "-"], stdin: a).status == 2)
    #expect(try scratch.run(["diff", "-", "a.gif"], stdin: png).status == 1)
    let text = try scratch.run(["diff", "-", "a.gif"], stdin: Array("hello".utf8))
    #expect(text.status == 2)
    #expect(
      text.errLines == [
        "progress-render: error: diff: - (standard input) is not a GIF, WebP, APNG or PNG (by its first bytes); "
          + "pipe one of those into it"
      ])
    let update = try scratch.run(["diff", "-", "a.gif", "--update"], stdin: a)
    #expect(update.status == 2)
    #expect(try scratch.workContents() == ["a.gif", "b.gif"])
  }
}
