/// A translucent pie over the circle that covers the part not yet done.
///
/// As the source's `strokeEnd = 1 − progress` on a counter-clockwise path from 12 o'clock:
/// the pie spans `1 − progress` of the circle counter-clockwise from 12 o'clock, so it
/// shrinks towards 12 o'clock as progress grows.
public struct Pie: Codable, Equatable, Sendable {
  /// Overlay colour (the source: black at 40 %).
  public var color: RGBAColor
  /// The track the pie follows (default `progress`).
  public var source: String?

  /// Creates a pie.
  public init(color: RGBAColor, source: String? = nil) {
    self.color = color
    self.source = source
  }
}
