/// An outline that changes shape over time: a list of keyframed paths (Lottie's animated `sh`,
/// an animated mask), blended vertex by vertex.
///
/// `progress` n + f is the fraction f of the way from `paths[n]` to `paths[n + 1]`, so a timeline
/// track with one key per path (its easing and holds kept) moves it, as `AnimatedPoint.along` does.
public struct PathMorph: Codable, Equatable, Sendable {
  /// The keyframed outlines, in key order.
  public var paths: [VectorPath]
  /// Which outline, and how far towards the next one.
  public var progress: AnimatedNumber

  /// Creates a morph.
  public init(paths: [VectorPath], progress: AnimatedNumber) {
    self.paths = paths
    self.progress = progress
  }

  /// The outline at one time: the two keyed paths around `progress` blended; where their contours
  /// or vertex counts differ, the earlier path as it is.
  /// - Parameter values: the timeline's values at that time.
  /// - Complexity: O(vertices).
  public func path(in values: TrackValues) -> VectorPath {
    guard let first = paths.first else { return VectorPath(contours: []) }
    let value = progress.value(in: values)
    guard paths.count > 1, value.isFinite else { return first }
    let index = Swift.min(Swift.max(Int(value.rounded(.down)), 0), paths.count - 1)
    let fraction = value - Double(index)
    let from = paths[index]
    guard index + 1 < paths.count, fraction > 0 else { return from }
    let to = paths[index + 1]
    guard from.contours.count == to.contours.count,
      zip(from.contours, to.contours).allSatisfy({ $0.vertices.count == $1.vertices.count })
    else { return from }
    func mix(_ a: Point, _ b: Point) -> Point {
      Point(x: a.x + (b.x - a.x) * fraction, y: a.y + (b.y - a.y) * fraction)
    }
    return VectorPath(
      contours: zip(from.contours, to.contours).map { a, b in
        VectorPath.Contour(
          vertices: zip(a.vertices, b.vertices).map { u, v in
            VectorPath.Vertex(
              mix(u.point, v.point), inTangent: mix(u.inTangent, v.inTangent),
              outTangent: mix(u.outTangent, v.outTangent))
          }, closed: a.closed)
      })
  }
}
