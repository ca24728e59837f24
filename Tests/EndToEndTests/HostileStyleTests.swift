import Foundation
import Testing

/// Hostile style files through the real binary (issue 10): extreme numbers, huge counts and
/// files that are not regular files are refused with exit 2 and one line naming the file, the
/// place and the limit, quickly, and nothing is left behind.
@Suite struct HostileStyleTests {
  /// The `download` preset's JSON with one text replaced.
  static func download(replacing old: String, with new: String) throws -> String {
    let scratch = try Binary()
    defer { scratch.remove() }
    let json = try scratch.run(["describe", "download"]).out
    #expect(json.contains(old))
    return json.replacingOccurrences(of: old, with: new)
  }

  @Test(arguments: [
    (
      #""startAngle" : -90"#, #""startAngle" : 1e308"#,
      "look.arc.startAngle: expected a number in -3600…3600, found 1e+308"
    ),
    (
      #""startAngle" : -90"#, #""startAngle" : -1e308"#,
      "look.arc.startAngle: expected a number in -3600…3600, found -1e+308"
    ),
    (#""width" : 12"#, #""width" : 1e300"#, "look.arc.width: expected a number in 0…4096, found 1e+300"),
    (
      #""multiplier" : 100"#, #""multiplier" : 9223372036854775807"#,
      "look.labels[0].multiplier: expected a number in -1000000…1000000, found 9.223372036854776e+18"
    ),
  ])
  func extremeNumbers(old: String, new: String, message: String) throws {
    let style = try Self.download(replacing: old, with: new)
    let scratch = try Binary()
    defer { scratch.remove() }
    scratch.write("s.json", style)
    let result = try scratch.run(["--style-file", "../s.json", "--out", "a.gif"])
    #expect(result.status == 2)
    #expect(result.errLines == ["progress-render: error: --style-file ../s.json: " + message])
    #expect(try scratch.workContents().isEmpty)
  }

  /// A FIFO (nobody writing), a device and a folder: said what they are, without blocking.
  @Test func notRegularFiles() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    #expect(mkfifo(scratch.root + "/fifo.json", 0o600) == 0)
    for (path, what) in [
      ("../fifo.json", "is not a regular file (a FIFO)"), ("/dev/zero", "is not a regular file (a device)"),
      ("..", "is a directory"),
    ] {
      let result = try scratch.run(["--style-file", path, "--out", "a.gif"])
      #expect(result.status == 2)
      #expect(
        result.errLines == ["progress-render: error: --style-file \(path): \(what); give the path of a style JSON file"]
      )
    }
    #expect(try scratch.workContents().isEmpty)
  }

  /// A style file over the size limit is refused by its size, before it is read.
  @Test func oversizedFile() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    scratch.write("big.json", String(repeating: " ", count: (1 << 20) + 1))
    let result = try scratch.run(["--style-file", "../big.json", "--out", "a.gif"])
    #expect(result.status == 2)
    #expect(
      result.errLines == [
        "progress-render: error: --style-file ../big.json: is 1048577 bytes; at most 1048576 bytes are read; "
          + "give the path of a style JSON file"
      ])
  }
}
