/// The progress arc: from `startAngle`, around the ring, over `progress` of the circle.
///
/// The whole arc turns with the `rotation` track (radians, clockwise on screen as it grows). With a
/// `tailSource` the arc is an indeterminate spinner's: it runs from the tail track's value to the
/// `source` track's value, both in turns past `startAngle` and not clamped (so they may keep growing
/// as the arc chases itself round), over at most a whole turn. With `colors`, the `colorSource` track
/// picks the colour: at value v it is `colors[⌊v⌋]` blended towards the next (cyclically) by v's fraction.
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
  /// The track whose value (0…1) the arc follows (default `progress`); with a `tailSource`, the
  /// head's position in turns.
  public var source: String?
  /// The track whose value is the tail's position in turns past `startAngle` (default: none, the
  /// arc starts at `startAngle`).
  public var tailSource: String?
  /// Colours cycled through by the `colorSource` track, instead of `color` (default none).
  public var colors: [RGBAColor]?
  /// The track that picks the colour from `colors` (default `color`).
  public var colorSource: String?

  /// Creates an arc.
  public init(
    color: RGBAColor, width: Double, cap: LineCap? = nil, startAngle: Double? = nil,
    clockwise: Bool? = nil, minProgress: Double? = nil, source: String? = nil, tailSource: String? = nil,
    colors: [RGBAColor]? = nil, colorSource: String? = nil
  ) {
    self.color = color
    self.width = width
    self.cap = cap
    self.startAngle = startAngle
    self.clockwise = clockwise
    self.minProgress = minProgress
    self.source = source
    self.tailSource = tailSource
    self.colors = colors
    self.colorSource = colorSource
  }
}
