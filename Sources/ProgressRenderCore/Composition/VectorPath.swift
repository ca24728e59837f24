/// Bézier sub-paths as Lottie and SVG hold them: each a list of vertices with in and out tangents
/// (relative to the vertex), open or closed.
public struct VectorPath: Codable, Equatable, Sendable {
  /// One vertex: the point, the tangent the curve arrives along and the one it leaves along.
  public struct Vertex: Codable, Equatable, Sendable {
    /// The point.
    public var point: Point
    /// The incoming control point, relative to `point` (zero: a corner).
    public var inTangent: Point
    /// The outgoing control point, relative to `point` (zero: a corner).
    public var outTangent: Point

    /// Creates a vertex.
    public init(_ point: Point, inTangent: Point = Point(x: 0, y: 0), outTangent: Point = Point(x: 0, y: 0)) {
      self.point = point
      self.inTangent = inTangent
      self.outTangent = outTangent
    }
  }

  /// One sub-path.
  public struct Contour: Codable, Equatable, Sendable {
    /// The vertices in drawing order.
    public var vertices: [Vertex]
    /// Whether the last vertex joins the first.
    public var closed: Bool

    /// Creates a sub-path.
    public init(vertices: [Vertex], closed: Bool) {
      self.vertices = vertices
      self.closed = closed
    }
  }

  /// The sub-paths.
  public var contours: [Contour]

  /// Creates a path.
  public init(contours: [Contour]) {
    self.contours = contours
  }

  /// A straight segment.
  public static func line(from a: Point, to b: Point) -> VectorPath {
    VectorPath(contours: [Contour(vertices: [Vertex(a), Vertex(b)], closed: false)])
  }
}
