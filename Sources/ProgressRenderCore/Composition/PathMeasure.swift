/// A path's cubic segments and their lengths, to cut stretches out of it by length
/// (`TrimmedOutline`). The contours count end to end, in order.
package struct PathMeasure {
  /// One cubic segment: its four control points and its length.
  package struct Segment {
    var p0: Point
    var p1: Point
    var p2: Point
    var p3: Point
    /// Cumulative lengths at `samples + 1` even steps of the parameter.
    var table: [Double]
    package var length: Double { table[table.count - 1] }

    /// Measures a cubic by `samples` chords (`PathMeasure.samples` unless given).
    package init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, samples: Int = PathMeasure.samples) {
      (self.p0, self.p1, self.p2, self.p3) = (p0, p1, p2, p3)
      var table = [0.0]
      var previous = p0
      for step in 1...samples {
        let p = Bezier.point((p0, p1, p2, p3), at: Double(step) / Double(samples))
        table.append(table[step - 1] + (p - previous).length)
        previous = p
      }
      self.table = table
    }

    /// The parameter at which the segment has run `distance` of its length (clamped to 0…1):
    /// interpolated in the table, or, `refined`, found by bisection inside the table's step with
    /// the chord from the step's start (exact on a straight segment, however its control points
    /// lie).
    /// - Complexity: O(samples), plus 30 point evaluations when refined.
    func parameter(at distance: Double, refined: Bool = false) -> Double {
      let samples = table.count - 1
      guard length > 0 else { return 0 }
      if distance <= 0 { return 0 }
      if distance >= length { return 1 }
      var step = 1
      while step < table.count - 1, table[step] < distance { step += 1 }
      let span = table[step] - table[step - 1]
      let local = span > 0 ? (distance - table[step - 1]) / span : 0
      guard refined, span > 0 else { return (Double(step - 1) + local) / Double(samples) }
      let start = Bezier.point((p0, p1, p2, p3), at: Double(step - 1) / Double(samples))
      let wanted = distance - table[step - 1]
      var (low, high) = (Double(step - 1) / Double(samples), Double(step) / Double(samples))
      for _ in 0..<30 {
        let middle = (low + high) / 2
        if (Bezier.point((p0, p1, p2, p3), at: middle) - start).length < wanted { low = middle } else { high = middle }
      }
      return (low + high) / 2
    }
  }

  /// The segments of each contour, and whether it is closed.
  private(set) var contours: [(segments: [Segment], closed: Bool)] = []
  /// The whole length.
  private(set) var length = 0.0

  /// Chords measured per segment.
  static let samples = 24

  init(_ path: VectorPath) {
    for contour in path.contours {
      let vertices = contour.vertices
      guard vertices.count > 1 else { continue }
      var segments: [Segment] = []
      let count = contour.closed ? vertices.count : vertices.count - 1
      for index in 0..<count {
        let a = vertices[index]
        let b = vertices[(index + 1) % vertices.count]
        let segment = Segment(
          a.point, Point(x: a.point.x + a.outTangent.x, y: a.point.y + a.outTangent.y),
          Point(x: b.point.x + b.inTangent.x, y: b.point.y + b.inTangent.y), b.point)
        segments.append(segment)
        length += segment.length
      }
      contours.append((segments, contour.closed))
    }
  }

  /// The part of a cubic between two parameters (de Casteljau).
  private static func split(_ s: Segment, _ t0: Double, _ t1: Double) -> (Point, Point, Point, Point) {
    func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
      Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
    // The piece after t1 is dropped, then the piece before t0 (rescaled into the rest).
    func head(_ p: (Point, Point, Point, Point), _ t: Double) -> (Point, Point, Point, Point) {
      let a = lerp(p.0, p.1, t)
      let b = lerp(p.1, p.2, t)
      let c = lerp(p.2, p.3, t)
      let d = lerp(a, b, t)
      let e = lerp(b, c, t)
      return (p.0, a, d, lerp(d, e, t))
    }
    func tail(_ p: (Point, Point, Point, Point), _ t: Double) -> (Point, Point, Point, Point) {
      let a = lerp(p.0, p.1, t)
      let b = lerp(p.1, p.2, t)
      let c = lerp(p.2, p.3, t)
      let d = lerp(a, b, t)
      let e = lerp(b, c, t)
      return (lerp(d, e, t), e, c, p.3)
    }
    let first = head((s.p0, s.p1, s.p2, s.p3), t1)
    return t1 > 0 ? tail(first, t0 / t1) : first
  }

  /// The stretch from `from` to `to` (lengths along the whole path) as open contours, one per
  /// contour it crosses; a whole closed contour stays closed.
  func contours(from: Double, to: Double) -> [VectorPath.Contour] {
    var out: [VectorPath.Contour] = []
    var before = 0.0
    for (segments, closed) in contours {
      let contourLength = segments.reduce(0) { $0 + $1.length }
      defer { before += contourLength }
      let a = from - before
      let b = to - before
      guard b > 0, a < contourLength else { continue }
      if closed, a <= 1e-9, b >= contourLength - 1e-9 {
        out.append(Self.contour(segments.map { ($0.p0, $0.p1, $0.p2, $0.p3) }, closed: true))
        continue
      }
      var pieces: [(Point, Point, Point, Point)] = []
      var start = 0.0
      for segment in segments {
        let end = start + segment.length
        defer { start = end }
        guard end > a, start < b else { continue }
        let t0 = segment.parameter(at: a - start)
        let t1 = segment.parameter(at: b - start)
        if t1 > t0 { pieces.append(Self.split(segment, t0, t1)) }
      }
      if !pieces.isEmpty { out.append(Self.contour(pieces, closed: false)) }
    }
    return out
  }

  /// A contour through consecutive cubic pieces.
  private static func contour(_ pieces: [(Point, Point, Point, Point)], closed: Bool) -> VectorPath.Contour {
    func minus(_ a: Point, _ b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    var vertices = [VectorPath.Vertex(pieces[0].0, outTangent: minus(pieces[0].1, pieces[0].0))]
    for (index, piece) in pieces.enumerated() {
      let last = index == pieces.count - 1
      if closed && last {
        vertices[0].inTangent = minus(piece.2, piece.3)
      } else {
        let next = last ? Point(x: 0, y: 0) : minus(pieces[index + 1].1, pieces[index + 1].0)
        vertices.append(VectorPath.Vertex(piece.3, inTangent: minus(piece.2, piece.3), outTangent: next))
      }
    }
    return VectorPath.Contour(vertices: vertices, closed: closed)
  }
}
