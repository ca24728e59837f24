/// How a shape's inside is painted.
public struct ShapeFill: Codable, Equatable, Sendable {
  /// Which points are inside where sub-paths overlap.
  public enum Rule: String, Codable, Equatable, Sendable {
    /// Inside where the winding number is not zero.
    case nonZero
    /// Inside where an odd number of edges is crossed.
    case evenOdd
  }

  /// The paint.
  public var paint: PaintSource
  /// The fill rule.
  public var rule: Rule

  /// Creates a fill.
  public init(_ paint: PaintSource, rule: Rule = .nonZero) {
    self.paint = paint
    self.rule = rule
  }
}
