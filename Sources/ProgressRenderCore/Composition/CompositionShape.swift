/// An outline, filled and/or stroked, painted as one layer (one coverage mask, rounded to the
/// renderer's edge levels, then painted with its paint).
public struct CompositionShape: Codable, Equatable, Sendable {
  /// The shape's name.
  public var name: String
  /// The outline.
  public var geometry: ShapeGeometry
  /// How the inside is painted, or `nil` for no fill.
  public var fill: ShapeFill?
  /// How the outline is painted, or `nil` for no stroke.
  public var stroke: ShapeStroke?
  /// Multiplies the paint's alpha, 0…1.
  public var opacity: AnimatedNumber
  /// Whether the layer's edges keep the renderer's full coverage (a picture's), instead of being
  /// rounded to the render's edge levels (flat art that fits one GIF palette).
  public var smoothEdges: Bool
  /// How the paint combines with what is under it.
  public var blendMode: CompositionBlendMode

  /// Creates a shape.
  public init(
    name: String, geometry: ShapeGeometry, fill: ShapeFill? = nil, stroke: ShapeStroke? = nil,
    opacity: AnimatedNumber = .constant(1), smoothEdges: Bool = false, blendMode: CompositionBlendMode = .normal
  ) {
    self.name = name
    self.geometry = geometry
    self.fill = fill
    self.stroke = stroke
    self.opacity = opacity
    self.smoothEdges = smoothEdges
    self.blendMode = blendMode
  }
}
