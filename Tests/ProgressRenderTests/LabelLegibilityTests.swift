import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderRaster

/// Labels stay legible over what is under them (issue 12, items 2 and 6).
@Suite struct LabelLegibilityTests {
  /// WCAG relative luminance of an 8-bit sRGB colour.
  static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
    func linear(_ c: UInt8) -> Double {
      let v = Double(c) / 255
      return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
  }

  /// WCAG contrast ratio of two luminances.
  static func contrast(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }

  /// The contrast between a label's fill colour and the pixels around its glyphs: glyph pixels are
  /// those the label changed that show the fill colour; the ring around them is every pixel 2 px
  /// (Chebyshev) from a glyph pixel, past the anti-aliased edge. Returns the ratio of the fill
  /// against the ring's mean luminance and against its brightest tenth, or nil when no glyph shows.
  static func glyphContrast(with label: Frame, without backdrop: Frame, fill: (UInt8, UInt8, UInt8))
    -> (mean: Double, tenth: Double)?
  {
    let w = label.width
    let h = label.height
    var glyph = [Bool](repeating: false, count: w * h)
    for y in 0..<h {
      for x in 0..<w {
        let p = label.rgba(x: x, y: y)
        let q = backdrop.rgba(x: x, y: y)
        let changed = p.r != q.r || p.g != q.g || p.b != q.b
        let near =
          abs(Int(p.r) - Int(fill.0)) <= 24 && abs(Int(p.g) - Int(fill.1)) <= 24 && abs(Int(p.b) - Int(fill.2)) <= 24
        glyph[y * w + x] = changed && near
      }
    }
    func distance(_ x: Int, _ y: Int) -> Int {
      var best = Int.max
      for j in max(y - 2, 0)...min(y + 2, h - 1) {
        for i in max(x - 2, 0)...min(x + 2, w - 1) where glyph[j * w + i] {
          best = min(best, max(abs(i - x), abs(j - y)))
        }
      }
      return best
    }
    var ring: [Double] = []
    for y in 0..<h {
      for x in 0..<w where !glyph[y * w + x] && distance(x, y) == 2 {
        let p = label.rgba(x: x, y: y)
        ring.append(luminance(p.r, p.g, p.b))
      }
    }
    guard !ring.isEmpty else { return nil }
    let text = luminance(fill.0, fill.1, fill.2)
    ring.sort()
    let mean = ring.reduce(0, +) / Double(ring.count)
    let tenth = ring[ring.count * 9 / 10]
    return (contrast(text, mean), contrast(text, tenth))
  }

  /// Every frame of `upload`: its yellow `%.1f%%` label against the picture under it, through the
  /// label's shadow, at least 3:1 (WCAG) around the glyphs, for the ring's mean and its brightest tenth.
  @Test func uploadLabelContrastIsAtLeastThreeToOneAtEveryFrame() throws {
    let style = try Presets.named("upload")
    let label = try #require(style.look.labels?.first)
    #expect(label.shadow != nil)
    var bare = style
    bare.look.labels = nil
    let c = label.color
    let fill = (UInt8((c.red * 255).rounded()), UInt8((c.green * 255).rounded()), UInt8((c.blue * 255).rounded()))
    let timeline = Timeline(tracks: style.tracks)
    let frames = Int((style.duration * style.fps).rounded())
    var worst = (mean: Double.infinity, tenth: Double.infinity)
    var measured = 0
    for index in 0..<frames {
      let time = Double(index) / style.fps
      let values = timeline.scene(at: time).values
      let with = try PainterTests.render(style, values, time: time)
      let without = try PainterTests.render(bare, values, time: time)
      guard let ratio = Self.glyphContrast(with: with, without: without, fill: fill) else { continue }
      measured += 1
      worst = (min(worst.mean, ratio.mean), min(worst.tenth, ratio.tenth))
    }
    print("upload label contrast over \(measured) frames: min mean \(worst.mean), min 90th percentile \(worst.tenth)")
    #expect(measured >= frames - 2)
    #expect(worst.mean >= 3, "mean ring contrast \(worst.mean):1")
    #expect(worst.tenth >= 3, "brightest-tenth ring contrast \(worst.tenth):1")
  }

  /// `thumb`'s timer at its widest keeps 4 px of air on each side inside the visible disc (its
  /// diameter plus its stroke, 33 px: the 8 pt timer no longer crowds it, issue 19).
  @Test(arguments: ["00:00", "00:08", "00:48", "01:00", "00:59"])
  func thumbTimerLeavesTwoPixelsOfAir(text: String) throws {
    let style = try Presets.named("thumb")
    let thumb = try #require(style.look.thumb)
    let label = try #require(thumb.label)
    let visible = thumb.diameter + (thumb.strokeWidth ?? 0)
    #expect(visible == 33)
    let ink = try TextRenderer().extents(text: text, font: label.font).ink
    #expect(ink.width + 8 <= visible, "'\(text)' is \(ink.width) px wide in a \(visible) px disc")
    #expect(ink.height + 8 <= visible)
  }
}
