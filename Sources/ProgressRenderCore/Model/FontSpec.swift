/// A font request, resolved by fontconfig with fallback (CJK included).
public struct FontSpec: Codable, Equatable, Sendable {
  /// Family name or fontconfig list, e.g. `"DejaVu Sans"` (default `sans-serif`).
  public var family: String?
  /// Size in points.
  public var size: Double
  /// Weight: `regular` or `bold` (default `regular`).
  public var weight: FontWeight?

  /// Creates a font request.
  public init(family: String? = nil, size: Double, weight: FontWeight? = nil) {
    self.family = family
    self.size = size
    self.weight = weight
  }
}

/// A font weight.
public enum FontWeight: String, Codable, Sendable, CaseIterable {
  case regular
  case bold
}
