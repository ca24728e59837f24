/// A filled circle the size of the ring's outer edge, behind every other part.
public struct Disc: Codable, Equatable, Sendable {
  /// Fill colour.
  public var color: RGBAColor

  /// Creates a disc.
  public init(color: RGBAColor) {
    self.color = color
  }
}
