import ProgressRenderCore

/// What a painter needs to know of a render: the canvas in pixels, the pixel scale, the edges and
/// the background. `RenderSettings.paintSettings` makes it.
public struct PaintSettings: Equatable, Sendable {
  /// Canvas edge in pixels (its width).
  public var pixelSize: Int
  /// Canvas height in pixels.
  public var pixelHeight: Int
  /// Pixels per point (1, 2, 3 … for @1x, @2x, @3x).
  public var scale: Int
  /// Coverage levels of shapes' and glyphs' edges, 2…256 (256: Cairo's own anti-aliasing).
  public var edgeLevels: Int
  /// Canvas background; `RGBAColor.clear` for a transparent canvas.
  public var background: RGBAColor

  /// Creates paint settings.
  public init(pixelSize: Int, pixelHeight: Int? = nil, scale: Int, edgeLevels: Int, background: RGBAColor) {
    self.pixelSize = pixelSize
    self.pixelHeight = pixelHeight ?? pixelSize
    self.scale = scale
    self.edgeLevels = edgeLevels
    self.background = background
  }
}
