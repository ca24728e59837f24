import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderPipeline

/// `RenderRequest.plan()` with a `progress` for a still: the still time is the first time the
/// style's progress track reaches it, the style keeps its progress track, and every track (the
/// thumb's timer, countdown's seconds) is evaluated there. Animations keep the held progress.
@Suite struct ProgressStillTimeTests {
  static func plan(_ values: KeyValuePairs<String, String>) throws -> RenderPlan {
    try RenderPlannerTests.request(values).plan()
  }

  /// README's example: `thumb` at 37 % is 22.2 s into the 60 s countdown, its timer `00:22`.
  @Test func thumbAt37PercentReads0022() throws {
    let plan = try Self.plan(["style": "thumb", "progress": "0.37", "out": "t.png"])
    #expect(plan.job.at == .seconds(22.2))
    #expect(plan.job.style.tracks == Presets.thumb.tracks)
    let renderer = try Renderer(style: plan.job.style, settings: plan.job.settings)
    let values = renderer.scene(at: 22.2).values
    #expect(abs((values["progress"] ?? 0) - 0.37) < 1e-12)
    let timer = try LabelFormatter(format: "mm:ss")
    #expect(timer.string(for: values["elapsed"] ?? 0) == "00:22")
  }

  /// Style, progress, still time expected, and the label track's value there.
  static let cases: [(String, String, Double, String, Double)] = [
    ("thumb", "0", 0, "elapsed", 0),
    ("thumb", "0.5", 30, "elapsed", 30),
    ("thumb", "1", 60, "elapsed", 60),
    ("countdown", "0.5", 1.5, "remaining", 2),
    ("countdown", "0.9", 2.7, "remaining", 1),
    ("countdown", "0.1", 0.3, "remaining", 3),
  ]

  @Test(arguments: cases)
  func stillTimeAndLabelValue(style: String, progress: String, time: Double, track: String, value: Double) throws {
    let plan = try Self.plan(["style": style, "progress": progress, "out": "t.png"])
    guard case .seconds(let seconds) = plan.job.at else {
      Issue.record("still time is not in seconds: \(plan.job.at)")
      return
    }
    #expect(abs(seconds - time) < 1e-9)
    let renderer = try Renderer(style: plan.job.style, settings: plan.job.settings)
    #expect(renderer.scene(at: seconds).values[track] == value)
  }

  /// A longer output stretches the timeline: the still time is stretched with it.
  @Test func durationStretchesTheStillTime() throws {
    let plan = try Self.plan(["style": "countdown", "progress": "0.5", "duration": "7.6", "out": "t.png"])
    guard case .seconds(let seconds) = plan.job.at else {
      Issue.record("still time is not in seconds: \(plan.job.at)")
      return
    }
    #expect(abs(seconds - 3) < 1e-9)
  }

  /// Animations keep the documented behaviour: progress held at P, every other track running.
  @Test(arguments: ["t.gif", "frames/"])
  func animationsHoldTheProgress(out: String) throws {
    let plan = try Self.plan(["style": "thumb", "progress": "0.37", "out": out])
    let progress = try #require(plan.job.style.tracks.first { $0.name == "progress" })
    #expect(progress.keyframes == [TrackKeyframe(time: 0, value: 0.37)])
    #expect(plan.job.style.tracks.first { $0.name == "elapsed" } == Presets.thumb.tracks[1])
  }

  /// A progress the track never reaches, and a progress with a still time, are refused.
  @Test func refusals() throws {
    var style = Presets.download
    style.tracks = [
      Track(name: "progress", keyframes: [TrackKeyframe(time: 0, value: 0), TrackKeyframe(time: 1, value: 0.8)])
    ]
    #expect(throws: RenderError.progressNeverReached(value: 0.9, duration: 3)) {
      try RenderRequest.stillTime(reaching: 0.9, style: style, duration: 3)
    }
    let both: KeyValuePairs<String, String> = ["style": "thumb", "progress": "0.5", "at": "1s", "out": "t.png"]
    #expect(throws: RenderError.progressWithStillTime) { try Self.plan(both) }
    #expect(RenderError.progressWithStillTime.key == .look(.progress))
    #expect(RenderError.progressNeverReached(value: 0.9, duration: 3).key == .look(.progress))
    #expect(
      RenderError.progressNeverReached(value: 0.9, duration: 3).description
        == "progress 0.9 is never reached: the style's progress track does not reach it in its 3 s timeline")
    #expect(!RenderError.progressWithStillTime.description.contains("--"))
  }
}
