/// A picture scaled to cover the circle and clipped to it.
public struct ImageFill: Codable, Equatable, Sendable {
  /// A PNG file; `nil` uses the built-in default picture. Relative paths are resolved
  /// against the style file's folder, or the working directory for `--image`.
  public var path: String?

  /// Creates an image fill.
  public init(path: String? = nil) {
    self.path = path
  }
}
