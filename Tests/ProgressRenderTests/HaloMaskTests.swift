import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderRaster

/// A label's halo worked out from distances to the glyph outlines, against what it stands for:
/// Cairo stroking the outlines once per layer.
@Suite struct HaloMaskTests {
  typealias P = Point

  /// A horizontal outline at y = 10.25 (a contour there and back), x 2…30, on a 32 × 24 canvas.
  static func line(_ layers: [HaloMask.Layer]) -> HaloMask {
    HaloMask(
      contours: [[P(x: 2, y: 10.25), P(x: 30, y: 10.25)]], layers: layers, canvasWidth: 32, canvasHeight: 24)
  }

  static func coverage(_ mask: HaloMask, x: Int, y: Int) -> UInt8 {
    let (cx, cy) = (x - mask.x, y - mask.y)
    guard (0..<mask.width).contains(cx), (0..<mask.height).contains(cy) else { return 0 }
    return mask.coverage[cy * mask.width + cx]
  }

  /// Pixel centres at distance d from the line (row r: |r + ½ − 10.25|) are covered by
  /// `reach + ½ − d`, clamped, at most `2 × reach`, times alpha.
  @Test(
    arguments: [
      (reach: 2.0, alpha: 1.0, row: 10, expected: UInt8(255)),  // d 0.25
      (reach: 2.0, alpha: 1.0, row: 8, expected: UInt8(191)),  // d 1.75 → 0.75
      (reach: 2.0, alpha: 1.0, row: 12, expected: UInt8(64)),  // d 2.25 → 0.25
      (reach: 2.0, alpha: 1.0, row: 7, expected: UInt8(0)),  // d 2.75
      (reach: 2.0, alpha: 1.0, row: 13, expected: UInt8(0)),  // d 3.25
      (reach: 2.0, alpha: 0.5, row: 10, expected: UInt8(128)),
      (reach: 0.25, alpha: 1.0, row: 10, expected: UInt8(128)),  // narrower than a pixel: 2 × reach
      (reach: 0.25, alpha: 1.0, row: 9, expected: UInt8(0)),  // d 0.75
    ] as [(reach: Double, alpha: Double, row: Int, expected: UInt8)])
  func coverageFallsOffWithDistance(reach: Double, alpha: Double, row: Int, expected: UInt8) {
    let mask = Self.line([HaloMask.Layer(reach: reach, alpha: alpha)])
    #expect(Self.coverage(mask, x: 16, y: row) == expected)
  }

  /// Strokes of one colour composite to 1 − Π (1 − alpha × coverage).
  @Test func layersCompositeAsStackedStrokes() {
    let layers = [HaloMask.Layer(reach: 3, alpha: 0.5), HaloMask.Layer(reach: 1, alpha: 0.5)]
    let mask = Self.line(layers)
    #expect(Self.coverage(mask, x: 16, y: 10) == 191)  // both full: 1 − ¼
    #expect(Self.coverage(mask, x: 16, y: 12) == 128)  // d 2.25: only the wide one
    #expect(Self.coverage(mask, x: 16, y: 11) == 143)  // d 1.25: the narrow one at ¼ → 1 − ½ × ⅞
  }

  /// Past a segment's end the distance is to the end point: a round join.
  @Test func endsAreRound() {
    let mask = Self.line([HaloMask.Layer(reach: 3, alpha: 1)])
    // (32.5, 10.5) is 2.51 px past the end point (30, 10.25): 3.5 − 2.51 → 0.99.
    #expect(Self.coverage(mask, x: 32, y: 10) == 0)  // outside the canvas, never stored
    #expect(mask.x + mask.width <= 32 && mask.y + mask.height <= 24)
    // (0.5, 12.5) is √(1.5² + 2.25²) = 2.70 px from the start (2, 10.25): 0.80 of a pixel.
    #expect(Self.coverage(mask, x: 0, y: 12) == 203)
    // (0.5, 13.5): √(1.5² + 3.25²) = 3.58 px: nothing.
    #expect(Self.coverage(mask, x: 0, y: 13) == 0)
  }

  @Test(
    arguments: [
      ("no layer", [[P(x: 2, y: 2), P(x: 8, y: 2)]], [HaloMask.Layer]()),
      ("alpha 0", [[P(x: 2, y: 2), P(x: 8, y: 2)]], [HaloMask.Layer(reach: 2, alpha: 0)]),
      ("no outline", [], [HaloMask.Layer(reach: 2, alpha: 1)]),
      ("off the canvas", [[P(x: -40, y: 2), P(x: -30, y: 2)]], [HaloMask.Layer(reach: 2, alpha: 1)]),
      ("a NaN", [[P(x: .nan, y: 2), P(x: 8, y: 2)]], [HaloMask.Layer(reach: 2, alpha: 1)]),
      ("an infinite reach", [[P(x: 2, y: 2), P(x: 8, y: 2)]], [HaloMask.Layer(reach: .infinity, alpha: 1)]),
    ] as [(String, [[P]], [HaloMask.Layer])])
  func nothingToCoverGivesAnEmptyMask(_ name: String, contours: [[P]], layers: [HaloMask.Layer]) {
    let mask = HaloMask(contours: contours, layers: layers, canvasWidth: 16, canvasHeight: 16)
    #expect(mask.width == 0 && mask.height == 0 && mask.coverage.isEmpty, "\(name)")
  }

  /// The chords of a flattened curve stay within the tolerance of it.
  @Test(arguments: [0.1, 0.5])
  func flatteningStaysWithinTheTolerance(tolerance: Double) {
    let (p0, c1, c2, p3) = (P(x: 0, y: 0), P(x: 40, y: 0), P(x: 60, y: 30), P(x: 60, y: 60))
    var points = [p0]
    HaloMask.flatten(from: p0, c1, c2, to: p3, tolerance: tolerance, into: &points)
    #expect(points.last == p3)
    #expect(points.count > 3 && points.count < 1025)
    func bezier(_ t: Double) -> P {
      let u = 1 - t
      let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
      return P(x: a * p0.x + b * c1.x + c * c2.x + d * p3.x, y: a * p0.y + b * c1.y + c * c2.y + d * p3.y)
    }
    let steps = points.count - 1
    var worst = 0.0
    for k in 0..<steps {
      // The curve between two points against the chord joining them, at nine places.
      let (a, b) = (points[k], points[k + 1])
      for j in 1...9 {
        let q = bezier((Double(k) + Double(j) / 10) / Double(steps))
        let (ex, ey) = (b.x - a.x, b.y - a.y)
        let t = min(max(((q.x - a.x) * ex + (q.y - a.y) * ey) / (ex * ex + ey * ey), 0), 1)
        worst = max(worst, hypot(q.x - a.x - t * ex, q.y - a.y - t * ey))
      }
    }
    #expect(worst <= tolerance, "the curve strays \(worst) px from its chords")
  }

  /// The halo of a label against Cairo's strokes of the same outlines (`draw(outline:)`, layer by
  /// layer): the same pixels but for anti-aliasing and Cairo's own seams. Alpha of a black halo on
  /// a clear canvas, at 256 edge levels and at a device scale, shifted by a fraction of a pixel,
  /// and turned (a rotation keeps strokes round: the mask still draws them).
  @Test(arguments: [(1.0, "42.0%", 0.0), (2.5, "100%", 0.0), (1.0, "8", 0.0), (1.5, "42.0%", 0.35)])
  func matchesStrokingTheOutlines(scale: Double, text: String, turn: Double) throws {
    let renderer = try TextRenderer()
    let font = TextRenderer.Font(family: "DejaVu Sans", size: 22, bold: true)
    let shadow = LabelShadow(color: RGBAColor(white: 0, alpha: 0.85), radius: 3.5)
    let layers = shadow.layers
    func alpha(_ paint: (CairoCanvas) throws -> Void) throws -> [UInt8] {
      let canvas = try CairoCanvas(
        pixelWidth: Int(120 * scale), pixelHeight: Int(50 * scale), deviceScale: scale)
      try canvas.beginFrame(background: .clear)
      canvas.translate(60, 25)
      canvas.rotate(turn)
      canvas.translate(-60, -25)
      try paint(canvas)
      return try canvas.pixels().pixels.map { UInt8($0 >> 24) }
    }
    let black = CairoCanvas.Color(red: 0, green: 0, blue: 0, alpha: 1)
    let masked = try alpha { canvas in
      try renderer.drawHalo(text, font: font, color: black, layers: layers, centerX: 60.3, centerY: 25.2, on: canvas)
    }
    let stroked = try alpha { canvas in
      for layer in layers {
        var color = black
        color.alpha = layer.alpha
        try renderer.draw(
          text, font: font, color: color, centerX: 60.3, centerY: 25.2, outline: layer.width, on: canvas)
      }
    }
    // Signed. Where the mask has more, Cairo's stroker lost coverage: inside a counter narrower
    // than the stroke, its outline's offset loops back and the winding cancels (lighter holes).
    // Where it has less, a pixel sits in the notch where two glyphs' halos meet, whose area the
    // distance underestimates (by up to 42 of 255 here, turned).
    let signed = zip(masked, stroked).map { Int($0) - Int($1) }
    let inked = stroked.filter { $0 > 0 }.count
    let lighter = signed.filter { $0 < -12 }
    let darker = signed.filter { $0 > 12 }.count
    let mean = Double(signed.map(abs).filter { $0 <= 12 }.reduce(0, +)) / Double(max(inked, 1))
    print(
      "halo \(text) at ×\(scale): \(inked) px inked, \(lighter.count) lighter than Cairo's, \(darker) darker, mean \(mean)"
    )
    #expect(inked > 200)
    #expect(lighter.allSatisfy { $0 >= -48 } && lighter.count * 50 <= inked, "lighter than Cairo's: \(lighter)")
    #expect(darker * 25 <= inked, "\(darker) pixels darker than Cairo's strokes")
    #expect(mean < 2, "mean difference \(mean) of \(inked) inked pixels")
  }

  /// Under a transform that stretches one axis more than the other, the strokes are not round:
  /// the halo is Cairo's strokes exactly.
  @Test func aStretchedTransformStrokesWithCairo() throws {
    let renderer = try TextRenderer()
    let font = TextRenderer.Font(family: "DejaVu Sans", size: 20, bold: true)
    let layers = LabelShadow(color: RGBAColor(white: 0, alpha: 0.85), radius: 3).layers
    let black = CairoCanvas.Color(red: 0, green: 0, blue: 0, alpha: 1)
    func pixels(_ paint: (CairoCanvas) throws -> Void) throws -> [UInt32] {
      let canvas = try CairoCanvas(pixelWidth: 160, pixelHeight: 60, deviceScale: 1, edgeLevels: 17)
      try canvas.beginFrame(background: .clear)
      canvas.scale(2, 1)
      try paint(canvas)
      return try canvas.pixels().pixels
    }
    let halo = try pixels {
      try renderer.drawHalo("42", font: font, color: black, layers: layers, centerX: 40, centerY: 30, on: $0)
    }
    let strokes = try pixels { canvas in
      for layer in layers {
        try renderer.draw(
          "42", font: font, color: CairoCanvas.Color(red: 0, green: 0, blue: 0, alpha: layer.alpha), centerX: 40,
          centerY: 30, outline: layer.width, on: canvas)
      }
    }
    #expect(halo.contains { $0 != 0 })
    #expect(halo == strokes)
  }
}

/// Distances carried outward from the outlines against every segment measured.
@Suite struct DistanceFieldTests {
  typealias P = Point

  static func circle(_ cx: Double, _ cy: Double, _ r: Double, clockwise: Bool = false) -> [P] {
    (0..<96).map { k in
      let angle = Double(clockwise ? -k : k) * 2 * .pi / 96
      return P(x: cx + r * cos(angle), y: cy + r * sin(angle))
    }
  }

  /// The exact distance from a point to the nearest segment.
  static func exact(_ px: Double, _ py: Double, _ contours: [[P]]) -> Double {
    var best = Double.infinity
    for contour in contours {
      for (i, a) in contour.enumerated() {
        let b = contour[(i + 1) % contour.count]
        let (ex, ey) = (b.x - a.x, b.y - a.y)
        let length2 = ex * ex + ey * ey
        let t = length2 > 0 ? min(max(((px - a.x) * ex + (py - a.y) * ey) / length2, 0), 1) : 0
        best = min(best, hypot(px - a.x - t * ex, py - a.y - t * ey))
      }
    }
    return best
  }

  static let shapes: [String: [[P]]] = [
    "a ring": [circle(30, 30, 14), circle(30, 30, 8, clockwise: true)],
    "an 8": [
      circle(20, 16, 9), circle(20, 16, 4, clockwise: true), circle(20, 36, 11), circle(20, 36, 5, clockwise: true),
    ],
    "two squares": [
      [P(x: 5, y: 5), P(x: 25, y: 5), P(x: 25, y: 25), P(x: 5, y: 25)],
      [P(x: 29.5, y: 8), P(x: 50, y: 8), P(x: 50, y: 40), P(x: 29.5, y: 40)],
    ],
    "a thin sliver": [[P(x: 3, y: 20.2), P(x: 57, y: 21.4), P(x: 57, y: 22.1), P(x: 3, y: 20.9)]],
  ]

  @Test(arguments: ["a ring", "an 8", "two squares", "a thin sliver"])
  func carriedDistancesAreNearlyExact(_ name: String) throws {
    let contours = try #require(Self.shapes[name])
    let field = DistanceField(contours: contours, x: -4, y: -4, width: 68, height: 60)
    var worst = 0.0
    for row in 0..<60 {
      for column in 0..<68 {
        let (px, py) = (Double(column - 4) + 0.5, Double(row - 4) + 0.5)
        let exact = Self.exact(px, py, contours)
        let got = field.squaredDistance(column, row).squareRoot()
        #expect(got >= exact - 1e-9, "\(name): (\(column), \(row)) nearer than any outline")
        if exact <= 12 { worst = max(worst, got - exact) }
      }
    }
    #expect(worst < 0.05, "\(name): off by \(worst) px within 12 px")
  }
}
