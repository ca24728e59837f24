/// Other nodes whose alpha or luminance decides where a group shows (Lottie's and After
/// Effects' track mattes). The matte's nodes are painted in the group's parent's coordinates
/// (they are the group's siblings in the file) and never show themselves.
public struct TrackMatte: Codable, Equatable, Sendable {
  /// What of the matte decides.
  public enum Mode: String, Codable, Equatable, Sendable {
    /// Shows where the matte is opaque.
    case alpha
    /// Shows where the matte is transparent.
    case invertedAlpha
    /// Shows where the matte is light (its luminance times its alpha).
    case luma
    /// Shows where the matte is dark or transparent.
    case invertedLuma
  }

  /// What of the matte decides.
  public var mode: Mode
  /// The matte's nodes, bottom first.
  public var nodes: [CompositionNode]

  /// Creates a matte.
  public init(_ mode: Mode, nodes: [CompositionNode]) {
    self.mode = mode
    self.nodes = nodes
  }
}
