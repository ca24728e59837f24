import Foundation
import Testing

/// `--lottie name.lottie` through the real binary: the exporter's dotLottie read back renders the
/// same frames as its JSON, from a file or standard input; broken archives exit 2 with one line
/// naming the file and the entry, and nothing written.
@Suite struct DotLottieInputTests {
  /// A preset exported as JSON and as dotLottie, each rendered back to a GIF: the same bytes.
  @Test(arguments: ["dots", "countdown"])
  func rendersLikeItsJSON(style: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    for out in ["s.json", "s.lottie"] {
      let exported = try scratch.run([
        "render", "--style", style, "--size", "48", "--fps", "15", "--out", out, "--quiet",
      ])
      try #require(exported.status == 0, "\(exported.err)")
    }
    let json = try scratch.run(["--lottie", "s.json", "--out", "json.gif", "--quiet"])
    let zip = try scratch.run(["--lottie", "s.lottie", "--out", "zip.gif", "--quiet"])
    let archive = try [UInt8](Data(contentsOf: URL(fileURLWithPath: scratch.work + "/s.lottie")))
    let piped = try scratch.run(["--lottie", "-", "--out", "stdin.gif", "--quiet"], stdin: archive)
    #expect(json.status == 0 && zip.status == 0 && piped.status == 0, "\(zip.err)\(piped.err)")
    let frames = try ["json.gif", "zip.gif", "stdin.gif"].map {
      try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/" + $0))
    }
    #expect(frames[0] == frames[1] && frames[1] == frames[2])
  }

  /// Archives that are refused, and the message naming the file and the entry.
  @Test(arguments: [
    ("PK\u{3}\u{4}not a zip at all", "--lottie bad.lottie is not a ZIP archive (no end of central directory record)"),
    (
      "PK\u{3}\u{4}" + String(repeating: "\0", count: 18) + "PK\u{5}\u{6}" + String(repeating: "\0", count: 18),
      "--lottie bad.lottie is a ZIP archive without 'manifest.json'; it is not a dotLottie file"
    ),
  ])
  func refusesABrokenArchive(text: String, message: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    scratch.write("bad.lottie", text)
    let result = try scratch.run(["--lottie", "../bad.lottie", "--out", "x.gif"])
    #expect(result.status == 2)
    #expect(
      result.errLines == [
        "progress-render: error: " + message.replacingOccurrences(of: "bad.lottie", with: "../bad.lottie")
      ])
    #expect(try scratch.workContents().isEmpty)
  }
}
