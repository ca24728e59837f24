import Foundation

/// Points and directions along one cubic Bézier segment, given as its four control points.
package enum Bezier {
  /// A segment: start, first control point, second control point, end.
  package typealias Segment = (Point, Point, Point, Point)

  /// The point at `t` (0…1).
  package static func point(_ s: Segment, at t: Double) -> Point {
    let u = 1 - t
    return s.0 * (u * u * u) + s.1 * (3 * u * u * t) + s.2 * (3 * u * t * t) + s.3 * (t * t * t)
  }

  /// The unit direction of travel at `t`, from the nearest control points where the derivative
  /// vanishes; (1, 0) for a segment of no length.
  static func direction(_ s: Segment, at t: Double) -> Point {
    let u = 1 - t
    let d = (s.1 - s.0) * (3 * u * u) + (s.2 - s.1) * (6 * u * t) + (s.3 - s.2) * (3 * t * t)
    if let unit = d.unit { return unit }
    let fallback = t < 0.5 ? [s.2 - s.0, s.3 - s.0] : [s.3 - s.1, s.3 - s.0]
    return fallback.lazy.compactMap(\.unit).first ?? Point(x: 1, y: 0)
  }

  /// The two halves of a segment split at `t`.
  static func split(_ s: Segment, at t: Double) -> (Segment, Segment) {
    let a = s.0 + (s.1 - s.0) * t
    let b = s.1 + (s.2 - s.1) * t
    let c = s.2 + (s.3 - s.2) * t
    let ab = a + (b - a) * t
    let bc = b + (c - b) * t
    let m = ab + (bc - ab) * t
    return ((s.0, a, ab, m), (m, bc, c, s.3))
  }

  /// Where the line through `a` along `u` meets the line through `b` along `v`, or `nil` when
  /// they are parallel.
  static func intersection(_ a: Point, _ u: Point, _ b: Point, _ v: Point) -> Point? {
    let denominator = u.cross(v)
    guard abs(denominator) > 1e-9 else { return nil }
    return a + u * ((b - a).cross(v) / denominator)
  }
}
