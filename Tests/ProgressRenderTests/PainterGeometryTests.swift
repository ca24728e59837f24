import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderRaster

@Suite struct PainterGeometryTests {
  static let grey = RGBAColor(r: 214, g: 214, b: 214)

  /// (what, look, size, max scale, ring radius, outer radius, inner radius), worked out by hand.
  static let cases: [(String, Look, Double, Double, Double, Double, Double)] = [
    (
      "download: 60 − 12/2",
      Look(track: RingStroke(color: .black, width: 8), arc: Arc(color: grey, width: 12, cap: .round)),
      120, 1, 54, 60, 0
    ),
    (
      "thumb: 136 − 30/2 − 1/2",
      Look(
        track: RingStroke(color: .white, width: 2), arc: Arc(color: .white, width: 4),
        thumb: Thumb(diameter: 30, fill: .white, stroke: .white, strokeWidth: 1)),
      272, 1, 120.5, 122.5, 0
    ),
    ("thumb without outline", Look(thumb: Thumb(diameter: 30, fill: .white)), 100, 1, 35, 35, 0),
    ("pulse 1.1: 40/1.1 − 2", Look(arc: Arc(color: .black, width: 4)), 80, 1.1, 40 / 1.1 - 2, 40 / 1.1, 0),
    ("scale below 1 counts as 1", Look(arc: Arc(color: .black, width: 4)), 80, 0.5, 38, 40, 0),
    // √(50² − 5²) − 5: the square cap's corner touches the edge, not its middle.
    (
      "square cap corner", Look(arc: Arc(color: .black, width: 10, cap: .square)), 100, 1, 44.749_371_855,
      49.749_371_855, 0
    ),
    ("image and pie fill the canvas", Look(image: ImageFill(), pie: Pie(color: .black)), 120, 1, 60, 60, 0),
    (
      "wave: ring 100 − 3, inner 100 × 0.82",
      Look(
        wave: Wave(ring: WaveRing(color: .black, width: 6, gap: 60), inset: 0.09, layers: [])),
      200, 1, 97, 100, 82
    ),
  ]

  @Test(arguments: cases)
  func radii(what: String, look: Look, size: Double, maxScale: Double, ring: Double, outer: Double, inner: Double) {
    let g = LookGeometry(look: look, size: size, maxScale: maxScale)
    #expect(abs(g.ringRadius - ring) < 1e-6, "\(what)")
    #expect(abs(g.outerRadius - outer) < 1e-6, "\(what)")
    #expect(abs(g.innerRadius - inner) < 1e-6, "\(what)")
    #expect(g.center == size / 2)
  }
}
