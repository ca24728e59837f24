/// How a shape's outline is painted.
public struct ShapeStroke: Codable, Equatable, Sendable {
  /// Corner shapes where segments meet.
  public enum Join: String, Codable, Equatable, Sendable {
    case miter, round, bevel
  }

  /// The paint.
  public var paint: PaintSource
  /// Line width.
  public var width: AnimatedNumber
  /// End caps.
  public var cap: LineCap
  /// Corners.
  public var join: Join
  /// The miter limit (ratio of miter length to width).
  public var miterLimit: Double
  /// Dash lengths, on then off, repeated (empty: solid).
  public var dashes: [Double]
  /// How far into the dash pattern the outline starts.
  public var dashOffset: Double
  /// A dash pattern that changes over time, drawn instead of `dashes` and `dashOffset`; `nil`
  /// (also when absent from encoded data): those two at every time.
  public var animatedDash: StrokeDash?

  /// Creates a stroke.
  public init(
    _ paint: PaintSource, width: AnimatedNumber, cap: LineCap = .butt, join: Join = .miter, miterLimit: Double = 10,
    dashes: [Double] = [], dashOffset: Double = 0, animatedDash: StrokeDash? = nil
  ) {
    self.paint = paint
    self.width = width
    self.cap = cap
    self.join = join
    self.miterLimit = miterLimit
    self.dashes = dashes
    self.dashOffset = dashOffset
    self.animatedDash = animatedDash
  }

  /// The dash lengths (empty: solid) and offset at one time.
  /// - Parameter values: the timeline's values at that time.
  public func dash(in values: TrackValues) -> (lengths: [Double], offset: Double) {
    animatedDash?.pattern(in: values) ?? (dashes, dashOffset)
  }
}
