import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats
@testable import ProgressRenderPipeline

/// Edge levels across the pipeline: how many colours the presets' frames hold, and whether their
/// GIFs then show the frames exactly.
@Suite struct EdgeLevelsTests {
  /// The distinct colours of 40 frames spread over a preset at 120 pt, 30 fps for 4 s.
  static func colors(_ name: String, edgeLevels: Int) throws -> (count: Int, frames: [Frame], delays: [Int]) {
    let style = try Presets.named(name)
    var settings = RenderSettings(defaultsOf: style)
    settings.size = 120
    settings.fps = 10
    settings.duration = 4
    settings.edgeLevels = edgeLevels
    let renderer = try Renderer(style: style, settings: settings)
    let frames = try (0..<settings.frameCount).map { try renderer.frame($0) }
    let distinct = Set(frames.flatMap(\.pixels))
    return (distinct.count, frames, Array(repeating: 10, count: frames.count))
  }

  /// (`wave` left this list with its second wave, issue 19: where two anti-aliased wave edges
  /// cross, each frame adds a few colours of its own, 287 over these 40 frames.)
  @Test(arguments: ["download", "countdown"])
  func flatPresetsFitOnePaletteAndTheirGIFIsExact(name: String) throws {
    let (count, frames, delays) = try Self.colors(name, edgeLevels: RenderSettings.defaultEdgeLevels)
    #expect(count <= 256)
    let encoder = try GIFEncoder(width: frames[0].width, height: frames[0].height)
    let (bytes, summary) = try encoder.encode(delays: delays) { frames[$0] }
    #expect(summary.isLossless)
    let gif = try GIFTestDecoder(bytes)
    let screens = try gif.screens(at: GIFTestFrames.startTimes(delays))
    for (i, frame) in frames.enumerated() {
      #expect(screens[i] == GIFTestFrames.expectedScreen(frame), "\(name) frame \(i)")
    }
  }

  @Test(arguments: ["thumb", "download", "countdown", "wave"])
  func fullAntiAliasingMakesManyMoreColours(name: String) throws {
    let stepped = try Self.colors(name, edgeLevels: RenderSettings.defaultEdgeLevels).count
    let full = try Self.colors(name, edgeLevels: 256).count
    #expect(full > 2 * stepped, "\(name): \(full) colours at 256 levels, \(stepped) at 17")
  }
}
