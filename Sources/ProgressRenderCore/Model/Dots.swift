/// A row of dots across the centre that pulse, each following its own track, as a typing indicator.
///
/// Dot i follows the track `sources[i]` (0…1, clamped): at 0 it is drawn at `minScale` of its
/// diameter and `minOpacity` of its colour's opacity, at 1 at full size and opacity. Staggering
/// the tracks' `timing.begin` makes the dots pulse in sequence.
public struct Dots: Codable, Equatable, Sendable {
  /// Colour of a dot at full pulse.
  public var color: RGBAColor
  /// Diameter of a dot at full pulse, in points.
  public var diameter: Double
  /// Distance between neighbouring dots' centres, in points.
  public var spacing: Double
  /// Size of a resting dot as a fraction of `diameter` (default 1: no change of size).
  public var minScale: Double?
  /// Opacity of a resting dot as a fraction of the colour's (default 1: no change of opacity).
  public var minOpacity: Double?
  /// One track per dot, left to right; the number of dots.
  public var sources: [String]

  /// Creates a row of dots.
  public init(
    color: RGBAColor, diameter: Double, spacing: Double, minScale: Double? = nil, minOpacity: Double? = nil,
    sources: [String]
  ) {
    self.color = color
    self.diameter = diameter
    self.spacing = spacing
    self.minScale = minScale
    self.minOpacity = minOpacity
    self.sources = sources
  }
}
