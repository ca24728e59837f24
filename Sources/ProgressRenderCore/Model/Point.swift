/// A point in the plane, in points, y down.
public struct Point: Codable, Equatable, Hashable, Sendable {
  public var x: Double
  public var y: Double

  /// Creates a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The point `amount` of the way along the straight line to `other`.
  public func interpolated(to other: Point, amount: Double) -> Point {
    Point(x: (1 - amount) * x + amount * other.x, y: (1 - amount) * y + amount * other.y)
  }

  /// Euclidean distance.
  public func distance(to other: Point) -> Double {
    let dx = other.x - x
    let dy = other.y - y
    return (dx * dx + dy * dy).squareRoot()
  }
}
