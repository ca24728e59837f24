import Foundation

/// Bézier outlines moved along their normals, as Lottie players offset paths: each segment split
/// in pieces whose control polygons are offset line by line, and corners joined by a miter, a
/// round or a bevel.
enum PathOffset {
  /// The path moved by `amount` along each contour's normal (positive: to the left of the
  /// direction of travel on screen, outwards for a clockwise contour).
  /// - Parameters:
  ///   - path: the path.
  ///   - amount: the distance.
  ///   - join: how corners join.
  ///   - miterLimit: the longest miter, in multiples of the distance.
  /// - Returns: the offset path.
  static func offset(_ path: VectorPath, by amount: Double, join: PathModifier.Join, miterLimit: Double) -> VectorPath {
    VectorPath(contours: path.contours.compactMap { offset($0, amount, join, miterLimit) })
  }

  private static func offset(_ contour: VectorPath.Contour, _ d: Double, _ join: PathModifier.Join, _ limit: Double)
    -> VectorPath.Contour?
  {
    let v = contour.vertices
    let n = v.count
    guard n > 1 else { return contour }
    var segments: [Bezier.Segment] = []
    for i in 0..<(contour.closed ? n : n - 1) {
      let a = v[i]
      let b = v[(i + 1) % n]
      let s = (a.point, a.point + a.outTangent, b.point + b.inTangent, b.point)
      if (s.3 - s.0).length > 1e-9 || (s.1 - s.0).length > 1e-9 || (s.2 - s.3).length > 1e-9 { segments.append(s) }
    }
    guard !segments.isEmpty else { return nil }
    guard contour.closed else {
      // An open contour becomes the closed outline around it: one side, the end, the other side back.
      let back = segments.reversed().map { ($0.3, $0.2, $0.1, $0.0) }
      var pieces = chain(segments, d, join, limit)
      var other = chain(back, d, join, limit)
      cap(&pieces, &other[0], around: segments[segments.count - 1].3, d, join)
      pieces += other
      var first = pieces[0]
      cap(&pieces, &first, around: segments[0].0, d, join)
      pieces[0] = first
      return contourOf(pieces, closed: true)
    }
    // Positive distances grow a closed contour whichever way it runs.
    let area = zip(v, v.dropFirst() + v.prefix(1)).reduce(0) { $0 + $1.0.point.cross($1.1.point) }
    let distance = area < 0 ? -d : d
    var pieces = chain(segments, distance, join, limit)
    var first = pieces[0]
    joinPieces(&pieces, &first, corner: segments[0].0, distance, join, limit)
    pieces[0] = first
    return contourOf(pieces, closed: contour.closed)
  }

  /// Consecutive segments offset and joined at their corners.
  private static func chain(_ segments: [Bezier.Segment], _ d: Double, _ join: PathModifier.Join, _ limit: Double)
    -> [Bezier.Segment]
  {
    var pieces: [Bezier.Segment] = []
    for (index, segment) in segments.enumerated() {
      var moved = split(segment).map { offsetPiece($0, d) }
      if index > 0 { joinPieces(&pieces, &moved[0], corner: segment.0, d, join, limit) }
      pieces += moved
    }
    return pieces
  }

  /// The end of an open contour: a half circle about it for round joins, else straight across.
  private static func cap(
    _ pieces: inout [Bezier.Segment], _ next: inout Bezier.Segment, around end: Point, _ d: Double,
    _ join: PathModifier.Join
  ) {
    guard let last = pieces.last else { return }
    let a = last.3
    let b = next.0
    guard join == .round else {
      pieces.append((a, a, b, b))
      return
    }
    let u = Bezier.direction(last, at: 1)
    let tip = end + u * abs(d)
    let handle = 0.5519150244935105 * abs(d)
    let w = Bezier.direction(next, at: 0)
    pieces.append((a, a + u * handle, tip + (a - end) * (handle / abs(d)), tip))
    pieces.append((tip, tip + (b - end) * (handle / abs(d)), b - w * handle, b))
  }

  /// A segment cut in four, so that each piece bends little.
  private static func split(_ s: Bezier.Segment) -> [Bezier.Segment] {
    let straight = (s.1 - s.0).cross(s.3 - s.0) == 0 && (s.2 - s.0).cross(s.3 - s.0) == 0
    guard !straight else { return [s] }
    let (a, b) = Bezier.split(s, at: 0.5)
    let (a1, a2) = Bezier.split(a, at: 0.5)
    let (b1, b2) = Bezier.split(b, at: 0.5)
    return [a1, a2, b1, b2]
  }

  /// One piece offset: its ends along their normals, its control points where the offset lines
  /// of its control polygon meet.
  private static func offsetPiece(_ s: Bezier.Segment, _ d: Double) -> Bezier.Segment {
    func normal(_ u: Point) -> Point { Point(x: u.y, y: -u.x) }
    let start = Bezier.direction(s, at: 0)
    let end = Bezier.direction(s, at: 1)
    let p0 = s.0 + normal(start) * d
    let p3 = s.3 + normal(end) * d
    guard let middle = (s.2 - s.1).unit else {
      return (p0, s.1 + normal(start) * d, s.2 + normal(end) * d, p3)
    }
    let m = s.1 + normal(middle) * d
    let p1 = (s.1 - s.0).unit.flatMap { Bezier.intersection(p0, $0, m, middle) } ?? s.1 + normal(start) * d
    let p2 = (s.3 - s.2).unit.flatMap { Bezier.intersection(p3, $0, m, middle) } ?? s.2 + normal(end) * d
    return (p0, p1, p2, p3)
  }

  /// The join from the last piece to `next` about the original corner: on the outside a miter,
  /// round or bevel; on the inside both ends moved to where the two offset tangents meet.
  private static func joinPieces(
    _ pieces: inout [Bezier.Segment], _ next: inout Bezier.Segment, corner: Point, _ d: Double,
    _ join: PathModifier.Join,
    _ limit: Double
  ) {
    guard let last = pieces.last else { return }
    let a = last.3
    let b = next.0
    guard (b - a).length > 1e-6 else { return }
    let u = Bezier.direction(last, at: 1)
    let w = Bezier.direction(next, at: 0)
    if u.cross(w) * d < 0 {
      // Inside: the offset pieces cross; meet where their tangents do.
      if let x = Bezier.intersection(a, u, b, w), (x - corner).length <= 4 * abs(d) {
        pieces[pieces.count - 1].3 = x
        pieces[pieces.count - 1].2 = pieces[pieces.count - 1].2 + (x - a)
        next.0 = x
        next.1 = next.1 + (x - b)
      } else {
        pieces.append((a, a, b, b))
      }
      return
    }
    switch join {
    case .miter:
      if let x = Bezier.intersection(a, u, b, w), (x - corner).length <= limit * abs(d) {
        pieces.append((a, a, x, x))
        pieces.append((x, x, b, b))
      } else {
        pieces.append((a, a, b, b))
      }
    case .round:
      let angle = atan2(u.cross(w), u.x * w.x + u.y * w.y)
      let handle = 4.0 / 3.0 * tan(abs(angle) / 4) * abs(d)
      pieces.append((a, a + u * handle, b - w * handle, b))
    case .bevel:
      pieces.append((a, a, b, b))
    }
  }

  /// Consecutive pieces as a contour's vertices.
  private static func contourOf(_ pieces: [Bezier.Segment], closed: Bool) -> VectorPath.Contour {
    var vertices: [VectorPath.Vertex] = []
    for (i, piece) in pieces.enumerated() {
      let inTangent = i > 0 ? pieces[i - 1].2 - piece.0 : (closed ? (pieces.last.map { $0.2 - $0.3 }) : nil)
      vertices.append(
        VectorPath.Vertex(piece.0, inTangent: inTangent ?? Point(x: 0, y: 0), outTangent: piece.1 - piece.0))
    }
    if !closed, let last = pieces.last {
      vertices.append(VectorPath.Vertex(last.3, inTangent: last.2 - last.3))
    }
    return VectorPath.Contour(vertices: vertices, closed: closed)
  }
}
