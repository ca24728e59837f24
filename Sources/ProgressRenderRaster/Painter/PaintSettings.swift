import ProgressRenderCore

/// What a painter needs to know of a render: the canvas in pixels, the pixel scale, the edges and
/// the background. `RenderSettings.paintSettings` makes it.
public struct PaintSettings: Equatable, Sendable {
  /// Canvas edge in pixels.
  public var pixelSize: Int
  /// Pixels per point (1, 2, 3 … for @1x, @2x, @3x).
  public var scale: Int
  /// Coverage levels of shapes' and glyphs' edges, 2…256 (256: Cairo's own anti-aliasing).
  public var edgeLevels: Int
  /// Canvas background; `RGBAColor.clear` for a transparent canvas.
  public var background: RGBAColor

  /// Creates paint settings.
  public init(pixelSize: Int, scale: Int, edgeLevels: Int, background: RGBAColor) {
    self.pixelSize = pixelSize
    self.scale = scale
    self.edgeLevels = edgeLevels
    self.background = background
  }
}
