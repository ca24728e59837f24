/// A named, animated number of a style: `progress`, `rotation`, `scale`, `phase`, `level`, ….
///
/// Painters read tracks by name from the scene; the names each look reads are listed on the
/// look's type.
public struct Track: Codable, Equatable, Sendable {
  /// The name painters look the value up by.
  public var name: String
  /// Keys in ascending time order (equal times allowed: a jump).
  public var keyframes: [TrackKeyframe<Double>]
  /// How to move between keys (default `linear`).
  public var calculation: CalculationMode?
  /// Begin, speed, repeat, autoreverse and fill (defaults: 0, 1, 1, no, both).
  public var timing: Timing?

  /// Creates a track.
  public init(
    name: String, keyframes: [TrackKeyframe<Double>], calculation: CalculationMode? = nil,
    timing: Timing? = nil
  ) {
    self.name = name
    self.keyframes = keyframes
    self.calculation = calculation
    self.timing = timing
  }
}
