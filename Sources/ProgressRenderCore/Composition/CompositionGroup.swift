/// Children drawn under one transform, at one opacity, optionally through a mask.
public struct CompositionGroup: Codable, Equatable, Sendable {
  /// The group's name.
  public var name: String
  /// Where the children go.
  public var transform: NodeTransform
  /// Multiplies the children's alpha, 0…1.
  public var opacity: AnimatedNumber
  /// Paths that limit where the children paint, combined in order, or empty.
  public var masks: [NodeMask]
  /// The children, bottom first.
  public var children: [CompositionNode]
  /// Nodes whose alpha or luminance decides where the group shows, or `nil`.
  public var matte: TrackMatte?

  /// Creates a group.
  public init(
    name: String, transform: NodeTransform = NodeTransform(), opacity: AnimatedNumber = .constant(1),
    masks: [NodeMask] = [], matte: TrackMatte? = nil, children: [CompositionNode]
  ) {
    self.matte = matte
    self.name = name
    self.transform = transform
    self.opacity = opacity
    self.masks = masks
    self.children = children
  }
}
