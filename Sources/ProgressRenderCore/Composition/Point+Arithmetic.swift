import Foundation

extension Point {
  /// The sum of two points taken as vectors.
  static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }

  /// The difference of two points taken as vectors.
  static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }

  /// A vector scaled.
  static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }

  /// The vector's length.
  var length: Double { (x * x + y * y).squareRoot() }

  /// The vector scaled to length 1, or `nil` when it has no length.
  var unit: Point? {
    let l = length
    return l > 1e-9 ? Point(x: x / l, y: y / l) : nil
  }

  /// The z component of the cross product of two vectors (positive: `b` turns clockwise on screen from `self`).
  func cross(_ b: Point) -> Double { x * b.y - y * b.x }
}
