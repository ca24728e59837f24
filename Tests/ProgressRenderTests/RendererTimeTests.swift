import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderPipeline

/// The output time maps onto the style's timeline exactly when the durations agree.
@Suite struct RendererTimeTests {
  /// At exactly 3.0 s countdown's seconds-left track has reached 0 (no "1" on a full ring).
  @Test(arguments: [(2.9, 1.0), (3.0, 0.0), (3.1, 0.0)])
  func countdownSecondsLeft(time: Double, expected: Double) throws {
    let style = try Presets.named("countdown")
    let renderer = try Renderer(style: style, settings: RenderSettings(defaultsOf: style))
    let scene = renderer.scene(at: time)
    #expect(scene.values["remaining"] == expected)
    #expect(scene.values["progress"] == min(time / 3, 1))
  }
}
