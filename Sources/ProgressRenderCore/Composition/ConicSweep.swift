/// A conic gradient: `from` at the angle `start`, `to` at `end` (radians, clockwise on screen),
/// blended along the angle between them; constant for `lead` radians before the start and `trail`
/// after the end, and across the rest of the turn blended back — the wave ring's head-to-tail fade.
public struct ConicSweep: Codable, Hashable, Sendable {
  /// The centre.
  public var center: Point
  /// Start angle, radians.
  public var start: Double
  /// End angle, radians.
  public var end: Double
  /// The colour at the start.
  public var from: RGBAColor
  /// The colour at the end.
  public var to: RGBAColor
  /// Radians before the start that keep `from`.
  public var lead: Double
  /// Radians after the end that keep `to`.
  public var trail: Double
  /// The band the gradient is needed in (radii from the centre): only this is computed.
  public var band: ClosedRange<Double>

  /// Creates a conic sweep.
  public init(
    center: Point, start: Double, end: Double, from: RGBAColor, to: RGBAColor, lead: Double, trail: Double,
    band: ClosedRange<Double>
  ) {
    self.center = center
    self.start = start
    self.end = end
    self.from = from
    self.to = to
    self.lead = lead
    self.trail = trail
    self.band = band
  }
}
