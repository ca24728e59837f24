import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderPipeline

/// A renderer shows its last frame again where every track holds its value (a finished progress),
/// unless the scene reads the clock: the frames are exactly those painted one by one.
@Suite struct RendererHeldFrameTests {
  /// Presets stretched to 4 s so that their progress ends early and holds; `labelSource` "time"
  /// makes the label read the clock, so no frame may be shown again.
  @Test(arguments: [("download", nil), ("upload", nil), ("download", "time")] as [(String, String?)])
  func heldFramesAreThoseOfAFreshPaint(preset: String, labelSource: String?) throws {
    var style = try Presets.named(preset)
    if let labelSource { style.look.labels?[0].source = labelSource }
    var settings = RenderSettings(defaultsOf: style)
    settings.size = 48
    settings.duration = 4
    settings.fps = 10
    let renderer = try Renderer(style: style, settings: settings)
    let reference = try Renderer(style: style, settings: settings)
    let frames = try (0..<settings.frameCount).map { try renderer.frame($0) }
    for (i, frame) in frames.enumerated() {
      #expect(frame == (try reference.frame(at: renderer.schedule.time(ofFrame: i))), "frame \(i)")
    }
    let readsClock = labelSource == "time"
    #expect(renderer.composition.readsClock() == readsClock)
    let repeats = (1..<frames.count).filter { frames[$0] == frames[$0 - 1] }.count
    if readsClock { #expect(repeats == 0) } else { #expect(repeats >= 5) }
  }

  /// A scene too large to walk within the limit counts as reading the clock.
  @Test func aSceneBeyondTheLimitCountsAsReadingTheClock() throws {
    let style = try Presets.named("download")
    let renderer = try Renderer(style: style, settings: RenderSettings(defaultsOf: style))
    #expect(!renderer.composition.readsClock())
    #expect(renderer.composition.readsClock(limit: 3))
  }
}
