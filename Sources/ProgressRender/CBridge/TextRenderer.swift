import CCairo
import CPango

/// Lays out and draws one line of text with Pango, fontconfig choosing and falling back
/// between fonts (CJK mixed with Latin shapes correctly when a CJK font is installed).
///
/// Output is deterministic and the same at every device scale: the renderer owns its font
/// map (72 dpi, so a size in points is that many user units), a fixed language, no hinting,
/// no hinted metrics and no rounding of glyph positions; glyphs are filled as outlines
/// (Cairo's glyph cache would round their positions to whole device pixels).
final class TextRenderer {
  /// Where a text's box is measured from when centring it.
  enum Anchor {
    /// The logical box (ascent + descent, advance widths): steady while the digits change.
    case logical
    /// The ink box: the drawn pixels' bounds.
    case ink
  }

  /// A box in user units, relative to the layout's top-left corner.
  struct Box: Equatable {
    var x, y, width, height: Double
  }

  /// The largest font size laid out, in points; larger sizes are reduced to it.
  static let maxFontSize = 4096.0

  /// `PangoFontMap *` (a `PangoCairoFontMap`).
  private let fontMap: UnsafeMutablePointer<PangoFontMap>
  /// `PangoContext *`.
  private let context: OpaquePointer
  /// `PangoLayout *`, reused for every text.
  private let layout: OpaquePointer

  /// Creates a renderer with its own font map and context.
  /// - Throws: `TextError` when Pango cannot create one of them.
  init() throws(TextError) {
    guard let map = pango_cairo_font_map_new() else { throw TextError(what: "a font map") }
    pango_cairo_font_map_set_resolution(OpaquePointer(map), 72)
    guard let ctx = pango_font_map_create_context(map) else {
      g_object_unref(map)
      throw TextError(what: "a context")
    }
    if let options = cairo_font_options_create() {
      cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
      cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
      cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
      pango_cairo_context_set_font_options(ctx, options)
      cairo_font_options_destroy(options)
    }
    pango_context_set_round_glyph_positions(ctx, 0)
    pango_context_set_language(ctx, pango_language_from_string("en"))
    guard let lay = pango_layout_new(ctx) else {
      g_object_unref(UnsafeMutableRawPointer(ctx))
      g_object_unref(map)
      throw TextError(what: "a layout")
    }
    fontMap = map
    context = ctx
    layout = lay
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(layout))
    g_object_unref(UnsafeMutableRawPointer(context))
    g_object_unref(fontMap)
  }

  /// Sets the layout's text and font.
  private func prepare(_ text: String, _ font: FontSpec) {
    let description = pango_font_description_new()
    pango_font_description_set_family(description, font.family ?? "sans-serif")
    // Pango stores sizes as 32-bit integers of 1/1024 units: keep them far from overflow.
    let size = font.size.isFinite ? min(max(font.size, 0), Self.maxFontSize) : 0
    pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
    pango_font_description_set_weight(description, font.weight == .bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
    pango_layout_set_font_description(layout, description)
    pango_font_description_free(description)
    pango_layout_set_text(layout, text, -1)
  }

  /// The number of characters no installed font could draw (shown as boxes).
  /// - Parameters:
  ///   - text: the text.
  ///   - font: the requested font.
  /// - Returns: 0 when every character has a glyph.
  func unknownGlyphCount(text: String, font: FontSpec) -> Int {
    prepare(text, font)
    return Int(pango_layout_get_unknown_glyphs_count(layout))
  }

  /// The ink and logical boxes of a text, in user units (points).
  func extents(text: String, font: FontSpec) -> (ink: Box, logical: Box) {
    prepare(text, font)
    return measure()
  }

  private func measure() -> (ink: Box, logical: Box) {
    var ink = PangoRectangle()
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, &ink, &logical)
    func box(_ r: PangoRectangle) -> Box {
      let s = Double(PANGO_SCALE)
      return Box(x: Double(r.x) / s, y: Double(r.y) / s, width: Double(r.width) / s, height: Double(r.height) / s)
    }
    return (box(ink), box(logical))
  }

  /// Draws a text centred on a point of the canvas's user space.
  /// - Parameters:
  ///   - text: one line of text; empty draws nothing.
  ///   - font: the requested font.
  ///   - color: fill colour.
  ///   - x: centre, horizontally.
  ///   - y: centre, vertically.
  ///   - anchor: which box is centred on the point.
  ///   - canvas: where to draw; its transform and clip apply.
  func draw(
    _ text: String, font: FontSpec, color: RGBAColor, centerX x: Double, centerY y: Double,
    anchor: Anchor = .logical, on canvas: CairoCanvas
  ) {
    guard !text.isEmpty, font.size > 0, font.size.isFinite else { return }
    let cr = canvas.context
    prepare(text, font)
    pango_cairo_update_context(cr, context)
    pango_layout_context_changed(layout)
    let (ink, logical) = measure()
    let box = anchor == .ink ? ink : logical
    canvas.withState {
      canvas.setColor(color)
      cairo_move_to(cr, x - (box.x + box.width / 2), y - (box.y + box.height / 2))
      pango_cairo_layout_path(cr, layout)
      canvas.fill()
    }
  }
}
