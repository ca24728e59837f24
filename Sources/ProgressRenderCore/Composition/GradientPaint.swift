import Foundation

/// A linear or radial gradient whose points, colours and opacities may all be animated (Lottie's
/// gradient fills and strokes): colour stops and opacity stops are kept apart, as the file holds
/// them, and merged at each time.
public struct GradientPaint: Codable, Equatable, Sendable {
  /// Along a line, or out from a point.
  public enum Kind: String, Codable, Equatable, Sendable {
    /// From `start` to `end`.
    case linear
    /// Circles about `start` out to the distance of `end`, seen from a focus point (the highlight).
    case radial
  }

  /// Linear or radial.
  public var kind: Kind
  /// The line's start, or the circle's centre.
  public var start: AnimatedPoint
  /// The line's end, or a point on the outer circle.
  public var end: AnimatedPoint
  /// For a radial gradient: how far the focus lies from the centre towards the circle, −1…1.
  public var highlightLength: AnimatedNumber
  /// For a radial gradient: the focus's angle in radians, from the direction of `end`.
  public var highlightAngle: AnimatedNumber
  /// The colour stops: offset, red, green, blue (0…1) for each, one after another.
  public var colors: [AnimatedNumber]
  /// The opacity stops: offset, alpha for each, one after another (empty: opaque).
  public var opacities: [AnimatedNumber]

  /// Creates a gradient.
  public init(
    kind: Kind, start: AnimatedPoint, end: AnimatedPoint, highlightLength: AnimatedNumber = .constant(0),
    highlightAngle: AnimatedNumber = .constant(0), colors: [AnimatedNumber], opacities: [AnimatedNumber] = []
  ) {
    self.kind = kind
    self.start = start
    self.end = end
    self.highlightLength = highlightLength
    self.highlightAngle = highlightAngle
    self.colors = colors
    self.opacities = opacities
  }

  /// The stops at one time: every offset of either list, with the colour and the opacity each
  /// interpolated there (the end values past the ends).
  /// - Parameter values: the timeline's values at that time.
  /// - Complexity: O((colour stops + opacity stops)²).
  public func stops(in values: TrackValues) -> [GradientStop] {
    let c = colors.map { $0.value(in: values) }
    let a = opacities.map { $0.value(in: values) }
    let colorStops = stride(from: 0, to: c.count - 3, by: 4).map {
      ($0 < c.count ? c[$0] : 0, [c[$0 + 1], c[$0 + 2], c[$0 + 3]])
    }
    let alphaStops = stride(from: 0, to: a.count - 1, by: 2).map { (a[$0], [a[$0 + 1]]) }
    guard !alphaStops.isEmpty else {
      return colorStops.map { GradientStop($0.0, RGBAColor(red: $0.1[0], green: $0.1[1], blue: $0.1[2])) }
    }
    let offsets = Set(colorStops.map(\.0) + alphaStops.map(\.0)).sorted()
    return offsets.map { offset in
      let rgb = Self.interpolate(colorStops, offset, fallback: [0, 0, 0])
      let alpha = Self.interpolate(alphaStops, offset, fallback: [1])
      return GradientStop(offset, RGBAColor(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: alpha[0]))
    }
  }

  /// The focus of a radial gradient at one time (the centre without a highlight).
  /// - Parameter values: the timeline's values at that time.
  public func focus(in values: TrackValues) -> Point {
    let s = start.value(in: values)
    let e = end.value(in: values)
    let length = Swift.min(Swift.max(highlightLength.value(in: values), -0.99), 0.99)
    guard length != 0, length.isFinite else { return s }
    let radius = hypot(e.x - s.x, e.y - s.y)
    let angle = atan2(e.y - s.y, e.x - s.x) + highlightAngle.value(in: values)
    return Point(x: s.x + cos(angle) * radius * length, y: s.y + sin(angle) * radius * length)
  }

  /// Piecewise-linear values of stops at an offset.
  private static func interpolate(_ stops: [(Double, [Double])], _ offset: Double, fallback: [Double]) -> [Double] {
    guard let first = stops.first, let last = stops.last else { return fallback }
    if offset <= first.0 { return first.1 }
    if offset >= last.0 { return last.1 }
    for (a, b) in zip(stops, stops.dropFirst()) where offset <= b.0 {
      let f = b.0 > a.0 ? (offset - a.0) / (b.0 - a.0) : 0
      return zip(a.1, b.1).map { $0 + ($1 - $0) * f }
    }
    return last.1
  }

  /// Whether nothing in the gradient is animated.
  public var isConstant: Bool {
    start.constantValue != nil && end.constantValue != nil && highlightLength.constantValue != nil
      && highlightAngle.constantValue != nil && colors.allSatisfy { $0.constantValue != nil }
      && opacities.allSatisfy { $0.constantValue != nil }
  }
}
