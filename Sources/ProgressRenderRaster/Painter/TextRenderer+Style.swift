import ProgressRenderCore

/// The text renderer spoken to in the style's terms: `FontSpec` and `RGBAColor`.
extension TextRenderer {
  /// The number of characters no installed font could draw; see `unknownGlyphCount(text:font:)`.
  /// - Throws: `RasterError` when Pango cannot create a layout.
  func unknownGlyphCount(text: String, font: FontSpec) throws(RasterError) -> Int {
    try unknownGlyphCount(text: text, font: Font(font))
  }

  /// The ink and logical boxes of a text, in user units; see `extents(text:font:)`.
  /// - Throws: `RasterError` when Pango cannot create a layout.
  func extents(text: String, font: FontSpec) throws(RasterError) -> (ink: Box, logical: Box) {
    try extents(text: text, font: Font(font))
  }

  /// Draws a text centred on a point; see `draw(_:font:color:centerX:centerY:anchor:on:)`.
  /// - Parameter fit: the size and wrap width to lay the text out at (`LabelFitter`); `nil` as written.
  /// - Throws: `RasterError` when Pango cannot create a layout.
  func draw(
    _ text: String, font: FontSpec, fit: LabelFit? = nil, color: RGBAColor, centerX x: Double, centerY y: Double,
    anchor: Anchor = .logical, outline: Double = 0, on canvas: CairoCanvas
  ) throws(RasterError) {
    try draw(
      text, font: Font(font, fit: fit), color: CairoCanvas.Color(color), centerX: x, centerY: y, anchor: anchor,
      outline: outline, on: canvas)
  }
}

extension TextRenderer {
  /// Draws a text's halo; see `drawHalo(_:font:color:layers:centerX:centerY:anchor:on:)`.
  /// - Parameter fit: the size and wrap width to lay the text out at (`LabelFitter`); `nil` as written.
  /// - Throws: `RasterError` when Pango cannot create a layout or Cairo a mask.
  func drawHalo(
    _ text: String, font: FontSpec, fit: LabelFit? = nil, color: RGBAColor, layers: [(width: Double, alpha: Double)],
    centerX x: Double, centerY y: Double, on canvas: CairoCanvas
  ) throws(RasterError) {
    try drawHalo(
      text, font: Font(font, fit: fit), color: CairoCanvas.Color(color), layers: layers, centerX: x, centerY: y,
      on: canvas)
  }
}

extension TextRenderer.Font {
  /// The font a style asks for, at the size and wrap width of a fit when there is one.
  init(_ spec: FontSpec, fit: LabelFit? = nil) {
    self.init(
      family: spec.family, size: fit?.fontSize ?? spec.size, bold: spec.weight == .bold, wrapWidth: fit?.wrapWidth,
      breaksWords: fit?.breaksWords ?? false)
  }
}
