import Foundation
import Testing

@testable import ProgressRenderPipeline

/// `--at 12f` (issue 21): a still at a frame number — a Lottie file's own frames, counted from `ip`
/// and stretched with its time, or a style's output frames at `--fps` — and the frame past the last
/// refused, naming `--at`, the value and the frames there are.
@Suite struct StillFrameTests {
  /// A 1 s Lottie file at 60 fps (`ip` 10, `op` 70) holding one red square.
  static let lottie =
    ##"{"v":"5.7.0","fr":60,"ip":10,"op":70,"w":40,"h":40,"nm":"t","assets":[],"layers":[{"ty":1,"nm":"s","##
    + ##""ind":1,"ip":10,"op":70,"st":0,"sc":"#ff0000","sw":10,"sh":10,"ks":{}}]}"##

  struct Case: Sendable, CustomTestStringConvertible {
    var values: [String: String]
    var lottie = false
    var seconds: Double
    var testDescription: String { "\(lottie ? "lottie " : "")\(values)" }
  }

  @Test(arguments: [
    Case(values: ["style": "wave", "fps": "10", "duration": "2", "at": "0f"], seconds: 0),
    Case(values: ["style": "wave", "fps": "10", "duration": "2", "at": "19f"], seconds: 1.9),
    Case(values: ["style": "wave", "fps": "25", "at": "12f"], seconds: 0.48),
    Case(values: ["at": "12f"], lottie: true, seconds: 0.2),
    Case(values: ["at": "59f"], lottie: true, seconds: 59.0 / 60),
    Case(values: ["at": "12f", "fps": "10"], lottie: true, seconds: 0.2),
    Case(values: ["at": "12f", "duration": "2"], lottie: true, seconds: 0.4),
    Case(values: ["at": "12f", "duration": "0.5"], lottie: true, seconds: 0.1),
  ])
  func frameTime(_ test: Case) throws {
    let folder = try RenderPlannerTests.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(FileManager.default.createFile(atPath: folder + "/t.json", contents: Data(Self.lottie.utf8)))
    var values = test.values
    values["out"] = folder + "/s.png"
    if test.lottie { values["lottie"] = folder + "/t.json" }
    let plan = try RenderPlannerTests.request(values).plan()
    #expect(abs(plan.job.stillSeconds - test.seconds) < 1e-9, "\(plan.job.stillSeconds)")
  }

  @Test(
    arguments: [
      (["style": "wave", "fps": "10", "duration": "2", "at": "20f"], false, "a frame of the 20-frame output: 0f…19f"),
      (["at": "60f"], true, "a frame of the 60-frame Lottie file (its own frames, from ip): 0f…59f"),
      (["at": "60f", "duration": "3"], true, "a frame of the 60-frame Lottie file (its own frames, from ip): 0f…59f"),
    ] as [([String: String], Bool, String)])
  func frameAfterTheEnd(values: [String: String], lottie: Bool, expected: String) throws {
    let folder = try RenderPlannerTests.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(FileManager.default.createFile(atPath: folder + "/t.json", contents: Data(Self.lottie.utf8)))
    var values = values
    values["out"] = folder + "/s.png"
    if lottie { values["lottie"] = folder + "/t.json" }
    let request = try RenderPlannerTests.request(values)
    #expect(throws: RenderError.self) { try request.plan() }
    do {
      _ = try request.plan()
    } catch {
      #expect(error.key == .at)
      #expect(error.expected == expected)
      #expect(error.valueText == values["at"])
    }
  }
}
