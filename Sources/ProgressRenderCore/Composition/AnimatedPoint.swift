import Foundation

/// A point property of a node: each coordinate its own number, or a point moving along a path
/// (spatial tangents: Lottie's `ti`/`to`, Core Animation's `path`).
public enum AnimatedPoint: Codable, Equatable, Sendable {
  /// x and y animated separately.
  case separate(x: AnimatedNumber, y: AnimatedNumber)
  /// A point along `path`'s first contour: `progress` n + f is the fraction f of the arc length of
  /// segment n (from vertex n to n + 1), so a timeline track with one key per vertex moves it.
  case along(VectorPath, progress: AnimatedNumber)

  /// x and y animated separately.
  public init(x: AnimatedNumber, y: AnimatedNumber) { self = .separate(x: x, y: y) }

  /// A constant point.
  public static func constant(_ x: Double, _ y: Double) -> AnimatedPoint {
    .separate(x: .constant(x), y: .constant(y))
  }
  /// The origin.
  public static let zero = AnimatedPoint.constant(0, 0)
  /// (1, 1), the identity scale.
  public static let one = AnimatedPoint.constant(1, 1)

  /// The point at one time.
  /// - Parameter values: the timeline's values at that time.
  /// - Complexity: O(1) for separate coordinates; O(vertices) along a path.
  public func value(in values: TrackValues) -> Point {
    switch self {
    case .separate(let x, let y): Point(x: x.value(in: values), y: y.value(in: values))
    case .along(let path, let progress): path.point(atProgress: progress.value(in: values))
    }
  }

  /// The constant point, or `nil` when animated.
  public var constantValue: Point? {
    guard case .separate(let x, let y) = self, let px = x.constantValue, let py = y.constantValue else { return nil }
    return Point(x: px, y: py)
  }
}

extension AnimatedPoint {
  /// The direction the point moves in at one time, in radians clockwise from the x axis, for a
  /// point along a path (its tangent there); `nil` for separate coordinates.
  /// - Parameter values: the timeline's values at that time.
  public func direction(in values: TrackValues) -> Double? {
    guard case .along(let path, let progress) = self else { return nil }
    let at = progress.value(in: values)
    guard at.isFinite else { return nil }
    // A small step within the segment, backwards at its end.
    let segment = at.rounded(.down)
    let step = 1e-3
    let (from, to) = at + step <= segment + 1 ? (at, at + step) : (at - step, at)
    let a = path.point(atProgress: from)
    let b = path.point(atProgress: to)
    guard a != b else { return nil }
    return atan2(b.y - a.y, b.x - a.x)
  }
}

extension VectorPath {
  /// The point at `progress` along the first contour (see `AnimatedPoint.along`), by arc length.
  func point(atProgress progress: Double) -> Point {
    guard let contour = contours.first, let first = contour.vertices.first else { return Point(x: 0, y: 0) }
    let segments = contour.vertices.count - 1
    guard segments > 0, progress.isFinite else { return first.point }
    let index = Swift.min(Swift.max(Int(progress.rounded(.down)), 0), segments - 1)
    let fraction = Swift.min(Swift.max(progress - Double(index), 0), 1)
    let a = contour.vertices[index]
    let b = contour.vertices[index + 1]
    let p0 = a.point
    let p1 = Point(x: a.point.x + a.outTangent.x, y: a.point.y + a.outTangent.y)
    let p2 = Point(x: b.point.x + b.inTangent.x, y: b.point.y + b.inTangent.y)
    let p3 = b.point
    func at(_ t: Double) -> Point {
      let u = 1 - t
      let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
      return Point(
        x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x, y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
    }
    // Arc length by 32 chords: the parameter whose length is `fraction` of the segment's.
    let steps = 32
    var lengths = [0.0]
    var previous = p0
    for step in 1...steps {
      let p = at(Double(step) / Double(steps))
      lengths.append(
        lengths[step - 1]
          + ((p.x - previous.x) * (p.x - previous.x) + (p.y - previous.y) * (p.y - previous.y)).squareRoot())
      previous = p
    }
    let target = fraction * lengths[steps]
    guard lengths[steps] > 0 else { return at(fraction) }
    var step = 1
    while step < steps && lengths[step] < target { step += 1 }
    let span = lengths[step] - lengths[step - 1]
    let local = span > 0 ? (target - lengths[step - 1]) / span : 0
    return at((Double(step - 1) + local) / Double(steps))
  }
}
