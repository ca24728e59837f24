/// Outlines cut down to a stretch of their length (Lottie's trim paths): from `start` to `end`,
/// both fractions 0…1 of the length, moved along by `offset` turns (wrapping past the end).
///
/// Each outline is trimmed alone with the same fractions, or, when `together`, all of them as one
/// path laid end to end in order (Lottie's "individually").
public struct TrimmedOutline: Codable, Equatable, Sendable {
  /// The outlines trimmed.
  public var outlines: [ShapeGeometry]
  /// Where the kept stretch starts, 0…1 of the length.
  public var start: AnimatedNumber
  /// Where it ends, 0…1 of the length.
  public var end: AnimatedNumber
  /// How far both move along, in turns (1: the whole length).
  public var offset: AnimatedNumber
  /// Whether the outlines are trimmed as one path end to end, instead of each alone.
  public var together: Bool

  /// Creates a trimmed outline.
  public init(
    _ outlines: [ShapeGeometry], start: AnimatedNumber, end: AnimatedNumber, offset: AnimatedNumber = .constant(0),
    together: Bool = false
  ) {
    self.outlines = outlines
    self.start = start
    self.end = end
    self.offset = offset
    self.together = together
  }

  /// The kept stretches as open sub-paths (a whole closed contour stays closed), or `nil` when an
  /// outline has no Bézier form (arcs, sectors, sine regions).
  /// - Parameter values: the timeline's values at that time.
  /// - Complexity: O(segments) with a fixed number of samples per segment.
  public func path(in values: TrackValues) -> VectorPath? {
    var paths: [VectorPath] = []
    for outline in outlines {
      guard let path = outline.vectorPath(in: values) else { return nil }
      paths.append(path)
    }
    var s = NumberExpression.finite(start.value(in: values), 0)
    var e = NumberExpression.finite(end.value(in: values), 1)
    if s > e { (s, e) = (e, s) }
    s = Swift.min(Swift.max(s, 0), 1)
    e = Swift.min(Swift.max(e, 0), 1)
    guard e > s else { return VectorPath(contours: []) }
    if s <= 0, e >= 1 { return VectorPath(contours: paths.flatMap(\.contours)) }
    var o = NumberExpression.finite(offset.value(in: values), 0)
    o -= o.rounded(.down)
    s += o
    e += o
    // The kept fractions of the length: one range, or two when it wraps past the end.
    let ranges: [(Double, Double)] =
      e <= 1 ? [(s, e)] : s >= 1 ? [(s - 1, e - 1)] : [(s, 1), (0, e - 1)]
    if together {
      let measured = paths.map(PathMeasure.init)
      let total = measured.reduce(0) { $0 + $1.length }
      var contours: [VectorPath.Contour] = []
      var before = 0.0
      for measure in measured {
        for (a, b) in ranges {
          let from = Swift.max(a * total - before, 0)
          let to = Swift.min(b * total - before, measure.length)
          if to > from { contours += measure.contours(from: from, to: to) }
        }
        before += measure.length
      }
      return VectorPath(contours: contours)
    }
    var contours: [VectorPath.Contour] = []
    for path in paths {
      let measure = PathMeasure(path)
      for (a, b) in ranges { contours += measure.contours(from: a * measure.length, to: b * measure.length) }
    }
    return VectorPath(contours: contours)
  }
}
