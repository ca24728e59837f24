import Foundation

/// A star or a regular polygon (Lottie's polystar `sr`), every parameter a number of the timeline,
/// built at each time as lottie-web builds it: the point count rounded down, vertices from the top
/// (turned by `rotation`), roundness as tangents along the circle.
public struct Polystar: Codable, Equatable, Sendable {
  /// Which of the two outlines.
  public enum Kind: String, Codable, Equatable, Sendable {
    /// Points alternately on the outer and the inner radius.
    case star
    /// Every point on the outer radius.
    case polygon
  }

  /// The most points drawn; a larger count draws this many.
  public static let maximumPoints = 50_000

  /// A star or a polygon.
  public var kind: Kind
  /// The number of points (rounded down; below 1 draws nothing).
  public var points: AnimatedNumber
  /// The centre.
  public var center: AnimatedPoint
  /// The turn of the first point from the top, in radians, clockwise.
  public var rotation: AnimatedNumber
  /// The radius of the points.
  public var outerRadius: AnimatedNumber
  /// The radius of a star's inner vertices (unused for a polygon).
  public var innerRadius: AnimatedNumber
  /// How round the points are, as a fraction (1: tangents a quarter of the vertex's share of the circle).
  public var outerRoundness: AnimatedNumber
  /// How round a star's inner vertices are (unused for a polygon).
  public var innerRoundness: AnimatedNumber
  /// Whether the vertices go clockwise on screen (Lottie's direction 1), else counter-clockwise.
  public var clockwise: Bool

  /// Creates a star or polygon.
  public init(
    _ kind: Kind, points: AnimatedNumber, center: AnimatedPoint = .zero, rotation: AnimatedNumber = .constant(0),
    outerRadius: AnimatedNumber, innerRadius: AnimatedNumber = .constant(0),
    outerRoundness: AnimatedNumber = .constant(0), innerRoundness: AnimatedNumber = .constant(0),
    clockwise: Bool = true
  ) {
    self.kind = kind
    self.points = points
    self.center = center
    self.rotation = rotation
    self.outerRadius = outerRadius
    self.innerRadius = innerRadius
    self.outerRoundness = outerRoundness
    self.innerRoundness = innerRoundness
    self.clockwise = clockwise
  }

  /// Whether every parameter is the same at every time.
  public var isConstant: Bool {
    center.constantValue != nil
      && [points, rotation, outerRadius, innerRadius, outerRoundness, innerRoundness].allSatisfy {
        $0.constantValue != nil
      }
  }

  /// The outline at one time: one closed contour, empty when there are no points.
  /// - Parameter values: the timeline's values at that time.
  /// - Complexity: O(points).
  public func path(in values: TrackValues) -> VectorPath {
    func number(_ value: AnimatedNumber) -> Double { NumberExpression.finite(value.value(in: values), 0) }
    let count = NumberExpression.clamp(number(points).rounded(.down), 0, Double(Self.maximumPoints))
    guard count >= 1 else { return VectorPath(contours: []) }
    let star = kind == .star
    let outer = number(outerRadius)
    let inner = star ? number(innerRadius) : outer
    let outerRound = number(outerRoundness)
    let innerRound = star ? number(innerRoundness) : outerRound
    let c = center.value(in: values)
    let direction = clockwise ? 1.0 : -1.0
    let vertexCount = Int(star ? 2 * count : count)
    let step = 2 * Double.pi / Double(vertexCount)
    var angle = -Double.pi / 2 + number(rotation)
    var vertices: [VectorPath.Vertex] = []
    vertices.reserveCapacity(vertexCount)
    for index in 0..<vertexCount {
      let long = !star || index % 2 == 0
      let radius = long ? outer : inner
      let roundness = long ? outerRound : innerRound
      // Each vertex's share of the circle's perimeter, as players size the roundness tangents.
      let segment = 2 * Double.pi * radius / Double(star ? 2 * vertexCount : 4 * vertexCount)
      let x = radius * cos(angle)
      let y = radius * sin(angle)
      let length = (x * x + y * y).squareRoot()
      let (ox, oy) = length == 0 ? (0.0, 0.0) : (y / length, -x / length)
      let t = segment * roundness * direction
      vertices.append(
        VectorPath.Vertex(
          Point(x: x + c.x, y: y + c.y), inTangent: Point(x: ox * t, y: oy * t),
          outTangent: Point(x: -ox * t, y: -oy * t)))
      angle += step * direction
    }
    return VectorPath(contours: [VectorPath.Contour(vertices: vertices, closed: true)])
  }
}
