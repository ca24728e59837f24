/// What a fill or stroke paints with.
public enum PaintSource: Codable, Equatable, Sendable {
  /// One colour.
  case solid(AnimatedColor)
  /// Colours along the line from `from` to `to`.
  case linearGradient(from: Point, to: Point, stops: [GradientStop])
  /// Colours from the circle of radius `from` to the one of radius `to` about `center`.
  case radialGradient(center: Point, from: Double, to: Double, stops: [GradientStop])
  /// Colours around `center` (`ConicSweep`), turned by `rotation` radians about it.
  case conicGradient(ConicSweep, rotation: AnimatedNumber)
  /// A linear or radial gradient with animated points, stops and highlight (`GradientPaint`).
  case gradient(GradientPaint)

  /// A constant colour.
  public static func color(_ color: RGBAColor) -> PaintSource { .solid(.constant(color)) }
}

/// One colour of a gradient at an offset 0…1 along it.
public struct GradientStop: Codable, Equatable, Sendable {
  /// Where along the gradient, 0…1.
  public var offset: Double
  /// The colour there.
  public var color: RGBAColor

  /// Creates a stop.
  public init(_ offset: Double, _ color: RGBAColor) {
    self.offset = offset
    self.color = color
  }
}
