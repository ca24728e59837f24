/// A point in the plane, in points, y down.
public struct Point: Codable, Equatable, Hashable, Sendable, Interpolatable {
  public var x: Double
  public var y: Double

  /// Creates a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The point `amount` of the way along the straight line to `other`.
  public func interpolated(to other: Point, amount: Double) -> Point {
    Point(x: x.interpolated(to: other.x, amount: amount), y: y.interpolated(to: other.y, amount: amount))
  }

  /// Euclidean distance.
  public func distance(to other: Point) -> Double {
    let dx = other.x - x
    let dy = other.y - y
    return (dx * dx + dy * dy).squareRoot()
  }
}
