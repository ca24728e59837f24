/// Children drawn under one transform, at one opacity, optionally through a mask.
public struct CompositionGroup: Codable, Equatable, Sendable {
  /// The group's name.
  public var name: String
  /// Where the children go.
  public var transform: NodeTransform
  /// Multiplies the children's alpha, 0…1.
  public var opacity: AnimatedNumber
  /// Whether `opacity` applies to the group as a whole — its children painted together, then
  /// faded, so where they overlap the group is no more opaque than its opacity (a Lottie layer's,
  /// as lottie-web and After Effects fade layers) — rather than to each child's paint (a shape
  /// group's, and every preset's).
  public var isolated: Bool
  /// A colour every pixel the group paints takes, keeping its coverage times the colour's alpha
  /// (After Effects' Fill effect), or `nil`.
  public var fillColor: AnimatedColor?
  /// Paths that limit where the children paint, combined in order, or empty.
  public var masks: [NodeMask]
  /// The children, bottom first.
  public var children: [CompositionNode]
  /// Nodes whose alpha or luminance decides where the group shows, or `nil`.
  public var matte: TrackMatte?
  /// How the group, painted as a whole (through its masks and matte), combines with what is under it.
  public var blendMode: CompositionBlendMode
  /// The time the children are evaluated at, in seconds of the timeline, read at the group's own
  /// time (a Lottie precomposition's time remapping), or `nil`: the children share the group's
  /// time. The group's transform, opacity and masks keep the group's own time.
  public var timeRemap: AnimatedNumber?

  /// Creates a group.
  public init(
    name: String, transform: NodeTransform = NodeTransform(), opacity: AnimatedNumber = .constant(1),
    masks: [NodeMask] = [], matte: TrackMatte? = nil, blendMode: CompositionBlendMode = .normal,
    timeRemap: AnimatedNumber? = nil, isolated: Bool = false, fillColor: AnimatedColor? = nil,
    children: [CompositionNode]
  ) {
    self.isolated = isolated
    self.fillColor = fillColor
    self.timeRemap = timeRemap
    self.matte = matte
    self.blendMode = blendMode
    self.name = name
    self.transform = transform
    self.opacity = opacity
    self.masks = masks
    self.children = children
  }
}
