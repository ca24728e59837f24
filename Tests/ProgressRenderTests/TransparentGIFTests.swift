import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats
@testable import ProgressRenderPipeline

/// A transparent GIF seen where it is used: composited over white, black and mid-grey pages and
/// compared with the true-colour frames composited over the same pages. Opaque pixels must show
/// what the frames show; translucent parts must keep their share of ink (4 × 4 blocks, the
/// dither's period), so no part of a design vanishes.
@Suite struct TransparentGIFTests {
  typealias Q = GIFQualityTests

  static let pages: [UInt32] = [0xFFFF_FFFF, 0xFF00_0000, 0xFF80_8080]

  /// What one GIF shows against its frames, worst over frames and pages.
  struct Agreement {
    /// Opaque frame pixels the GIF shows transparent or off by more than 24 levels in a channel.
    var wrongOpaquePixels = 0
    /// The most any 4 × 4 block's mean differs in a channel, composited on a page (levels).
    var worstBlock = 0
    /// Blocks whose mean is off by more than 32 levels.
    var badBlocks = 0
    var blocks = 0
  }

  static func premultiplied(over page: UInt32, _ p: UInt32) -> [Int] {
    let a = Int(p >> 24)
    return [16, 8, 0].map { (s: UInt32) in
      Int(p >> s & 0xff) + (Int(page >> s & 0xff) * (255 - a) + 127) / 255
    }
  }

  static func straight(over page: UInt32, _ p: UInt32) -> [Int] {
    let a = Int(p >> 24)
    return [16, 8, 0].map { (s: UInt32) in a == 255 ? Int(p >> s & 0xff) : Int(page >> s & 0xff) }
  }

  static func agreement(_ frames: [Frame], _ screens: [[UInt32]]) -> Agreement {
    var result = Agreement()
    let w = frames[0].width
    let h = frames[0].height
    for (frame, screen) in zip(frames, screens) {
      for i in frame.pixels.indices where frame.pixels[i] >> 24 == 255 {
        let a = frame.pixels[i]
        let b = screen[i]
        let off = [16, 8, 0].map { (s: UInt32) in abs(Int(a >> s & 0xff) - Int(b >> s & 0xff)) }.max() ?? 0
        if b >> 24 != 255 || off > 24 { result.wrongOpaquePixels += 1 }
      }
      for page in pages {
        for by in stride(from: 0, to: h - 3, by: 4) {
          for bx in stride(from: 0, to: w - 3, by: 4) {
            var want = [0, 0, 0]
            var got = [0, 0, 0]
            var ink = false
            for y in by..<by + 4 {
              for x in bx..<bx + 4 {
                let p = frame.pixels[y * w + x]
                if p >> 24 != 0 { ink = true }
                let e = premultiplied(over: page, p)
                let s = straight(over: page, screen[y * w + x])
                for c in 0..<3 {
                  want[c] += e[c]
                  got[c] += s[c]
                }
              }
            }
            guard ink else { continue }
            result.blocks += 1
            let off = (0..<3).map { abs(want[$0] - got[$0]) / 16 }.max() ?? 0
            result.worstBlock = max(result.worstBlock, off)
            if off > 32 { result.badBlocks += 1 }
          }
        }
      }
    }
    return result
  }

  static func transparentFrames(_ name: String, size: Double) throws -> [Frame] {
    let style = try Presets.named(name)
    var settings = RenderSettings(defaultsOf: style)
    settings.size = size
    settings.fps = 10
    settings.duration = min(3, style.duration)
    settings.background = .clear
    let renderer = try Renderer(style: style, settings: settings)
    return try (0..<settings.frameCount).map { try renderer.frame($0) }
  }

  /// Every preset, dithered (the default): opaque pixels right, every block's ink kept.
  @Test(arguments: Presets.names)
  func everyPresetHoldsOnThreePages(_ name: String) throws {
    let frames = try Self.transparentFrames(name, size: 64)
    let screens = try Q.encodeAndDecode(frames).screens
    let result = Self.agreement(frames, screens)
    #expect(result.wrongOpaquePixels == 0, "\(name): \(result)")
    #expect(result.badBlocks * 200 <= result.blocks, "\(name): \(result)")
  }

  /// The cut loses what the dither keeps: activity's faint spokes vanish (the test can fail).
  @Test func cuttingAtHalfAlphaLosesFaintParts() throws {
    let frames = try Self.transparentFrames("activity", size: 64)
    let dithered = Self.agreement(frames, try Q.encodeAndDecode(frames).screens)
    let cut = Self.agreement(frames, try Q.encodeAndDecode(frames, options: GIFOptions(transparency: .cut)).screens)
    #expect(cut.badBlocks > 4 * max(1, dithered.badBlocks), "cut \(cut), dithered \(dithered)")
    #expect(cut.worstBlock > dithered.worstBlock)
  }

  /// upload's photo revealed under its pie keeps its colours frame after frame (it turned grey
  /// when redraws after a restore-to-background were mapped to the first frame's palette).
  @Test func uploadKeepsItsPhotoColoursAsItPlays() throws {
    let frames = try Self.transparentFrames("upload", size: 120)
    let (screens, _, _) = try Q.encodeAndDecode(frames)
    // A photo is quantized: a pixel in a thousand may be off by more than 24 levels (it was 68 %).
    let opaque = frames.reduce(0) { $0 + $1.pixels.filter { $0 >> 24 == 255 }.count }
    let result = Self.agreement(frames, screens)
    #expect(result.wrongOpaquePixels * 1000 <= opaque, "\(result)")
    let cut = try Q.encodeAndDecode(frames, options: GIFOptions(transparency: .cut)).screens
    #expect(Self.agreement(frames, cut).wrongOpaquePixels * 1000 <= opaque)
  }

  /// Pixels that do not change keep their dither from frame to frame (no crawling pattern).
  @Test func theDitherStaysPut() throws {
    let frames = try Self.transparentFrames("dots", size: 64)
    let screens = try Q.encodeAndDecode(frames).screens
    #expect(Q.flicker(screens, frames) == 0)
  }
}
