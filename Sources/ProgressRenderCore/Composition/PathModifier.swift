import Foundation

/// Outlines changed by one of Lottie's path modifiers (round corners, offset path, pucker and
/// bloat, zig zag), each outline alone, evaluated at a time into Bézier sub-paths as `TrimmedOutline` is.
public struct PathModifier: Codable, Equatable, Sendable {
  /// How an offset outline turns at its corners.
  public enum Join: String, Codable, Equatable, Sendable {
    /// Sharp corners, cut to a bevel past the miter limit.
    case miter
    /// Circular corners.
    case round
    /// Corners cut straight across.
    case bevel
  }

  /// What the modifier does, with its animated parameters.
  public enum Kind: Codable, Equatable, Sendable {
    /// Every sharp corner (a vertex with no tangents) rounded with this radius.
    case roundCorners(radius: AnimatedNumber)
    /// The outline moved along its normal by `amount` (positive: outwards for a clockwise outline).
    case offset(amount: AnimatedNumber, join: Join, miterLimit: AnimatedNumber)
    /// Vertices pulled towards the contour's centre by `amount` (a fraction; negative: pucker) and
    /// tangents pushed the other way.
    case puckerBloat(amount: AnimatedNumber)
    /// Each segment turned into `ridges` points alternately `size` to either side, corners or smooth.
    case zigZag(size: AnimatedNumber, ridges: AnimatedNumber, smooth: Bool)
  }

  /// The outlines changed.
  public var outlines: [ShapeGeometry]
  /// The change.
  public var kind: Kind

  /// Creates a modified outline.
  /// - Parameters:
  ///   - outlines: the outlines changed.
  ///   - kind: the change.
  public init(_ outlines: [ShapeGeometry], kind: Kind) {
    self.outlines = outlines
    self.kind = kind
  }

  /// Whether the outlines and the parameters are the same at every time.
  public var parametersAreConstant: Bool {
    switch kind {
    case .roundCorners(let radius): radius.constantValue != nil
    case .offset(let amount, _, let limit): amount.constantValue != nil && limit.constantValue != nil
    case .puckerBloat(let amount): amount.constantValue != nil
    case .zigZag(let size, let ridges, _): size.constantValue != nil && ridges.constantValue != nil
    }
  }

  /// The changed outlines as sub-paths, or `nil` when an outline has no Bézier form (arcs,
  /// sectors, sine regions).
  /// - Parameter values: the timeline's values at that time.
  /// - Returns: the sub-paths of every outline, in order.
  /// - Complexity: O(vertices), times the ridges for a zig zag.
  public func path(in values: TrackValues) -> VectorPath? {
    var contours: [VectorPath.Contour] = []
    for outline in outlines {
      guard let path = outline.vectorPath(in: values) else { return nil }
      contours += apply(path, values).contours
    }
    return VectorPath(contours: contours)
  }

  /// One outline changed.
  private func apply(_ path: VectorPath, _ values: TrackValues) -> VectorPath {
    func number(_ value: AnimatedNumber) -> Double { NumberExpression.finite(value.value(in: values), 0) }
    switch kind {
    case .roundCorners(let radius):
      let r = number(radius)
      guard r > 0 else { return path }
      return VectorPath(contours: path.contours.map { Self.rounded($0, radius: r) })
    case .offset(let amount, let join, let limit):
      let d = number(amount)
      guard d != 0 else { return path }
      return PathOffset.offset(path, by: d, join: join, miterLimit: Swift.max(number(limit), 1))
    case .puckerBloat(let amount):
      let p = number(amount)
      guard p != 0 else { return path }
      return VectorPath(contours: path.contours.map { Self.puckered($0, amount: p) })
    case .zigZag(let size, let ridges, let smooth):
      let count = Int(Swift.min(Swift.max(number(ridges), 0), 1000).rounded(.down))
      let s = number(size)
      guard s != 0 || count > 0 else { return path }
      return VectorPath(contours: path.contours.map { Self.zigZagged($0, size: s, ridges: count, smooth: smooth) })
    }
  }

  /// The length of a quarter circle's tangents as a fraction of its radius.
  private static let kappa = 0.5519150244935105

  /// Sharp corners replaced by two vertices `radius` (at most half the side) along each side,
  /// joined by a quarter-circle-like curve; the ends of an open contour stay.
  static func rounded(_ contour: VectorPath.Contour, radius: Double) -> VectorPath.Contour {
    let vertices = contour.vertices
    let n = vertices.count
    guard n > 1 else { return contour }
    let zero = Point(x: 0, y: 0)
    var out: [VectorPath.Vertex] = []
    for (i, vertex) in vertices.enumerated() {
      let sharp = vertex.inTangent == zero && vertex.outTangent == zero
      let end = !contour.closed && (i == 0 || i == n - 1)
      guard sharp, !end else {
        out.append(vertex)
        continue
      }
      let c = vertex.point
      for neighbour in [vertices[(i + n - 1) % n].point, vertices[(i + 1) % n].point] {
        let distance = (neighbour - c).length
        let fraction = distance > 0 ? Swift.min(distance / 2, radius) / distance : 0
        let p = c + (neighbour - c) * fraction
        let tangent = (c - p) * kappa
        out.append(VectorPath.Vertex(p, inTangent: tangent, outTangent: tangent))
      }
    }
    return VectorPath.Contour(vertices: out, closed: contour.closed)
  }

  /// Vertices moved towards the centre of the vertices' bounding box by `amount` (1: onto it) and
  /// their tangents' ends moved away from it by the same fraction. After Effects takes the box's
  /// centre (lottie-web the vertices' mean, which differs on a shape with an odd symmetry such as
  /// a pentagon).
  static func puckered(_ contour: VectorPath.Contour, amount: Double) -> VectorPath.Contour {
    guard let first = contour.vertices.first?.point else { return contour }
    let (low, high) = contour.vertices.reduce((first, first)) { box, vertex in
      (
        Point(x: Swift.min(box.0.x, vertex.point.x), y: Swift.min(box.0.y, vertex.point.y)),
        Point(x: Swift.max(box.1.x, vertex.point.x), y: Swift.max(box.1.y, vertex.point.y))
      )
    }
    let center = (low + high) * 0.5
    let vertices = contour.vertices.map { v in
      let point = v.point + (center - v.point) * amount
      let inEnd = v.point + v.inTangent
      let outEnd = v.point + v.outTangent
      return VectorPath.Vertex(
        point, inTangent: inEnd + (center - inEnd) * -amount - point,
        outTangent: outEnd + (center - outEnd) * -amount - point)
    }
    return VectorPath.Contour(vertices: vertices, closed: contour.closed)
  }

  /// Each vertex and `ridges` points of each segment, at equal distances along it, moved `size`
  /// along the normal, alternately to either side. Smooth points get tangents along the path, as
  /// long as the chord on their side over `2 × (ridges + 1)` (After Effects' smooth ridges).
  /// - Complexity: O(vertices × (ridges + `PathMeasure.samples`)).
  static func zigZagged(_ contour: VectorPath.Contour, size: Double, ridges: Int, smooth: Bool)
    -> VectorPath.Contour
  {
    let vertices = contour.vertices
    let n = vertices.count
    guard n > 1 else { return contour }
    let segments = contour.closed ? n : n - 1
    var out: [VectorPath.Vertex] = []
    var side = -1.0
    let spacing = Double(ridges + 1) * 2
    func add(_ point: Point, _ direction: Point, before: Double, after: Double) {
      let normal = Point(x: direction.y, y: -direction.x)
      let p = point + normal * (side * size)
      let zero = Point(x: 0, y: 0)
      out.append(
        VectorPath.Vertex(
          p, inTangent: smooth ? direction * (-before / spacing) : zero,
          outTangent: smooth ? direction * (after / spacing) : zero))
      side = -side
    }
    func cubic(_ i: Int) -> Bezier.Segment {
      let a = vertices[i]
      let b = vertices[(i + 1) % n]
      return (a.point, a.point + a.outTangent, b.point + b.inTangent, b.point)
    }
    for i in 0..<n {
      // The vertex: along the mean of the directions in and out.
      let before = i > 0 || contour.closed ? cubic((i + n - 1) % n) : nil
      let after = i < segments ? cubic(i) : nil
      let directions = [before.map { Bezier.direction($0, at: 1) }, after.map { Bezier.direction($0, at: 0) }]
        .compactMap { $0 }
      guard let first = directions.first else { continue }
      let direction = directions.reduce(Point(x: 0, y: 0), +).unit ?? first
      let chordBefore = before.map { ($0.3 - $0.0).length }
      let chordAfter = after.map { ($0.3 - $0.0).length }
      add(
        vertices[i].point, direction, before: chordBefore ?? chordAfter ?? 0,
        after: chordAfter ?? chordBefore ?? 0)
      guard let segment = after, ridges > 0 else { continue }
      let chord = (segment.3 - segment.0).length
      let measure = PathMeasure.Segment(segment.0, segment.1, segment.2, segment.3)
      for k in 1...ridges {
        let t = measure.parameter(at: measure.length * Double(k) / Double(ridges + 1), refined: true)
        add(Bezier.point(segment, at: t), Bezier.direction(segment, at: t), before: chord, after: chord)
      }
    }
    return VectorPath.Contour(vertices: out, closed: contour.closed)
  }
}
