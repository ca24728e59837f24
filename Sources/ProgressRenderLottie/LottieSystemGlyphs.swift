import ProgressRenderCore
import ProgressRenderRaster

/// Glyphs for text layers whose file embeds none (no `chars`): each character outlined from the
/// font fontconfig finds for the layer's family and style, at Lottie's glyph unit (a 100-point
/// font), as the shape items `chars` would hold.
///
/// lottie-web draws such text with the browser's font of that family; a family that is not
/// installed falls back to fontconfig's default, which is said once per family. Outlines are kept.
/// Not thread-safe: one per import.
final class LottieSystemGlyphs {
  /// A character's advance (units of a 100-point font) and its `sh` shape items.
  struct Glyph {
    var advance: Double
    var shapes: [Any]
  }

  private var outliner: TextOutliner?
  private var kept: [String: Glyph?] = [:]
  /// The families asked for and the one that drew them, for the warning.
  private(set) var fallbacks: [String: String] = [:]

  /// The glyph of one character, or `nil` when Pango cannot outline it.
  /// - Parameters:
  ///   - character: the character.
  ///   - family: the font family (`fFamily`).
  ///   - style: the style (`fStyle`, e.g. `Bold`), bold when it names a bold weight.
  func glyph(_ character: String, family: String, style: String) -> Glyph? {
    let key = "\(character)\u{1}\(family)\u{1}\(style)"
    if let glyph = kept[key] { return glyph }
    let bold = ["bold", "black", "heavy", "semibold", "extrabold"].contains { style.lowercased().contains($0) }
    var made: Glyph?
    if let first = character.first, character.count == 1,
      let outline = try? outlinerMade().glyph(
        first, font: FontSpec(family: family, size: 100, weight: bold ? .bold : nil))
    {
      made = Glyph(advance: outline.advance, shapes: Self.items(outline.path))
      if outline.family.lowercased() != family.lowercased(), !character.allSatisfy(\.isWhitespace) {
        fallbacks[family] = fallbacks[family] ?? outline.family
      }
    }
    kept[key] = made
    return made
  }

  private func outlinerMade() throws(RasterError) -> TextOutliner {
    if let outliner { return outliner }
    let made = try TextOutliner()
    outliner = made
    return made
  }

  /// A path's contours as Lottie `sh` items (tangents relative to their vertex, as Lottie's).
  private static func items(_ path: VectorPath) -> [Any] {
    path.contours.map { contour -> Any in
      let vertices = contour.vertices
      let shape: [String: Any] = [
        "v": vertices.map { [$0.point.x, $0.point.y] }, "i": vertices.map { [$0.inTangent.x, $0.inTangent.y] },
        "o": vertices.map { [$0.outTangent.x, $0.outTangent.y] }, "c": contour.closed,
      ]
      return ["ty": "sh", "ks": ["a": 0, "k": shape]] as [String: Any]
    }
  }
}
