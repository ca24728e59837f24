import ProgressRenderCore

/// A composition's texts as the renderer lays them out, for the vector writers: the size and
/// lines a label is fitted to (`LabelFitter`, exactly as `CompositionRenderer` fits it), where each
/// line's baseline is, and the outline of every character from the font that draws it.
///
/// Layouts and outlines are kept. Not thread-safe: one outliner per writer.
package final class TextOutliner {
  private let text: TextRenderer
  private var fitters: [TextFit: LabelFitter] = [:]
  private var glyphs: [GlyphKey: GlyphOutline] = [:]

  private struct GlyphKey: Hashable {
    var character: String
    var family: String?
    var bold: Bool
  }

  /// Creates an outliner with its own Pango context.
  /// - Throws: `RasterError` when Pango cannot be set up.
  package init() throws(RasterError) {
    text = try TextRenderer()
  }

  /// How one string of a text node is drawn, or `nil` when the renderer leaves it out (it does not
  /// fit even at its smallest size).
  /// - Throws: `RasterError` when Pango cannot lay it out.
  package func layout(_ string: String, of node: CompositionText) throws(RasterError) -> LaidOutText? {
    var fit: LabelFit?
    if let room = node.fit {
      var fitter = fitters[room] ?? LabelFitter(radius: room.radius, minSize: room.minFontSize ?? 0)
      fit = try fitter.fit(string, font: node.font, offset: room.offset, text: text)
      fitters[room] = fitter
    }
    if fit?.overflows == true { return nil }
    let font = TextRenderer.Font(node.font, fit: fit)
    let lines = try text.lines(of: string, font: font)
    return LaidOutText(fontSize: font.size, lines: lines.texts, baselines: lines.baselines)
  }

  /// The outline of one character in a text node's font (its family and weight; any size).
  /// - Throws: `RasterError` when Pango cannot lay it out.
  package func glyph(_ character: Character, font: FontSpec) throws(RasterError) -> GlyphOutline {
    let key = GlyphKey(character: String(character), family: font.family, bold: font.weight == .bold)
    if let kept = glyphs[key] { return kept }
    let spec = TextRenderer.Font(family: font.family, size: GlyphOutline.size, bold: key.bold)
    let made = GlyphOutline(character: key.character, outline: try text.outline(of: key.character, font: spec))
    glyphs[key] = made
    return made
  }
}

/// A string of a text node as drawn: its font size and lines, centred on the node's position.
package struct LaidOutText: Equatable, Sendable {
  /// The size drawn (after the fit), in points.
  package var fontSize: Double
  /// The lines, top first, each centred horizontally on the node's position.
  package var lines: [String]
  /// Each line's baseline below the node's position, in points.
  package var baselines: [Double]

  /// The distance between baselines (one line: 1.2 × the size, as Lottie writes it).
  package var lineHeight: Double {
    guard let first = baselines.first, let last = baselines.last, baselines.count > 1 else { return fontSize * 1.2 }
    return (last - first) / Double(baselines.count - 1)
  }
}
