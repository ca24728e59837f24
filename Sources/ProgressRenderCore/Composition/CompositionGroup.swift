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
  /// How the group, painted as a whole (through its masks and matte), combines with what is under it.
  public var blendMode: CompositionBlendMode

  /// Creates a group.
  public init(
    name: String, transform: NodeTransform = NodeTransform(), opacity: AnimatedNumber = .constant(1),
    masks: [NodeMask] = [], matte: TrackMatte? = nil, blendMode: CompositionBlendMode = .normal,
    children: [CompositionNode]
  ) {
    self.matte = matte
    self.blendMode = blendMode
    self.name = name
    self.transform = transform
    self.opacity = opacity
    self.masks = masks
    self.children = children
  }
}
