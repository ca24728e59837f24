import Foundation
import Testing

@testable import ProgressRenderCore

/// Lottie's path modifiers as geometry, in numbers: vertex positions, tangents, radii.
@Suite struct PathModifierTests {
  static let values = TrackValues(time: 0, values: [:])
  static let kappa = 0.5519150244935105

  /// The path of one outline under one modifier.
  static func modified(_ outline: ShapeGeometry, _ kind: PathModifier.Kind) -> VectorPath {
    PathModifier([outline], kind: kind).path(in: values) ?? VectorPath(contours: [])
  }

  static func square(side: Double) -> ShapeGeometry {
    .rectangle(center: .constant(0, 0), size: .constant(side, side), cornerRadius: .constant(0))
  }

  @Test(arguments: [(radius: 5.0, side: 40.0, expected: 5.0), (10, 40, 10), (30, 40, 20)])
  func roundCornersMoveEachCornerAlongBothSides(radius: Double, side: Double, expected: Double) throws {
    let path = Self.modified(Self.square(side: side), .roundCorners(radius: .constant(radius)))
    let vertices = try #require(path.contours.first?.vertices)
    #expect(vertices.count == 8)
    // The top-right corner (side / 2, -side / 2): its two new vertices, below it and left of it.
    let h = side / 2
    let below = try #require(vertices.first { abs($0.point.x - h) < 1e-9 && abs($0.point.y - (-h + expected)) < 1e-9 })
    let left = try #require(vertices.first { abs($0.point.y + h) < 1e-9 && abs($0.point.x - (h - expected)) < 1e-9 })
    #expect(abs(below.inTangent.length - expected * Self.kappa) < 1e-9)
    #expect(abs(left.outTangent.length - expected * Self.kappa) < 1e-9)
    // The tangents point at the corner.
    #expect(abs(below.inTangent.y + expected * Self.kappa) < 1e-9)
  }

  @Test func roundCornersLeaveSmoothVerticesAndOpenEnds() {
    let circle = ShapeGeometry.circle(x: 0, y: 0, radius: 10)
    #expect(Self.modified(circle, .roundCorners(radius: .constant(4))) == circle.vectorPath(in: Self.values))
    let line = ShapeGeometry.path(.line(from: Point(x: 0, y: 0), to: Point(x: 10, y: 0)))
    #expect(Self.modified(line, .roundCorners(radius: .constant(4))) == line.vectorPath(in: Self.values))
  }

  @Test(arguments: [(radius: 10.0, amount: 5.0), (10, -4), (20, 8)])
  func offsetCircleChangesItsRadius(radius: Double, amount: Double) throws {
    let circle = ShapeGeometry.circle(x: 3, y: -2, radius: radius)
    let path = Self.modified(circle, .offset(amount: .constant(amount), join: .miter, miterLimit: .constant(4)))
    let contour = try #require(path.contours.first)
    #expect(contour.closed)
    let measure = PathMeasure(path)
    #expect(abs(measure.length - 2 * .pi * (radius + amount)) < 0.01 * 2 * .pi * (radius + amount))
    for vertex in contour.vertices {
      let distance = (vertex.point - Point(x: 3, y: -2)).length
      #expect(abs(distance - (radius + amount)) < 0.01)
    }
  }

  @Test(arguments: [PathModifier.Join.miter, .bevel, .round])
  func offsetSquareGrowsItsSides(join: PathModifier.Join) throws {
    let path = Self.modified(Self.square(side: 20), .offset(amount: .constant(5), join: join, miterLimit: .constant(4)))
    let points = try #require(path.contours.first?.vertices.map(\.point))
    let xs = points.map(\.x)
    #expect(abs((xs.max() ?? 0) - 15) < 1e-9)
    #expect(abs((xs.min() ?? 0) + 15) < 1e-9)
    // A miter keeps the corner; a bevel or a round cuts it.
    let corner = points.contains { abs($0.x - 15) < 1e-9 && abs($0.y - 15) < 1e-9 }
    #expect(corner == (join == .miter))
  }

  @Test func offsetOpenLineBecomesItsOutline() throws {
    let line = ShapeGeometry.path(.line(from: Point(x: 0, y: 0), to: Point(x: 10, y: 0)))
    let path = Self.modified(line, .offset(amount: .constant(2), join: .bevel, miterLimit: .constant(4)))
    let contour = try #require(path.contours.first)
    #expect(contour.closed)
    #expect(Set(contour.vertices.map { [$0.point.x, $0.point.y] }) == [[0, -2], [10, -2], [10, 2], [0, 2]])
  }

  @Test(arguments: [(amount: 1.0, vertexDistance: 0.0), (0.5, 10), (-0.5, 30), (-1, 40)])
  func puckerAndBloatMoveVerticesAboutTheCentre(amount: Double, vertexDistance: Double) throws {
    let square = Self.square(side: 40)
    let path = Self.modified(square, .puckerBloat(amount: .constant(amount)))
    let vertices = try #require(path.contours.first?.vertices)
    for vertex in vertices {
      #expect(abs(vertex.point.length - vertexDistance * 2.0.squareRoot()) < 1e-9)
      // The tangents' ends move the other way: outwards for a bloat.
      let end = vertex.point + vertex.outTangent
      #expect(abs(end.length - (20 + 20 * amount) * 2.0.squareRoot()) < 1e-9)
    }
  }

  /// The centre is the middle of the vertices' bounding box, as in After Effects, not their mean:
  /// a right triangle's vertices pulled halfway to (15, 15), not to (10, 10).
  @Test(arguments: [(amount: 0.5, corner: 7.5), (-0.5, -7.5), (1, 15)])
  func puckerAndBloatPullTowardsTheBoundingBoxCentre(amount: Double, corner: Double) throws {
    let triangle = ShapeGeometry.path(
      VectorPath(contours: [
        VectorPath.Contour(
          vertices: [Point(x: 0, y: 0), Point(x: 30, y: 0), Point(x: 0, y: 30)].map { VectorPath.Vertex($0) },
          closed: true)
      ]))
    let path = Self.modified(triangle, .puckerBloat(amount: .constant(amount)))
    let vertices = try #require(path.contours.first?.vertices)
    #expect(abs(vertices[0].point.x - corner) < 1e-9 && abs(vertices[0].point.y - corner) < 1e-9)
    #expect(abs(vertices[1].point.x - (30 - corner)) < 1e-9 && abs(vertices[1].point.y - corner) < 1e-9)
    // The tangents' ends (on the vertices) move the other way.
    let end = vertices[0].point + vertices[0].outTangent
    #expect(abs(end.x + corner) < 1e-9 && abs(end.y + corner) < 1e-9)
  }

  @Test(arguments: [0, 1, 3, 5])
  func zigZagOnALineAddsRidgesAlternately(ridges: Int) throws {
    let line = ShapeGeometry.path(.line(from: Point(x: 0, y: 0), to: Point(x: 60, y: 0)))
    let path = Self.modified(line, .zigZag(size: .constant(5), ridges: .constant(Double(ridges)), smooth: false))
    let vertices = try #require(path.contours.first?.vertices)
    #expect(vertices.count == ridges + 2)
    for (index, vertex) in vertices.enumerated() {
      #expect(abs(abs(vertex.point.y) - 5) < 1e-9)
      if index > 0 { #expect(vertex.point.y == -vertices[index - 1].point.y) }
      // Evenly spaced by length: the line's control points sit on its ends, so its Bézier
      // parameter would bunch the ridges towards them.
      #expect(abs(vertex.point.x - 60 * Double(index) / Double(ridges + 1)) < 1e-6, "ridge \(index)")
    }
  }

  /// Ridges of a curved segment are at equal distances along it (measured here on a fine
  /// polyline), not at equal steps of its parameter.
  @Test(arguments: [2, 5])
  func zigZagOnACurveSpacesRidgesByLength(ridges: Int) throws {
    let (a, b, c, d) = (Point(x: 0, y: 0), Point(x: 0, y: 60), Point(x: 20, y: 60), Point(x: 90, y: 0))
    let curve = VectorPath(contours: [
      VectorPath.Contour(
        vertices: [VectorPath.Vertex(a, outTangent: b - a), VectorPath.Vertex(d, inTangent: c - d)], closed: false)
    ])
    // Size 0: the ridges stay on the curve.
    let path = Self.modified(
      .path(curve), .zigZag(size: .constant(0), ridges: .constant(Double(ridges)), smooth: false))
    let points = try #require(path.contours.first?.vertices.map(\.point))
    #expect(points.count == ridges + 2)
    let steps = 20_000
    var lengths = [0.0]
    var polyline = [a]
    for step in 1...steps {
      let p = Bezier.point((a, b, c, d), at: Double(step) / Double(steps))
      lengths.append(lengths[step - 1] + (p - polyline[step - 1]).length)
      polyline.append(p)
    }
    let total = lengths[steps]
    for (index, point) in points.enumerated() {
      let nearest = try #require(polyline.indices.min { (polyline[$0] - point).length < (polyline[$1] - point).length })
      #expect((polyline[nearest] - point).length < 0.05)
      #expect(abs(lengths[nearest] - total * Double(index) / Double(ridges + 1)) < 0.05, "ridge \(index)")
    }
  }

  /// A smooth corner's tangents are as long as the chord on their own side over 2 × (ridges + 1).
  @Test func zigZagSmoothCornerHandlesFollowEachSide() throws {
    let path = ShapeGeometry.path(
      VectorPath(contours: [
        VectorPath.Contour(
          vertices: [Point(x: 0, y: 0), Point(x: 60, y: 0), Point(x: 60, y: 30)].map { VectorPath.Vertex($0) },
          closed: false)
      ]))
    let modified = Self.modified(path, .zigZag(size: .constant(2), ridges: .constant(2), smooth: true))
    let vertices = try #require(modified.contours.first?.vertices)
    #expect(vertices.count == 7)
    let corner = vertices[3]
    #expect(abs(corner.inTangent.length - 60.0 / 6) < 1e-9)
    #expect(abs(corner.outTangent.length - 30.0 / 6) < 1e-9)
  }

  @Test func zigZagSmoothGivesTangentsAlongThePath() throws {
    let line = ShapeGeometry.path(.line(from: Point(x: 0, y: 0), to: Point(x: 60, y: 0)))
    let path = Self.modified(line, .zigZag(size: .constant(5), ridges: .constant(2), smooth: true))
    let vertices = try #require(path.contours.first?.vertices)
    for vertex in vertices {
      #expect(vertex.outTangent.y == 0)
      #expect(abs(vertex.outTangent.x - 10) < 1e-9)
      #expect(vertex.inTangent.x == -vertex.outTangent.x)
    }
  }

  @Test func arcsHaveNoModifiedPath() {
    let arc = ShapeGeometry.arc(center: .constant(0, 0), radius: .constant(5), start: .constant(0), end: .constant(1))
    #expect(PathModifier([arc], kind: .roundCorners(radius: .constant(1))).path(in: Self.values) == nil)
  }
}
