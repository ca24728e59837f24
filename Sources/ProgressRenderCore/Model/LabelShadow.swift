import Foundation

/// A soft shadow behind a label's text, so that it stays legible over a busy picture.
///
/// The glyphs' outlines, moved by (`dx`, `dy`), are stroked in `color` `layerCount` times, each
/// wider than the last up to `radius` points beyond the outline, each at an alpha chosen so that
/// where all the layers overlap the shadow reaches `color`'s alpha: dense next to the glyphs,
/// fading out `radius` points away. Deterministic (no blur kernel, no randomness).
public struct LabelShadow: Codable, Equatable, Sendable {
  /// The shadow's colour where it is densest; its alpha sets the strength.
  public var color: RGBAColor
  /// How far the shadow reaches past the glyphs' outlines, in points.
  public var radius: Double
  /// Horizontal offset of the shadow, in points (positive is right).
  public var dx: Double?
  /// Vertical offset of the shadow, in points (positive is down).
  public var dy: Double?

  /// Creates a shadow.
  public init(color: RGBAColor, radius: Double, dx: Double? = nil, dy: Double? = nil) {
    self.color = color
    self.radius = radius
    self.dx = dx
    self.dy = dy
  }

  /// The strokes drawn, back to front: each one's line width (twice its reach past the outline)
  /// and alpha; empty when the radius is 0 or not finite.
  public var layers: [(width: Double, alpha: Double)] {
    guard radius.isFinite, radius > 0 else { return [] }
    let r = min(radius, Self.maxRadius)
    let a = min(max(color.alpha, 0), 1)
    let alpha = a < 1 ? 1 - pow(1 - a, 1 / Double(Self.layerCount)) : 1
    return (1...Self.layerCount).reversed().map { k in (2 * r * Double(k) / Double(Self.layerCount), alpha) }
  }

  /// The number of strokes drawn.
  public static let layerCount = 3
  /// The largest radius drawn, in points.
  public static let maxRadius = 8.0
}
