/// A circle filled by rising sine waves, inside an outer ring that turns.
///
/// Reads `rotation` (radians) for the ring, `level` (0…1; `progress` when there is no
/// `level` track) for the water line and `phase` (radians) for the waves' sideways motion.
/// Signs are screen directions (y down, as UIKit and Cairo): a growing `rotation` turns the ring
/// clockwise and a growing `phase` slides the waves left; the `wave` preset's tracks fall, as the
/// source turns its ring by −π/1.9 per update (counter-clockwise) and slides its wave right.
public struct Wave: Codable, Equatable, Sendable {
  /// The outer ring.
  public var ring: WaveRing
  /// Inset of the inner circle from the outer edge, as a fraction of the diameter per side
  /// (the source: 18/200 = 0.09).
  public var inset: Double
  /// Colour of the inner circle above the water (default clear).
  public var fill: RGBAColor?
  /// The waves, back to front.
  public var layers: [WaveLayer]

  /// Creates a wave.
  public init(ring: WaveRing, inset: Double, fill: RGBAColor? = nil, layers: [WaveLayer]) {
    self.ring = ring
    self.inset = inset
    self.fill = fill
    self.layers = layers
  }
}

/// The outer ring of a wave: an arc with a gap, so that its rotation shows.
public struct WaveRing: Codable, Equatable, Sendable {
  /// Stroke colour at the arc's head.
  public var color: RGBAColor
  /// Stroke width in points.
  public var width: Double
  /// Angular length of the gap in degrees (0 draws a full ring).
  public var gap: Double
  /// When set, the arc fades from this colour at its tail to `color` at its head.
  public var tailColor: RGBAColor?

  /// Creates a wave ring.
  public init(color: RGBAColor, width: Double, gap: Double, tailColor: RGBAColor? = nil) {
    self.color = color
    self.width = width
    self.gap = gap
    self.tailColor = tailColor
  }
}

/// One sine wave of a wave fill.
public struct WaveLayer: Codable, Equatable, Sendable {
  /// Water colour.
  public var color: RGBAColor
  /// Crest height as a fraction of the inner diameter.
  public var amplitude: Double
  /// Wavelength as a fraction of the inner diameter.
  public var wavelength: Double
  /// Multiplier on the `phase` track (negative moves the other way).
  public var speed: Double
  /// Constant phase offset in radians.
  public var offset: Double?

  /// Creates a wave layer.
  public init(color: RGBAColor, amplitude: Double, wavelength: Double, speed: Double, offset: Double? = nil) {
    self.color = color
    self.amplitude = amplitude
    self.wavelength = wavelength
    self.speed = speed
    self.offset = offset
  }
}
