import CCairo
import CPango
import ProgressRenderCore

/// Lays out and draws text with Pango (one line, or lines wrapped at a given width), fontconfig choosing and falling back
/// between fonts (CJK mixed with Latin shapes correctly when a CJK font is installed).
///
/// Output is deterministic and the same at every device scale: the renderer owns its font
/// map (72 dpi, so a size in points is that many user units), a fixed language, no hinting,
/// no hinted metrics and no rounding of glyph positions; glyphs are filled as outlines
/// (Cairo's glyph cache would round their positions to whole device pixels).
///
/// Laid-out texts are kept, one layout per distinct text and font (at most `maxCachedLayouts`;
/// the cache is emptied when full), so a label that changes rarely is shaped once. Pango lays a
/// kept layout out again by itself when the canvas's transform changes its context, so the output
/// is the same as laying out afresh. The coverage of a drawn text is kept too (at most
/// `maxKeptCoverages`), so a label drawn again where it was, under the same transform and clip, is
/// painted without being rasterized again. Not thread-safe: one renderer per thread.
final class TextRenderer {
  /// Where a text's box is measured from when centring it.
  enum Anchor {
    /// The logical box (ascent + descent, advance widths): steady while the digits change.
    case logical
    /// The ink box: the drawn pixels' bounds.
    case ink
  }

  /// A font request, resolved by fontconfig with fallback.
  struct Font: Hashable {
    /// Family name or fontconfig list; `nil` is `sans-serif`.
    var family: String?
    /// Size in points.
    var size: Double
    /// Bold, or regular.
    var bold: Bool
    /// Width in points to wrap the text at, the lines centred on each other; `nil` keeps the text
    /// as written.
    var wrapWidth: Double? = nil
    /// Whether a word wider than `wrapWidth` is broken between characters (else it sticks out).
    var breaksWords = false
  }

  /// A box in user units, relative to the layout's top-left corner.
  struct Box: Equatable {
    var x, y, width, height: Double
  }

  /// The largest font size laid out, in points; larger sizes are reduced to it.
  static let maxFontSize = 4096.0
  /// The largest font drawn, in device pixels (after the canvas's scale); larger text is skipped.
  static let maxDeviceFontSize = 32768.0
  /// The most layouts kept at once.
  static let maxCachedLayouts = 64
  /// The widest wrap width laid out, in points; wider ones are reduced to it (Pango's are 32-bit).
  static let maxWrapWidth = 1_000_000.0

  /// What a layout is made of: its text and font.
  private struct LayoutKey: Hashable {
    var text: String
    var family: String
    var size: Double
    var bold: Bool
    var wrapWidth: Double?
    var breaksWords: Bool
  }

  /// Pango's entry points (`PangoLibrary`).
  private let pango: PRPango
  /// `PangoFontMap *` (a `PangoCairoFontMap`).
  private let fontMap: OpaquePointer
  /// `PangoContext *`.
  private let context: OpaquePointer
  /// `PangoLayout *` for each text and font laid out recently.
  private var layouts: [LayoutKey: OpaquePointer] = [:]

  /// What a drawn text's outlines are made of: the text, the font and where its layout starts
  /// (the canvas checks the transform and clip itself).
  private struct CoverageKey: Hashable {
    var text: String
    var font: Font
    var left: Double
    var top: Double
    var outline: Double
  }

  /// The coverage of texts drawn recently (at most `maxKeptCoverages`, together at most as many
  /// bytes as the canvas's own pixels; emptied when full), so a label drawn again in the same
  /// place is not rasterized again.
  private var coverages: [CoverageKey: KeptCoverage] = [:]
  /// The bytes of `coverages`.
  private(set) var keptBytes = 0
  /// The most coverages kept at once.
  static let maxKeptCoverages = 16

  /// Creates a renderer with its own font map and context.
  /// - Throws: `RasterError` when Pango cannot create one of them.
  init() throws(RasterError) {
    // fontconfig's configuration, loaded once (not beside a preload, as Pango's first use would).
    FontMatcher.loadDefaultConfiguration()
    // The FreeType/fontconfig font map on every system: Pango's default on Darwin is Core Text,
    // whose font lookup would disagree with fontconfig's (`FontMatcher`) and whose glyphs differ.
    let pango = try PangoLibrary.functions()
    guard let map = pango.cairo_font_map_new_for_font_type(Int32(CAIRO_FONT_TYPE_FT.rawValue)) else {
      throw RasterError.pango(what: "a FreeType font map (Pango built without fontconfig?)")
    }
    pango.cairo_font_map_set_resolution(map, 72)
    guard let ctx = pango.font_map_create_context(map) else {
      pango.object_unref(UnsafeMutableRawPointer(map))
      throw RasterError.pango(what: "a context")
    }
    if let options = cairo_font_options_create() {
      cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
      cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
      cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
      pango.cairo_context_set_font_options(ctx, UnsafeRawPointer(options))
      cairo_font_options_destroy(options)
    }
    pango.context_set_round_glyph_positions(ctx, 0)
    pango.context_set_language(ctx, pango.language_from_string("en"))
    self.pango = pango
    fontMap = map
    context = ctx
  }

  deinit {
    for layout in layouts.values { pango.object_unref(UnsafeMutableRawPointer(layout)) }
    pango.object_unref(UnsafeMutableRawPointer(context))
    pango.object_unref(UnsafeMutableRawPointer(fontMap))
  }

  /// The layout of a text in a font: a kept one, or a new one (kept).
  /// - Throws: `RasterError` when Pango cannot create a layout.
  private func layout(_ text: String, _ font: Font) throws(RasterError) -> OpaquePointer {
    // Pango stores sizes as 32-bit integers of 1/1024 units: keep them far from overflow.
    let size = font.size.isFinite ? min(max(font.size, 0), Self.maxFontSize) : 0
    let wrap = font.wrapWidth.map { $0.isFinite ? min(max($0, 0), Self.maxWrapWidth) : Self.maxWrapWidth }
    let key = LayoutKey(
      text: text, family: font.family ?? "sans-serif", size: size, bold: font.bold, wrapWidth: wrap,
      breaksWords: font.breaksWords)
    if let kept = layouts[key] { return kept }
    guard let made = pango.layout_new(context) else { throw RasterError.pango(what: "a layout") }
    guard let description = pango.font_description_new() else {
      pango.object_unref(UnsafeMutableRawPointer(made))
      throw RasterError.pango(what: "a font description")
    }
    pango.font_description_set_family(description, key.family)
    pango.font_description_set_absolute_size(description, size * Double(PR_PANGO_SCALE))
    pango.font_description_set_weight(description, Int32(key.bold ? PR_PANGO_WEIGHT_BOLD : PR_PANGO_WEIGHT_NORMAL))
    pango.layout_set_font_description(made, description)
    pango.font_description_free(description)
    pango.layout_set_text(made, text, -1)
    if let wrap {
      pango.layout_set_width(made, Int32((wrap * Double(PR_PANGO_SCALE)).rounded()))
      pango.layout_set_wrap(made, Int32(key.breaksWords ? PR_PANGO_WRAP_WORD_CHAR : PR_PANGO_WRAP_WORD))
      pango.layout_set_alignment(made, Int32(PR_PANGO_ALIGN_CENTER))
    }
    if layouts.count >= Self.maxCachedLayouts {
      for old in layouts.values { pango.object_unref(UnsafeMutableRawPointer(old)) }
      layouts.removeAll(keepingCapacity: true)
    }
    layouts[key] = made
    return made
  }

  /// The number of characters no installed font could draw (shown as boxes).
  /// - Parameters:
  ///   - text: the text.
  ///   - font: the requested font.
  /// - Returns: 0 when every character has a glyph.
  /// - Throws: `RasterError` when Pango cannot create a layout.
  func unknownGlyphCount(text: String, font: Font) throws(RasterError) -> Int {
    Int(pango.layout_get_unknown_glyphs_count(try layout(text, font)))
  }

  /// The ink and logical boxes of a text, in user units (points).
  /// - Throws: `RasterError` when Pango cannot create a layout.
  func extents(text: String, font: Font) throws(RasterError) -> (ink: Box, logical: Box) {
    measure(try layout(text, font))
  }

  private func measure(_ layout: OpaquePointer) -> (ink: Box, logical: Box) {
    var ink = PRPangoRectangle()
    var logical = PRPangoRectangle()
    pango.layout_get_extents(layout, &ink, &logical)
    func box(_ r: PRPangoRectangle) -> Box {
      let s = Double(PR_PANGO_SCALE)
      return Box(x: Double(r.x) / s, y: Double(r.y) / s, width: Double(r.width) / s, height: Double(r.height) / s)
    }
    return (box(ink), box(logical))
  }

  /// How a text is broken into lines and where their baselines are.
  struct Lines {
    /// Each line's text, trailing spaces removed.
    var texts: [String]
    /// Each line's baseline, below the logical box's centre, in user units.
    var baselines: [Double]
  }

  /// The lines of a text as `draw` lays them out.
  /// - Throws: `RasterError` when Pango cannot create a layout.
  func lines(of text: String, font: Font) throws(RasterError) -> Lines {
    let layout = try layout(text, font)
    let (_, logical) = measure(layout)
    let centre = logical.y + logical.height / 2
    let bytes = Array(text.utf8)
    var lines = Lines(texts: [], baselines: [])
    guard let iter = pango.layout_get_iter(layout) else { return lines }
    defer { pango.layout_iter_free(iter) }
    repeat {
      guard let line = pango.layout_iter_get_line_readonly(iter) else { continue }
      let start = min(max(Int(line.pointee.start_index), 0), bytes.count)
      let end = min(start + max(Int(line.pointee.length), 0), bytes.count)
      let string = String(decoding: bytes[start..<end], as: UTF8.self)
      lines.texts.append(String(string.reversed().drop { $0 == " " || $0 == "\n" }.reversed()))
      lines.baselines.append(Double(pango.layout_iter_get_baseline(iter)) / Double(PR_PANGO_SCALE) - centre)
    } while pango.layout_iter_next_line(iter) != 0
    return lines
  }

  /// The outline of a text laid out alone, its advance and the font that drew it.
  struct Outline {
    /// Path elements, the pen starting at the baseline's left end (y grows down).
    var elements: [PathElement]
    /// The logical width.
    var advance: Double
    /// The family of the font that drew its first glyph (after fontconfig's fallback).
    var family: String
    /// Whether that font is bold.
    var bold: Bool
  }

  /// One element of a Cairo path.
  enum PathElement: Equatable {
    case move(Double, Double)
    case line(Double, Double)
    case curve(Double, Double, Double, Double, Double, Double)
    case close
  }

  /// The glyph outlines of a text laid out alone (`pango_cairo_layout_path`, `cairo_copy_path`).
  /// - Throws: `RasterError` when Pango or Cairo cannot lay it out.
  func outline(of text: String, font: Font) throws(RasterError) -> Outline {
    let layout = try layout(text, font)
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else {
      throw RasterError.pango(what: "a surface for outlines")
    }
    defer { cairo_surface_destroy(surface) }
    guard let cr = cairo_create(surface) else { throw RasterError.pango(what: "a context for outlines") }
    defer { cairo_destroy(cr) }
    pango.cairo_update_context(UnsafeMutableRawPointer(cr), context)
    let (_, logical) = measure(layout)
    let baseline = Double(pango.layout_get_baseline(layout)) / Double(PR_PANGO_SCALE)
    cairo_move_to(cr, -logical.x, -baseline)
    pango.cairo_layout_path(UnsafeMutableRawPointer(cr), layout)
    let elements = Self.pathElements(cr)
    var family = font.family ?? "sans-serif"
    var bold = font.bold
    if let iter = pango.layout_get_iter(layout) {
      if let run = pango.layout_iter_get_run_readonly(iter), let used = run.pointee.item.pointee.analysis.font,
        let description = pango.font_describe(used)
      {
        if let name = pango.font_description_get_family(description) { family = String(cString: name) }
        bold = pango.font_description_get_weight(description) >= PR_PANGO_WEIGHT_SEMIBOLD
        pango.font_description_free(description)
      }
      pango.layout_iter_free(iter)
    }
    return Outline(elements: elements, advance: logical.width, family: family, bold: bold)
  }

  /// Draws a text centred on a point of the canvas's user space.
  /// - Parameters:
  ///   - text: the text (lines wrapped at `font.wrapWidth`, if any); empty draws nothing.
  ///   - font: the requested font.
  ///   - color: fill colour.
  ///   - x: centre, horizontally.
  ///   - y: centre, vertically.
  ///   - anchor: which box is centred on the point.
  ///   - outline: when above 0, the glyphs' outlines are stroked this wide (round joins) instead of filled.
  ///   - canvas: where to draw; its transform and clip apply. Text over `maxDeviceFontSize` device
  ///     pixels tall is not drawn.
  /// - Throws: `RasterError` when Pango cannot create a layout.
  func draw(
    _ text: String, font: Font, color: CairoCanvas.Color, centerX x: Double, centerY y: Double,
    anchor: Anchor = .logical, outline: Double = 0, on canvas: CairoCanvas
  ) throws(RasterError) {
    guard let placed = try place(text, font: font, centerX: x, centerY: y, anchor: anchor, on: canvas) else { return }
    let cr = canvas.context
    // The ink box holds every glyph outline (accents and italics included); a stroke reaches half
    // its width past them. Two device pixels and one unit more cover anti-aliasing and any
    // rounding of the box: nothing is drawn outside `bounds`, and the smaller the box, the
    // fewer pixels the layer's coverage is rounded and composited over.
    var (px, py) = (2.0, 2.0)
    cairo_device_to_user_distance(cr, &px, &py)
    let pad = max(abs(px), abs(py)) + 1
    let margin = max(outline, 0) / 2 + pad
    let ink = placed.ink
    let bounds = CairoCanvas.Rect(
      x: placed.left + ink.x - margin, y: placed.top + ink.y - margin, width: ink.width + 2 * margin,
      height: ink.height + 2 * margin)
    let key = CoverageKey(text: text, font: font, left: placed.left, top: placed.top, outline: outline)
    let kept = coverages[key]
    let used = canvas.layer(color, within: bounds, reusing: kept) {
      cairo_move_to(cr, placed.left, placed.top)
      pango.cairo_layout_path(UnsafeMutableRawPointer(cr), placed.layout)
      if outline > 0 {
        cairo_set_line_width(cr, outline)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        canvas.stroke()
      } else {
        canvas.fill()
      }
    }
    guard used !== kept else { return }
    keptBytes -= coverages.removeValue(forKey: key)?.byteCount ?? 0
    // At most as many bytes as the canvas's own ARGB pixels: a few large labels cannot hold more.
    // (One coverage, clipped to the canvas, is a byte a pixel: it always fits alone.)
    let budget = canvas.pixelWidth * canvas.pixelHeight * 4
    guard let used else { return }
    if coverages.count >= Self.maxKeptCoverages || keptBytes + used.byteCount > budget {
      coverages.removeAll(keepingCapacity: true)
      keptBytes = 0
    }
    coverages[key] = used
    keptBytes += used.byteCount
  }

  /// The most distances a halo is worked out with (`HaloMask.work`); a halo
  /// needing more (text hundreds of pixels tall) is stroked by Cairo instead.
  static let maxHaloWork = 32_000_000.0

  /// Draws a text's halo: its glyph outlines stroked once per layer (round joins), widest
  /// first, all in one colour, each at its own alpha — as one `HaloMask` painted once.
  ///
  /// Under a transform that is not a rotation and uniform scale (whose strokes are not round),
  /// or when the mask would take more than `maxHaloWork`, the layers are stroked by Cairo.
  /// - Parameters:
  ///   - text: the text; empty draws nothing.
  ///   - font: the requested font.
  ///   - color: the halo's colour; its alpha is not used (each layer has its own).
  ///   - layers: each stroke's line width in user units and its alpha.
  ///   - x: centre of the text (not of the halo), horizontally.
  ///   - y: centre, vertically.
  ///   - anchor: which box is centred on the point.
  ///   - canvas: where to draw; its transform and clip apply.
  /// - Throws: `RasterError` when Pango cannot create a layout or Cairo a mask.
  func drawHalo(
    _ text: String, font: Font, color: CairoCanvas.Color, layers: [(width: Double, alpha: Double)],
    centerX x: Double, centerY y: Double, anchor: Anchor = .logical, on canvas: CairoCanvas
  ) throws(RasterError) {
    let layers = layers.filter { $0.width > 0 && $0.alpha > 0 }
    guard !layers.isEmpty,
      let placed = try place(text, font: font, centerX: x, centerY: y, anchor: anchor, on: canvas)
    else { return }
    let cr = canvas.context
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    let scale = (m.xx * m.xx + m.yx * m.yx).squareRoot()
    // Columns of equal length at right angles: a circle stays a circle, a stroke's width is one.
    let similar =
      scale > 0 && abs(m.xy * m.xy + m.yy * m.yy - scale * scale) <= 1e-9 * scale * scale
      && abs(m.xx * m.xy + m.yx * m.yy) <= 1e-9 * scale * scale
    let pixels = canvas.deviceScale
    let halo = layers.map { HaloMask.Layer(reach: $0.width / 2 * scale * pixels, alpha: $0.alpha) }
    var contours: [[Point]] = []
    if similar {
      cairo_new_path(cr)
      cairo_move_to(cr, placed.left, placed.top)
      pango.cairo_layout_path(UnsafeMutableRawPointer(cr), placed.layout)
      contours = Self.contours(cr, matrix: m, pixels: pixels)
      cairo_new_path(cr)
    }
    let reach = halo.map(\.reach).max() ?? 0
    guard similar, HaloMask.work(contours: contours, reach: reach) <= Self.maxHaloWork else {
      for layer in layers {
        try draw(
          text, font: font,
          color: CairoCanvas.Color(red: color.red, green: color.green, blue: color.blue, alpha: layer.alpha),
          centerX: x, centerY: y, anchor: anchor, outline: layer.width, on: canvas)
      }
      return
    }
    let mask = HaloMask(
      contours: contours, layers: halo, canvasWidth: canvas.pixelWidth, canvasHeight: canvas.pixelHeight)
    var opaque = color
    opaque.alpha = 1
    try canvas.paint(opaque, through: mask)
  }

  /// The current path's subpaths, in device pixels (`matrix`, then `pixels` per device unit),
  /// curves flattened to within a tenth of a pixel; subpaths of fewer than two points are left out.
  private static func contours(_ cr: OpaquePointer, matrix m: cairo_matrix_t, pixels: Double) -> [[Point]] {
    func device(_ x: Double, _ y: Double) -> Point {
      Point(x: (m.xx * x + m.xy * y + m.x0) * pixels, y: (m.yx * x + m.yy * y + m.y0) * pixels)
    }
    var contours: [[Point]] = []
    var contour: [Point] = []
    func finish() {
      if contour.count >= 2 { contours.append(contour) }
      contour = []
    }
    for element in pathElements(cr) {
      switch element {
      case .move(let x, let y):
        finish()
        contour.append(device(x, y))
      case .line(let x, let y):
        contour.append(device(x, y))
      case .curve(let x1, let y1, let x2, let y2, let x3, let y3):
        let start = contour.last ?? device(x1, y1)
        if contour.isEmpty { contour.append(start) }
        HaloMask.flatten(
          from: start, device(x1, y1), device(x2, y2), to: device(x3, y3), tolerance: 0.1, into: &contour)
      case .close:
        finish()
      }
    }
    finish()
    return contours
  }

  /// The current path's elements, in user units (`cairo_copy_path`); none when Cairo fails.
  private static func pathElements(_ cr: OpaquePointer) -> [PathElement] {
    guard let path = cairo_copy_path(cr) else { return [] }
    defer { cairo_path_destroy(path) }
    guard path.pointee.status == CAIRO_STATUS_SUCCESS else { return [] }
    var elements: [PathElement] = []
    var index = 0
    let count = Int(path.pointee.num_data)
    while index < count {
      let header = path.pointee.data[index].header
      let point = { (k: Int) in (path.pointee.data[index + k].point.x, path.pointee.data[index + k].point.y) }
      switch header.type {
      case CAIRO_PATH_MOVE_TO: elements.append(.move(point(1).0, point(1).1))
      case CAIRO_PATH_LINE_TO: elements.append(.line(point(1).0, point(1).1))
      case CAIRO_PATH_CURVE_TO:
        elements.append(.curve(point(1).0, point(1).1, point(2).0, point(2).1, point(3).0, point(3).1))
      default: elements.append(.close)
      }
      index += max(Int(header.length), 1)
    }
    return elements
  }

  /// Lays a text out for drawing centred on a point: its layout, the pen's start (`left`, `top`)
  /// and its ink box; `nil` when nothing is drawn (empty, or too large).
  private func place(
    _ text: String, font: Font, centerX x: Double, centerY y: Double, anchor: Anchor, on canvas: CairoCanvas
  ) throws(RasterError) -> (layout: OpaquePointer, left: Double, top: Double, ink: Box)? {
    guard !text.isEmpty, font.size > 0, font.size.isFinite else { return nil }
    let cr = canvas.context
    // FreeType refuses glyphs above 65535 device pixels, and Cairo then marks the font face (shared
    // by every thread) as failed: such text, far larger than any canvas, is not drawn.
    var dx = 0.0
    var dy = min(font.size, Self.maxFontSize)
    cairo_user_to_device_distance(cr, &dx, &dy)
    guard (dx * dx + dy * dy).squareRoot() <= Self.maxDeviceFontSize else { return nil }
    let layout = try layout(text, font)
    // Takes the canvas's transform; a kept layout is laid out again only when that changed it.
    pango.cairo_update_context(UnsafeMutableRawPointer(cr), context)
    let (ink, logical) = measure(layout)
    let box = anchor == .ink ? ink : logical
    return (layout, x - (box.x + box.width / 2), y - (box.y + box.height / 2), ink)
  }
}
