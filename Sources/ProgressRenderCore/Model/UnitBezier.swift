/// A cubic Bézier timing curve from (0,0) to (1,1), solved for y at a given x.
///
/// The x coordinates of the control points are clamped to 0…1, so x(t) is monotone and every
/// x in 0…1 has exactly one y.
struct UnitBezier: Sendable {
  private let ax, bx, cx: Double
  private let ay, by, cy: Double

  /// Creates the curve through control points (x1, y1) and (x2, y2).
  init(x1: Double, y1: Double, x2: Double, y2: Double) {
    let x1 = x1.isNaN ? 0 : min(max(x1, 0), 1)
    let x2 = x2.isNaN ? 1 : min(max(x2, 0), 1)
    cx = 3 * x1
    bx = 3 * (x2 - x1) - cx
    ax = 1 - cx - bx
    cy = 3 * y1
    by = 3 * (y2 - y1) - cy
    ay = 1 - cy - by
  }

  private func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
  private func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
  private func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

  /// The parameter t with x(t) = `x`, to within 1e-9.
  /// - Complexity: O(1): at most 8 Newton steps, then at most 64 bisection steps.
  func parameter(forX x: Double) -> Double {
    let epsilon = 1e-9
    var t = x
    for _ in 0..<8 {
      let error = self.x(t) - x
      if abs(error) < epsilon { return t }
      let slope = dx(t)
      if abs(slope) < 1e-6 { break }
      t -= error / slope
    }
    var low = 0.0
    var high = 1.0
    t = x
    for _ in 0..<64 {
      let value = self.x(t)
      if abs(value - x) < epsilon { return t }
      if value < x { low = t } else { high = t }
      t = (low + high) / 2
    }
    return t
  }

  /// y at the given x (x in 0…1).
  func y(atX x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    return y(parameter(forX: x))
  }

  /// The exact range of y over t in 0…1: the end points and the zeros of y′(t).
  var yRange: ClosedRange<Double> {
    var values = [0.0, 1.0]
    // y′(t) = 3·ay·t² + 2·by·t + cy
    let a = 3 * ay
    let b = 2 * by
    let c = cy
    var roots: [Double] = []
    if abs(a) < 1e-12 {
      if abs(b) > 1e-12 { roots.append(-c / b) }
    } else {
      let discriminant = b * b - 4 * a * c
      if discriminant >= 0 {
        let root = discriminant.squareRoot()
        roots.append((-b + root) / (2 * a))
        roots.append((-b - root) / (2 * a))
      }
    }
    for t in roots where t > 0 && t < 1 { values.append(y(t)) }
    return values.min()!...values.max()!
  }
}
