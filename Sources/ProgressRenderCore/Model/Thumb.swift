/// A disc that rides the ring at the end of the arc, optionally carrying a label.
public struct Thumb: Codable, Equatable, Sendable {
  /// Diameter in points.
  public var diameter: Double
  /// Fill colour.
  public var fill: RGBAColor
  /// Outline colour (default none).
  public var stroke: RGBAColor?
  /// Outline width in points (default 1 when `stroke` is set).
  public var strokeWidth: Double?
  /// Text drawn centred on the thumb.
  public var label: LookLabel?

  /// Creates a thumb.
  public init(
    diameter: Double, fill: RGBAColor, stroke: RGBAColor? = nil, strokeWidth: Double? = nil,
    label: LookLabel? = nil
  ) {
    self.diameter = diameter
    self.fill = fill
    self.stroke = stroke
    self.strokeWidth = strokeWidth
    self.label = label
  }
}
