/// A group's transform, as Lottie and Core Animation apply it: a point `p` of a child is drawn at
/// `position + rotate(scale × (p − anchor))`, skewed first when `skew` is set.
public struct NodeTransform: Codable, Equatable, Sendable {
  /// The point of the children that lands on `position`, in their coordinates.
  public var anchor: AnimatedPoint
  /// Where the anchor goes, in the parent's coordinates.
  public var position: AnimatedPoint
  /// Horizontal and vertical scale factors (1: none).
  public var scale: AnimatedPoint
  /// Rotation in radians, clockwise on screen.
  public var rotation: AnimatedNumber
  /// Skew angle in radians (0: none) along the axis `skewAxis` radians from the x axis.
  public var skew: AnimatedNumber
  /// The skew's axis in radians.
  public var skewAxis: AnimatedNumber
  /// Whether the children also turn to face the way `position` moves along its path (After
  /// Effects' auto-orient; only a position moving `along` a path has a direction).
  public var autoOrient = false

  /// Creates a transform; the default is the identity.
  public init(
    anchor: AnimatedPoint = .zero, position: AnimatedPoint = .zero, scale: AnimatedPoint = .one,
    rotation: AnimatedNumber = .constant(0), skew: AnimatedNumber = .constant(0),
    skewAxis: AnimatedNumber = .constant(0)
  ) {
    self.anchor = anchor
    self.position = position
    self.scale = scale
    self.rotation = rotation
    self.skew = skew
    self.skewAxis = skewAxis
  }

  /// A uniform scale about a point.
  /// - Parameters:
  ///   - factor: the scale factor (the same on both axes).
  ///   - x: the fixed point's x.
  ///   - y: the fixed point's y.
  public static func scaling(_ factor: AnimatedNumber, aboutX x: Double, y: Double) -> NodeTransform {
    NodeTransform(
      anchor: .constant(x, y), position: .constant(x, y), scale: AnimatedPoint(x: factor, y: factor))
  }

  /// A rotation about a point.
  /// - Parameters:
  ///   - angle: radians, clockwise on screen.
  ///   - x: the fixed point's x.
  ///   - y: the fixed point's y.
  public static func rotating(_ angle: AnimatedNumber, aboutX x: Double, y: Double) -> NodeTransform {
    NodeTransform(anchor: .constant(x, y), position: .constant(x, y), rotation: angle)
  }

  /// Whether the transform is the identity at every time.
  public var isIdentity: Bool { self == NodeTransform() }
}
