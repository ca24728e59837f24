import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderDiff
@testable import ProgressRenderPipeline
@testable import ProgressRenderRaster
@testable import ProgressRenderSupport

/// Renders every preset at 0, 25, 50, 75 and 100 % of its timeline and compares the frames with
/// the committed PNGs in `Golden/` using the differ's pixel comparator (threshold 0.1,
/// anti-aliased pixels not counted).
///
/// Re-record after an intended change of the look:
///
///     PROGRESS_RENDER_RECORD_GOLDENS=1 swift test --filter GoldenFrameTests
///
/// On a mismatch the actual frame and the diff image are written to
/// `$TMPDIR/progress-render-golden-failures/` and the failure names them.
@Suite struct GoldenFrameTests {
  static let percents = [0, 25, 50, 75, 100]
  static let cases: [(String, Int)] = Presets.names.flatMap { name in percents.map { (name, $0) } }
  static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")
  static var recording: Bool { ProcessInfo.processInfo.environment["PROGRESS_RENDER_RECORD_GOLDENS"] == "1" }

  @Test(arguments: cases)
  func presetMatchesGolden(name: String, percent: Int) throws {
    let style = try Presets.named(name)
    let settings = RenderSettings(defaultsOf: style)
    let renderer = try Renderer(style: style, settings: settings)
    let frame = try renderer.frame(at: settings.duration * Double(percent) / 100)
    let file = Self.goldenDirectory.appendingPathComponent("\(name)-\(percent).png")

    if Self.recording {
      try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
      try AtomicFile.write(PNGCodec.encode(frame), to: file.path)
      return
    }
    let data = try #require(
      FileManager.default.contents(atPath: file.path),
      "missing golden \(file.lastPathComponent): record with PROGRESS_RENDER_RECORD_GOLDENS=1 swift test --filter GoldenFrameTests"
    )
    let golden = try PNGCodec.decode([UInt8](data), source: file.path, maxPixels: 4096 * 4096)
    #expect(golden.width == frame.width && golden.height == frame.height)
    guard golden.width == frame.width, golden.height == frame.height else { return }
    let delta = PixelComparator().compare(golden, frame, makeDiffImage: true)
    if delta.changedPixels > 0 {
      let failures = FileManager.default.temporaryDirectory.appendingPathComponent("progress-render-golden-failures")
      try? FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
      let actualPath = failures.appendingPathComponent("\(name)-\(percent)-actual.png").path
      try? AtomicFile.write(PNGCodec.encode(frame), to: actualPath)
      if let diff = delta.diffImage {
        try? AtomicFile.write(
          PNGCodec.encode(diff), to: failures.appendingPathComponent("\(name)-\(percent)-diff.png").path)
      }
      Issue.record(
        "\(name) at \(percent) %: \(delta.changedPixels) pixels differ from \(file.lastPathComponent) (max delta \(delta.maxDelta)); actual written to \(actualPath)"
      )
    }
  }

  /// The comparison above can fail: a frame one step further on does not match the golden.
  @Test func aDifferentFrameIsCaught() throws {
    guard !Self.recording else { return }
    let style = Presets.download
    let settings = RenderSettings(defaultsOf: style)
    let renderer = try Renderer(style: style, settings: settings)
    let frame = try renderer.frame(at: settings.duration * 0.30)
    let file = Self.goldenDirectory.appendingPathComponent("download-25.png")
    let data = try #require(FileManager.default.contents(atPath: file.path))
    let golden = try PNGCodec.decode([UInt8](data), source: file.path, maxPixels: 1 << 24)
    #expect(PixelComparator().compare(golden, frame).changedPixels > 50)
  }
}
