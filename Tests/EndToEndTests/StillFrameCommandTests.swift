import Foundation
import Testing

/// `--at 12f` through the real binary (issue 21): the still of a frame number is byte for byte the
/// still of its time — a Lottie file's own frame (from `ip`, stretched by `--duration`), a style's
/// output frame at `--fps` — and a bad frame is refused naming `--at`, the value and the forms.
@Suite struct StillFrameCommandTests {
  @Test(arguments: [
    (["--lottie", "a.json", "--at", "7f"], ["--lottie", "a.json", "--at", "0.7s"], ["--at", "0.8s"]),
    (["--lottie", "a.json", "--at", "0f"], ["--lottie", "a.json", "--at", "0%"], ["--at", "0.5s"]),
    (
      ["--lottie", "a.json", "--at", "7f", "--duration", "4", "--fps", "25"],
      ["--lottie", "a.json", "--at", "1.4s", "--duration", "4"], ["--at", "0.7s", "--duration", "4"]
    ),
    (
      ["--style", "wave", "--size", "24", "--fps", "10", "--at", "13f"],
      ["--style", "wave", "--size", "24", "--at", "1.3s"],
      ["--at", "1.2s"]
    ),
  ])
  func frameIsTheStillOfItsTime(byFrame: [String], byTime: [String], other: [String]) throws {
    let scratch = try Binary.withActivityLottie()
    defer { scratch.remove() }
    for (arguments, out) in [(byFrame, "f.png"), (byTime, "t.png"), (Array(byTime.prefix(2)) + other, "o.png")] {
      let result = try scratch.run(["render", "--out", out, "--quiet"] + arguments)
      #expect(result.status == 0, "\(arguments): \(result.err)")
    }
    let read = { (name: String) in try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/" + name)) }
    #expect(try read("f.png") == read("t.png"))
    #expect(try read("f.png") != read("o.png"), "the test would pass whatever frame was taken")
  }

  @Test(arguments: [
    (
      ["--lottie", "a.json", "--at", "20f"],
      "--at 20f is out of range: expected a frame of the 20-frame Lottie file (its own frames, from ip): 0f…19f"
    ),
    (
      ["--style", "wave", "--fps", "10", "--duration", "1", "--at", "10f"],
      "--at 10f is out of range: expected a frame of the 10-frame output: 0f…9f"
    ),
    (["--lottie", "a.json", "--at", "-1f"], "--at -1f is out of range: expected a frame ≥ 0f"),
    (
      ["--lottie", "a.json", "--at", "1.5f"],
      "--at '1.5f' is not a whole frame number: expected a time: seconds ('1.5s'), milliseconds ('1500ms'), a "
        + "percentage of the duration ('40%') or a frame number ('12f')"
    ),
    (
      ["--lottie", "a.json", "--at", "frame12"],
      "--at 'frame12' is not a time: expected a time: seconds ('1.5s'), milliseconds ('1500ms'), a percentage of "
        + "the duration ('40%') or a frame number ('12f')"
    ),
  ])
  func badFrames(arguments: [String], message: String) throws {
    let scratch = try Binary.withActivityLottie()
    defer { scratch.remove() }
    let result = try scratch.run(["render", "--out", "s.png"] + arguments)
    #expect(result.status == 2)
    #expect(result.errLines == ["progress-render: error: \(message)"])
    #expect(!FileManager.default.fileExists(atPath: scratch.work + "/s.png"))
  }
}
