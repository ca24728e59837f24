import ProgressRenderCore

/// The outline of one character as the renderer draws it, for writers that embed glyphs (Lottie's
/// `chars`, SVG's `<defs>`): Bézier contours at font size 100, the pen at the left end of the
/// baseline, y growing down, and the font that drew it.
package struct GlyphOutline: Equatable, Sendable {
  /// The character.
  package var character: String
  /// The contours, at size `GlyphOutline.size`.
  package var path: VectorPath
  /// How far the pen moves after it, at size `GlyphOutline.size`.
  package var advance: Double
  /// The family of the font that drew it, after fontconfig's fallback (`DejaVu Sans`).
  package var family: String
  /// Whether that font is bold.
  package var bold: Bool

  /// The font size outlines are taken at: Lottie's glyph unit.
  package static let size = 100.0

  /// Creates an outline.
  package init(character: String, path: VectorPath, advance: Double, family: String, bold: Bool) {
    self.character = character
    self.path = path
    self.advance = advance
    self.family = family
    self.bold = bold
  }

  /// A Cairo path as contours of vertices with tangents; a closing segment back to the start is merged.
  init(character: String, outline: TextRenderer.Outline) {
    var contours: [VectorPath.Contour] = []
    var current: [VectorPath.Vertex] = []
    func finish(closed: Bool) {
      guard !current.isEmpty else { return }
      if closed, current.count > 1, let last = current.last, last.point == current[0].point {
        current[0].inTangent = last.inTangent
        current.removeLast()
      }
      contours.append(VectorPath.Contour(vertices: current, closed: closed))
      current = []
    }
    for element in outline.elements {
      switch element {
      case .move(let x, let y):
        if current.count > 1 { finish(closed: false) }
        current = [VectorPath.Vertex(Point(x: x, y: y))]
      case .line(let x, let y):
        current.append(VectorPath.Vertex(Point(x: x, y: y)))
      case .curve(let x1, let y1, let x2, let y2, let x, let y):
        guard let last = current.last else { continue }
        current[current.count - 1].outTangent = Point(x: x1 - last.point.x, y: y1 - last.point.y)
        current.append(VectorPath.Vertex(Point(x: x, y: y), inTangent: Point(x: x2 - x, y: y2 - y)))
      case .close:
        let start = current.first
        finish(closed: true)
        if let start { current = [VectorPath.Vertex(start.point)] }
      }
    }
    if current.count > 1 { finish(closed: false) }
    self.init(
      character: character, path: VectorPath(contours: contours), advance: outline.advance, family: outline.family,
      bold: outline.bold)
  }
}
