import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderRaster

/// The countdown ring's size at rest (issue 12 item 5): smaller by the pulse's peak scale so the
/// pulse stays on the canvas, and the source's exact radius (`w/2 − lineWidth/2`, seed 002) when
/// there is no pulse.
@Suite struct CountdownRadiusTests {
  /// The full ring (progress 1, no number) at scale 1, painted at the preset's 80 pt.
  private static func ring(_ style: Style) throws -> Frame {
    try PainterTests.render(style, ["progress": 1, "remaining": 0, "scale": 1])
  }

  /// The ring's outer diameter in points along the row through the centre, to a fraction of a
  /// pixel: each edge pixel counts by how much of the orange (green channel 255 → 117) covers it.
  private static func outerDiameter(_ f: Frame) -> Double {
    let y = f.height / 2
    let ink = (0..<f.width).map { x in (255 - Double(f.rgba(x: x, y: y).g)) / (255 - 117) }
    guard let left = ink.firstIndex(where: { $0 > 0 }), let right = ink.lastIndex(where: { $0 > 0 }) else { return 0 }
    return Double(right - left - 1) + ink[left] + ink[right]
  }

  /// The preset without its `scale` track.
  private static func withoutScaleTrack(_ style: Style) -> Style {
    var style = style
    style.tracks.removeAll { $0.name == "scale" }
    return style
  }

  /// (what, how the preset is changed, outer diameter in points): the source's 80 pt ring with
  /// the preset's pulse (88 / 1.1), which reaches the 88 pt canvas's edge; the whole canvas with
  /// none, or with a flat one.
  static let cases: [(String, @Sendable (Style) -> Style, Double)] = [
    ("pulse 1.1 (the preset)", { $0 }, 80),
    ("--pulse-scale 1", { StyleOverrides(pulseScale: 1).applied(to: $0) }, 88),
    ("--pulse-scale 1.05", { StyleOverrides(pulseScale: 1.05).applied(to: $0) }, 88 / 1.05),
    ("no scale track", withoutScaleTrack, 88),
  ]

  @Test(arguments: cases)
  func outerDiameter(what: String, change: @Sendable (Style) -> Style, expected: Double) throws {
    let style = change(try Presets.named("countdown"))
    let measured = Self.outerDiameter(try Self.ring(style))
    #expect(abs(measured - expected) < 0.25, "\(what): \(measured) pt across, expected \(expected)")
  }

  /// `styles` quotes the resting size the geometry gives, so the description cannot drift from it.
  @Test func summaryQuotesTheRestingDiameter() throws {
    let style = try Presets.named("countdown")
    let maxScale = Timeline(tracks: style.tracks).maxValue(of: "scale") ?? 1
    let geometry = LookGeometry(look: style.look, size: style.size, maxScale: maxScale)
    let quoted = String(format: "%.1f of %.0f px", 2 * geometry.outerRadius, style.size)
    #expect(style.summary.contains(quoted), "\(style.summary) should say \(quoted)")
    #expect(style.summary.contains("--pulse-scale 1"))
  }
}
