/// The region under `y = baseline − amplitude · sin(2π (x − left) / wavelength + phase)` from
/// `left` to `right`, closed along `bottom`: a wave of water or a row of hills.
public struct SineRegion: Codable, Equatable, Sendable {
  /// Left edge.
  public var left: Double
  /// Right edge.
  public var right: Double
  /// The bottom edge the region closes along.
  public var bottom: Double
  /// The curve's mean line.
  public var baseline: AnimatedNumber
  /// Half the crest-to-trough height.
  public var amplitude: Double
  /// Crest to crest.
  public var wavelength: Double
  /// Radians added to the sine's argument (positive moves the crests left).
  public var phase: AnimatedNumber

  /// Creates a sine region.
  public init(
    left: Double, right: Double, bottom: Double, baseline: AnimatedNumber, amplitude: Double, wavelength: Double,
    phase: AnimatedNumber
  ) {
    self.left = left
    self.right = right
    self.bottom = bottom
    self.baseline = baseline
    self.amplitude = amplitude
    self.wavelength = wavelength
    self.phase = phase
  }
}
