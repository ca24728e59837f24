import Foundation
import Testing

/// `--speed` through the real binary (issue 21): the length divided by the factor, the same bytes
/// as the `--duration` it stands for — for a Lottie file and for a style — and refused with
/// `--duration` or out of range, naming `--speed` and what it takes.
@Suite struct SpeedCommandTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let source: [String]
    let speed: String
    let duration: String
    var testDescription: String { source.joined(separator: " ") + " --speed " + speed }
  }

  @Test(arguments: [
    Case(source: ["--lottie", "a.json"], speed: "2", duration: "1"),
    Case(source: ["--lottie", "a.json"], speed: "0.5", duration: "4"),
    Case(source: ["--style", "wave", "--size", "24", "--fps", "10"], speed: "0.5", duration: "8"),
    Case(source: ["--style", "download", "--size", "24", "--fps", "10"], speed: "4", duration: "0.75"),
  ])
  func speedIsTheLengthDividedByIt(_ c: Case) throws {
    let scratch = try Binary.withActivityLottie()
    defer { scratch.remove() }
    for (extra, out) in [(["--speed", c.speed], "s.gif"), (["--duration", c.duration], "d.gif"), ([], "n.gif")] {
      let result = try scratch.run(["render", "--out", out, "--quiet"] + c.source + extra)
      #expect(result.status == 0, "\(extra): \(result.err)")
    }
    let read = { (name: String) in try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/" + name)) }
    #expect(try read("s.gif") == read("d.gif"))
    #expect(try read("s.gif") != read("n.gif"), "the test would pass whatever speed did")
  }

  @Test(arguments: [
    (
      ["--lottie", "a.json", "--speed", "2", "--duration", "1"],
      "--speed and --duration cannot be used together: each sets the length; give one of them"
    ),
    (["--lottie", "a.json", "--speed", "0"], "--speed 0 is out of range: expected a number 0.01…100"),
    (["--style", "wave", "--speed", "200"], "--speed 200 is out of range: expected a number 0.01…100"),
    (["--style", "wave", "--speed", "fast"], "--speed 'fast' is not a number: expected a number 0.01…100"),
    (
      ["--style", "thumb", "--speed", "0.01"],
      "--speed 0.01 stretches the 61 s timeline to 6100 s, and 6100 s × --fps 10 = 61000 frames is above the 10000 "
        + "frame limit; raise --speed or lower --fps"
    ),
  ])
  func badSpeeds(arguments: [String], message: String) throws {
    let scratch = try Binary.withActivityLottie()
    defer { scratch.remove() }
    let result = try scratch.run(["render", "--out", "s.gif"] + arguments)
    #expect(result.status == 2)
    #expect(result.errLines.first == "progress-render: error: \(message)")
    #expect(!FileManager.default.fileExists(atPath: scratch.work + "/s.gif"))
  }
}
