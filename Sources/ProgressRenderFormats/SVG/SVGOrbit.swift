import ProgressRenderCore

/// A point that rides a circle: (cx + r·cos a, cy + r·sin a), both coordinates of one angle — a
/// thumb on its ring and the label on the thumb. An SVG moves it without sampling: turned by the
/// angle about the centre, out by the radius, and turned back (so what it carries stays upright).
struct SVGOrbit: Equatable {
  /// The circle's centre.
  var center: Point
  /// The circle's radius.
  var radius: Double
  /// The angle, in radians.
  var angle: NumberExpression

  /// The orbit of a point whose x is `cx + r × cos(a)` and y `cy + r × sin(a)` (each plus any
  /// constants after), or `nil` for any other point.
  init?(_ point: AnimatedPoint) {
    guard case .separate(.expression(let x), .expression(let y)) = point,
      let (cx, rx, ax) = Self.term(x, cosine: true), let (cy, ry, ay) = Self.term(y, cosine: false),
      rx == ry, ax == ay
    else { return nil }
    center = Point(x: cx, y: cy)
    radius = rx
    angle = ax
  }

  /// `c + r × cos(a)` (or `sin`) and the constants added to it: the sum of the constants, r and a.
  private static func term(_ e: NumberExpression, cosine: Bool) -> (Double, Double, NumberExpression)? {
    switch e {
    case .sum(.constant(let c), .product(.constant(let r), .cosine(let a))) where cosine: (c, r, a)
    case .sum(.constant(let c), .product(.constant(let r), .sine(let a))) where !cosine: (c, r, a)
    case .sum(let inner, .constant(let offset)): term(inner, cosine: cosine).map { ($0.0 + offset, $0.1, $0.2) }
    default: nil
    }
  }
}
