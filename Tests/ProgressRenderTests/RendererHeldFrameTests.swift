import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderPipeline

/// A renderer shows its last frame again where every track holds its value (a finished progress),
/// unless the scene reads the clock: the frames are exactly those painted one by one.
@Suite struct RendererHeldFrameTests {
  /// A preset at 48 px and 10 fps stretched to `seconds`, its first label reading `labelSource`.
  private static func stretched(
    _ preset: String, labelSource: String?, seconds: Double
  ) throws -> (Style, RenderSettings) {
    var style = try Presets.named(preset)
    if let labelSource { style.look.labels?[0].source = labelSource }
    var settings = RenderSettings(defaultsOf: style)
    settings.size = 48
    settings.duration = seconds
    settings.fps = 10
    return (style, settings)
  }

  /// Presets stretched to 4 s so that their progress ends early and holds; `labelSource` "time"
  /// makes the label read the clock, so no frame may be shown again.
  @Test(arguments: [("download", nil), ("upload", nil), ("download", "time")] as [(String, String?)])
  func heldFramesAreThoseOfAFreshPaint(preset: String, labelSource: String?) throws {
    let (style, settings) = try Self.stretched(preset, labelSource: labelSource, seconds: 4)
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

  /// A renderer and its sibling share one walk of the scene: the first to need it walks it, and
  /// the answer it found is the other's, whatever scene that one asks about.
  @Test func theClockIsWalkedOnceForARenderAndItsSiblings() throws {
    var clocked = try Presets.named("download")
    clocked.look.labels?[0].source = "time"
    let settings = RenderSettings(size: 48, scale: 1, fps: 10, duration: 1, background: .white)
    let plain = try Renderer(style: try Presets.named("download"), settings: settings)
    let reading = try Renderer(style: clocked, settings: settings)
    let clock = ClockReading()
    #expect(clock.readsClock(plain.composition) == false)
    #expect(clock.readsClock(reading.composition) == false, "kept, not walked again")
    #expect(ClockReading().readsClock(reading.composition) == true)
  }

  /// Frames painted by a renderer and its sibling in turn, the held ones shown again, are those
  /// of a fresh paint.
  @Test(arguments: [nil, "time"] as [String?])
  func siblingsShowHeldFramesAsAFreshPaint(labelSource: String?) throws {
    let (style, settings) = try Self.stretched("countdown", labelSource: labelSource, seconds: 6)
    let first = try Renderer(style: style, settings: settings)
    let sibling = try first.sibling()
    let reference = try Renderer(style: style, settings: settings)
    for i in 0..<settings.frameCount {
      let frame = try (i % 3 == 0 ? sibling : first).frame(i)
      #expect(frame == (try reference.frame(at: first.schedule.time(ofFrame: i))), "frame \(i)")
    }
  }

  /// A scene too large to walk within the limit counts as reading the clock.
  @Test func aSceneBeyondTheLimitCountsAsReadingTheClock() throws {
    let style = try Presets.named("download")
    let renderer = try Renderer(style: style, settings: RenderSettings(defaultsOf: style))
    #expect(!renderer.composition.readsClock())
    #expect(renderer.composition.readsClock(limit: 3))
  }
}
