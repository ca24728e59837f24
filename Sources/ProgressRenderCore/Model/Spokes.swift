/// Rounded spokes around the centre whose opacity falls off behind the brightest, as iOS's
/// `UIActivityIndicatorView`: the brightest spoke is at 12 o'clock at rotation 0 and the pattern
/// turns clockwise in whole steps of one spoke (`2π / count`) as the `rotation` track (radians) grows.
public struct Spokes: Codable, Equatable, Sendable {
  /// Colour of the brightest spoke; the others take lower opacities of it.
  public var color: RGBAColor
  /// Number of spokes (UIKit: 8 since iOS 13, 12 before).
  public var count: Int
  /// Stroke width of a spoke in points (round caps).
  public var width: Double
  /// Where a spoke starts, as a fraction of the radius its outer end reaches (0…1).
  public var inner: Double
  /// Opacity of the dimmest spoke, the one just ahead of the brightest (default 0.25); the spokes
  /// between fall off evenly.
  public var minOpacity: Double?

  /// Creates spokes.
  public init(color: RGBAColor, count: Int, width: Double, inner: Double, minOpacity: Double? = nil) {
    self.color = color
    self.count = count
    self.width = width
    self.inner = inner
    self.minOpacity = minOpacity
  }
}
