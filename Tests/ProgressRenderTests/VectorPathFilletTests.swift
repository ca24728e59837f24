import Foundation
import Testing

@testable import ProgressRenderCore

/// `VectorPath.filleted`: corners become tiny tangent-continuous curves, smooth joins and open
/// contours stay, and the outline moves by at most the fillet's size.
@Suite struct VectorPathFilletTests {
  /// A closed polygon of straight sides.
  static func polygon(_ points: [(Double, Double)]) -> VectorPath {
    VectorPath(contours: [
      VectorPath.Contour(vertices: points.map { VectorPath.Vertex(Point(x: $0.0, y: $0.1)) }, closed: true)
    ])
  }

  /// The cubic pieces of a closed contour, as control points.
  static func pieces(_ contour: VectorPath.Contour) -> [[Point]] {
    let v = contour.vertices
    return v.indices.map { index in
      let (a, b) = (v[index], v[(index + 1) % v.count])
      return [a.point, a.point + a.outTangent, b.point + b.inTangent, b.point]
    }
  }

  /// The direction a piece leaves or arrives in, from its nearest distinct control point.
  static func direction(_ piece: [Point], leaving: Bool) -> Point? {
    let order = leaving ? [1, 2, 3].map { piece[$0] - piece[0] } : [2, 1, 0].map { piece[3] - piece[$0] }
    return order.lazy.compactMap(\.unit).first
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var points: [(Double, Double)]
    var corners: Int
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "square", points: [(0, 0), (10, 0), (10, 10), (0, 10)], corners: 4),
    Case(name: "spike", points: [(0, 0), (20, 1), (0, 2)], corners: 3),
    Case(name: "seven", points: [(0, 0), (30, 0), (30, 4), (12, 40), (8, 40), (25, 4), (0, 4)], corners: 7),
  ]

  /// Each corner becomes a fillet piece: the contour gains one piece per corner, every join is
  /// tangent-continuous (no corner left for a miter), and every vertex is on the old outline or
  /// within the size of a corner.
  @Test(arguments: cases)
  func cornersBecomeSmoothFillets(_ c: Case) throws {
    let size = 0.5
    let made = Self.polygon(c.points).filleted(size: size)
    let contour = try #require(made.contours.first)
    #expect(contour.closed)
    #expect(contour.vertices.count == c.points.count + c.corners)
    let pieces = Self.pieces(contour)
    for index in pieces.indices {
      let arriving = try #require(Self.direction(pieces[index], leaving: false))
      let leaving = try #require(Self.direction(pieces[(index + 1) % pieces.count], leaving: true))
      #expect(arriving.x * leaving.x + arriving.y * leaving.y > 0.9999, "join \(index) turns")
    }
    let corners = c.points.map { Point(x: $0.0, y: $0.1) }
    for vertex in contour.vertices {
      let nearest = corners.map { $0.distance(to: vertex.point) }.min() ?? 0
      #expect(nearest <= size + 1e-9 || nearest > 1)
    }
  }

  /// A smooth contour (a circle of four quarters), an open one and a zero size are left as they are.
  @Test func smoothOpenAndZeroAreKept() {
    let k = 0.5523 * 10
    let circle = VectorPath(contours: [
      VectorPath.Contour(
        vertices: [
          VectorPath.Vertex(Point(x: 10, y: 0), inTangent: Point(x: 0, y: -k), outTangent: Point(x: 0, y: k)),
          VectorPath.Vertex(Point(x: 0, y: 10), inTangent: Point(x: k, y: 0), outTangent: Point(x: -k, y: 0)),
          VectorPath.Vertex(Point(x: -10, y: 0), inTangent: Point(x: 0, y: k), outTangent: Point(x: 0, y: -k)),
          VectorPath.Vertex(Point(x: 0, y: -10), inTangent: Point(x: -k, y: 0), outTangent: Point(x: k, y: 0)),
        ], closed: true)
    ])
    #expect(circle.filleted(size: 0.5) == circle)
    let open = VectorPath.line(from: Point(x: 0, y: 0), to: Point(x: 5, y: 5))
    #expect(open.filleted(size: 0.5) == open)
    let square = Self.polygon([(0, 0), (10, 0), (10, 10), (0, 10)])
    #expect(square.filleted(size: 0) == square)
    #expect(square.filleted(size: .nan) == square)
  }
}
