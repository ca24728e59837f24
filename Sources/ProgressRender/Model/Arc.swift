/// The progress arc: from `startAngle`, around the ring, over `progress` of the circle.
public struct Arc: Codable, Equatable, Sendable {
  /// Stroke colour.
  public var color: RGBAColor
  /// Stroke width in points.
  public var width: Double
  /// Line cap (default `butt`, as Core Animation's).
  public var cap: LineCap?
  /// Start angle in degrees, clockwise from 3 o'clock: -90 is 12 o'clock (default -90).
  public var startAngle: Double?
  /// Direction of growth (default clockwise).
  public var clockwise: Bool?
  /// Smallest fraction drawn, so that 0 % still shows a dot (default 0).
  public var minProgress: Double?
  /// The track whose value (0…1) the arc follows (default `progress`).
  public var source: String?

  /// Creates an arc.
  public init(
    color: RGBAColor, width: Double, cap: LineCap? = nil, startAngle: Double? = nil,
    clockwise: Bool? = nil, minProgress: Double? = nil, source: String? = nil
  ) {
    self.color = color
    self.width = width
    self.cap = cap
    self.startAngle = startAngle
    self.clockwise = clockwise
    self.minProgress = minProgress
    self.source = source
  }
}
