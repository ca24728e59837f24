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

  /// Creates a stroke.
  public init(
    _ paint: PaintSource, width: AnimatedNumber, cap: LineCap = .butt, join: Join = .miter, miterLimit: Double = 10,
    dashes: [Double] = [], dashOffset: Double = 0
  ) {
    self.paint = paint
    self.width = width
    self.cap = cap
    self.join = join
    self.miterLimit = miterLimit
    self.dashes = dashes
    self.dashOffset = dashOffset
  }
}
