/// A full circle stroked on the ring: the track under a progress arc.
public struct RingStroke: Codable, Equatable, Sendable {
  /// Stroke colour.
  public var color: RGBAColor
  /// Stroke width in points.
  public var width: Double

  /// Creates a ring stroke.
  public init(color: RGBAColor, width: Double) {
    self.color = color
    self.width = width
  }
}
