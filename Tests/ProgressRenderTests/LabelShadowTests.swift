import Foundation
import Testing

@testable import ProgressRenderCore

/// The strokes a label's shadow is drawn with.
@Suite struct LabelShadowTests {
  @Test(
    arguments: [
      (radius: 0.0, widths: [Double]()),
      (radius: -1.0, widths: [Double]()),
      (radius: Double.nan, widths: [Double]()),
      (radius: 3.0, widths: [6.0, 4, 2]),
      (radius: 100.0, widths: [16.0, 32.0 / 3, 16.0 / 3]),
    ] as [(radius: Double, widths: [Double])])
  func layersReachTheRadius(radius: Double, widths: [Double]) {
    let shadow = LabelShadow(color: RGBAColor(white: 0, alpha: 0.5), radius: radius)
    let got = shadow.layers.map(\.width)
    #expect(got.count == widths.count)
    for (a, b) in zip(got, widths) { #expect(abs(a - b) < 1e-9) }
  }

  /// Where every layer overlaps, the shadow reaches its colour's alpha.
  @Test(arguments: [0.0, 0.25, 0.5, 0.94, 1])
  func overlappingLayersReachTheColorsAlpha(alpha: Double) {
    let shadow = LabelShadow(color: RGBAColor(white: 0, alpha: alpha), radius: 2)
    let through = shadow.layers.reduce(1.0) { $0 * (1 - $1.alpha) }
    #expect(abs((1 - through) - alpha) < 1e-9)
  }
}
