/// The text renderer spoken to in the style's terms: `FontSpec` and `RGBAColor`.
extension TextRenderer {
  /// The number of characters no installed font could draw; see `unknownGlyphCount(text:font:)`.
  /// - Throws: `TextError` when Pango cannot create a layout.
  func unknownGlyphCount(text: String, font: FontSpec) throws(TextError) -> Int {
    try unknownGlyphCount(text: text, font: Font(font))
  }

  /// The ink and logical boxes of a text, in user units; see `extents(text:font:)`.
  /// - Throws: `TextError` when Pango cannot create a layout.
  func extents(text: String, font: FontSpec) throws(TextError) -> (ink: Box, logical: Box) {
    try extents(text: text, font: Font(font))
  }

  /// Draws a text centred on a point; see `draw(_:font:color:centerX:centerY:anchor:on:)`.
  /// - Throws: `TextError` when Pango cannot create a layout.
  func draw(
    _ text: String, font: FontSpec, color: RGBAColor, centerX x: Double, centerY y: Double,
    anchor: Anchor = .logical, outline: Double = 0, on canvas: CairoCanvas
  ) throws(TextError) {
    try draw(
      text, font: Font(font), color: CairoCanvas.Color(color), centerX: x, centerY: y, anchor: anchor,
      outline: outline, on: canvas)
  }
}

extension TextRenderer.Font {
  /// The font a style asks for.
  init(_ spec: FontSpec) {
    self.init(family: spec.family, size: spec.size, bold: spec.weight == .bold)
  }
}
