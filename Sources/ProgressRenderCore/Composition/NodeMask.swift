/// A path that limits where a group's children paint (Lottie's masks, SVG's clip paths).
public struct NodeMask: Codable, Equatable, Sendable {
  /// How a mask combines with the masks before it (the first combines with nothing).
  public enum Mode: String, Codable, Equatable, Sendable {
    /// Adds the path's inside to what shows.
    case add
    /// Removes the path's inside from what shows.
    case subtract
    /// Keeps only what is also inside the path.
    case intersect
  }

  /// The mask's outline.
  public var geometry: ShapeGeometry
  /// How it combines with the masks before it.
  public var mode: Mode
  /// Whether the outside of the path counts instead of its inside.
  public var inverted: Bool
  /// The mask's opacity, 0…1.
  public var opacity: AnimatedNumber

  /// Creates a mask.
  public init(
    _ geometry: ShapeGeometry, mode: Mode = .add, inverted: Bool = false, opacity: AnimatedNumber = .constant(1)
  ) {
    self.geometry = geometry
    self.mode = mode
    self.inverted = inverted
    self.opacity = opacity
  }
}
