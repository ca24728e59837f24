import Foundation
import ProgressRenderCore

/// Turns a text layer (`ty` 5) into composition nodes, as lottie-web lays it out: each character's
/// glyph from the file's `chars` (its outlines in units of a 100-point font) scaled to the
/// document's size, placed along the line by its advance plus the tracking, lines `lh` apart,
/// each line justified about the origin (left, right or centre) or inside the text box `sz` at `ps`.
///
/// A file without `chars` is drawn with fontconfig's font of each layer's family and style
/// (`LottieSystemGlyphs`), laid out the same way; a family that is not installed is warned about.
/// A document keyframed several times shows each document from its key (holds). Text animators,
/// text on a path and the more-options group are warned about; a character missing from `chars`
/// is warned about and takes no room, as in lottie-web.
struct LottieTextBuilder {
  /// A font of `fonts.list`.
  private struct Font {
    var family: String
    var style: String
    var ascent: Double
  }

  /// A character's glyph: its advance (in units of a 100-point font) and its shape items.
  private struct Glyph {
    var advance: Double
    var shapes: [Any]
  }

  /// One character as laid out: its glyph (nil for a space or a missing glyph) and its place.
  private struct Placed {
    var glyph: Glyph?
    var character: String
    var x: Double
    var y: Double
  }

  private let reader: LottiePropertyReader
  private let shapes: LottieShapeBuilder
  private let limits: LottieImportLimits
  private var fonts: [String: Font] = [:]
  private var glyphs: [String: Glyph] = [:]
  /// Glyphs from fontconfig's fonts, for a file that embeds none (`nil` when it has `chars`: lottie-web
  /// then draws a character missing from them as nothing).
  private let systemGlyphs: LottieSystemGlyphs?
  /// Whether colours are 0…255 (Bodymovin before 4.1.9).
  private let byteColors: Bool

  init(root: LottieJSONNode, reader: LottiePropertyReader, shapes: LottieShapeBuilder, limits: LottieImportLimits)
    throws(LottieImportError)
  {
    self.reader = reader
    self.shapes = shapes
    self.limits = limits
    let version = (root.string("v") ?? "").split(separator: ".").map { Int($0) ?? 0 }
    byteColors = root.string("v") != nil && LottieLegacyFormat.isBefore(version, LottieLegacyFormat.unitColors)
    for font in try root["fonts"]?["list"]?.elements() ?? [] {
      guard let name = font.string("fName") else { continue }
      fonts[name] = Font(
        family: font.string("fFamily") ?? name, style: font.string("fStyle") ?? "",
        ascent: try font.number("ascent", 75))
    }
    let chars = try root["chars"]?.elements() ?? []
    systemGlyphs = chars.isEmpty ? LottieSystemGlyphs() : nil
    for char in chars {
      guard let character = char.string("ch") else { continue }
      let key = Self.key(character, family: char.string("fFamily") ?? "", style: char.string("style") ?? "")
      glyphs[key] = Glyph(
        advance: try char.number("w", 0), shapes: (char["data"]?["shapes"]?.value as? [Any]) ?? [])
    }
  }

  private static func key(_ character: String, family: String, style: String) -> String {
    "\(character)\u{1}\(family)\u{1}\(style)"
  }

  /// The nodes of a text layer, bottom first.
  func nodes(_ layer: LottieJSONNode, _ time: LottieTimeMap) throws(LottieImportError) -> [CompositionNode] {
    guard let text = layer["t"] else { throw layer.error("the text layer has no text data 't'") }
    if let animators = text["a"]?.value as? [Any], !animators.isEmpty { reader.warn("text animators are not applied") }
    if let path = text["p"]?.value as? [String: Any], !path.isEmpty { reader.warn("text on a path is not applied") }
    // The more options' anchor grouping and alignment (`m`) move only what animators transform.
    guard let keys = try text["d"]?["k"]?.elements(), !keys.isEmpty else {
      throw (text["d"] ?? text).error("the text layer has no document keyframes 'd.k'")
    }
    var documents: [(frame: Double, nodes: [CompositionNode])] = []
    for key in keys {
      guard let document = key["s"] else { throw key.error("the text keyframe has no document 's'") }
      documents.append((try key.number("t", 0), try documentNodes(document, time)))
    }
    guard documents.count > 1 else { return documents[0].nodes }
    var nodes: [CompositionNode] = []
    for (index, document) in documents.enumerated() {
      // Shown from its key (the first from the start) up to the next key, a thousandth of a frame
      // early as the layer's in and out points.
      let from = time.seconds(document.frame - 1e-3)
      let to = index + 1 < documents.count ? time.seconds(documents[index + 1].frame - 1e-3) : nil
      var keys = [TrackKeyframe(time: min(from, to ?? from) - 1, value: index == 0 ? 1.0 : 0, hold: true)]
      if index > 0 { keys.append(TrackKeyframe(time: from, value: 1, hold: true)) }
      if let to { keys.append(TrackKeyframe(time: max(to, from), value: 0, hold: true)) }
      nodes.append(
        .group(
          CompositionGroup(
            name: "\(reader.layer) document \(index + 1)", opacity: reader.track(keys), children: document.nodes)))
    }
    return nodes
  }

  /// The nodes of one text document.
  private func documentNodes(_ document: LottieJSONNode, _ time: LottieTimeMap) throws(LottieImportError)
    -> [CompositionNode]
  {
    let size = try document.number("s", 10)
    guard size > 0 else { return [] }
    let fontName = document.string("f") ?? ""
    guard let font = fonts[fontName] else {
      reader.warn("font '\(fontName)' is not in the file's fonts list; the text is not drawn")
      return []
    }
    var string = document.string("t") ?? ""
    guard string.count <= limits.maxTextCharacters else {
      throw (document["t"] ?? document).error(
        "more than \(limits.maxTextCharacters) characters in one text document; shorten it")
    }
    if try document.number("ca", 0) == 1 { string = string.uppercased() }
    let placed = try layout(string, document: document, font: font, size: size)
    let missing = Set(placed.filter { $0.glyph == nil && $0.character != " " }.map(\.character)).sorted()
    let listed = missing.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
    if !missing.isEmpty, systemGlyphs == nil {
      reader.warn("no glyph in 'chars' for \(listed) of font '\(fontName)'; those characters are not drawn")
    } else if !missing.isEmpty {
      reader.warn("no outline for \(listed) in font family '\(font.family)'; those characters are not drawn")
    }
    if let drawn = systemGlyphs?.fallbacks[font.family] {
      reader.warn("font family '\(font.family)' is not installed; its text is drawn in '\(drawn)'")
    }
    var items: [Any] = []
    for char in placed {
      guard let glyph = char.glyph, !glyph.shapes.isEmpty else { continue }
      let transform: [String: Any] = [
        "ty": "tr", "p": ["a": 0, "k": [char.x, char.y]], "s": ["a": 0, "k": [size, size]],
      ]
      items.append(["ty": "gr", "nm": char.character, "it": glyph.shapes + [transform]])
    }
    guard !items.isEmpty else { return [] }
    var paints: [Any] = []
    if let fill = try color(document["fc"]) {
      paints.append(["ty": "fl", "nm": "fill", "c": ["a": 0, "k": fill], "o": ["a": 0, "k": 100]])
    }
    let strokeWidth = try document.number("sw", 0)
    if strokeWidth > 0, let stroke = try color(document["sc"]) {
      // The stroke is drawn in glyph units, inside each character's scale.
      let item: [String: Any] = [
        "ty": "st", "nm": "stroke", "c": ["a": 0, "k": stroke], "o": ["a": 0, "k": 100],
        "w": ["a": 0, "k": strokeWidth * 100 / size], "lc": 1, "lj": 1, "ml": 4,
      ]
      // Items listed first paint on top.
      if document.flag("of") { paints.insert(item, at: 0) } else { paints.append(item) }
    }
    return try shapes.nodes(LottieJSONNode(value: items + paints, path: document.path + ".t"), time)
  }

  /// A document colour (three or four components), or `nil` when absent.
  private func color(_ node: LottieJSONNode?) throws(LottieImportError) -> [Double]? {
    guard let node else { return nil }
    var values = try node.numbers()
    guard values.count >= 3 else { return nil }
    if byteColors || values.prefix(3).contains(where: { $0 > 1 }) { values = values.map { $0 / 255 } }
    return Array(values.prefix(3)) + [values.count > 3 ? min(max(values[3], 0), 1) : 1]
  }

  /// Each character's glyph and baseline start, as lottie-web's `TextProperty` and
  /// `TextAnimatorProperty` place them.
  private func layout(_ string: String, document: LottieJSONNode, font: Font, size: Double)
    throws(LottieImportError) -> [Placed]
  {
    let tracking = try document.number("tr", 0) / 1000 * size
    let lineHeight = try document.number("lh", size * 1.2)
    let shift = try document.number("ls", 0)
    // 0 left, 1 right, 2 centre; any other number is drawn left, as lottie-web draws it.
    let justification = [1.0, 2.0].firstIndex(of: try document.number("j", 0)).map { $0 + 1 } ?? 0
    let box = try document["sz"]?.numbers()
    let boxOrigin = try document["ps"]?.numbers()
    func glyph(_ character: String) -> Glyph? {
      if let embedded = glyphs[Self.key(character, family: font.family, style: font.style)] { return embedded }
      return systemGlyphs?.glyph(character, family: font.family, style: font.style).map {
        Glyph(advance: $0.advance, shapes: $0.shapes)
      }
    }
    func advance(_ character: String) -> Double { (glyph(character)?.advance ?? 0) * size / 100 }
    // The lines: split at returns, then (in a box) wrapped at the last space that fits.
    var lines: [[String]] = []
    for line in string.split(
      omittingEmptySubsequences: false, whereSeparator: { ["\r", "\n", "\r\n", "\u{3}"].contains($0) })
    {
      var current: [String] = []
      var width = 0.0
      var lastSpace = -1
      for character in line.map(String.init) {
        let step = advance(character)
        if let box, box.count >= 1, width + step > box[0], character != " ", !current.isEmpty {
          if lastSpace >= 0 {
            lines.append(Array(current[..<lastSpace]))
            current = Array(current[(lastSpace + 1)...])
          } else {
            lines.append(current)
            current = []
          }
          width = current.reduce(0) { $0 + advance($1) + tracking }
          lastSpace = -1
        }
        if character == " " { lastSpace = current.count }
        current.append(character)
        width += step + tracking
      }
      lines.append(current)
    }
    // A line's width: advances and tracking up to its last visible character.
    let widths = lines.map { line -> Double in
      var width = -tracking
      var spaces = 0.0
      for character in line {
        let step = advance(character) + tracking
        if character == " " { spaces += step } else { width += step + spaces; spaces = 0 }
      }
      return width
    }
    let boxWidth = box.flatMap(\.first) ?? widths.max() ?? 0
    let justifyOffset: Double =
      box != nil ? 0 : justification == 1 ? -boxWidth : justification == 2 ? -boxWidth / 2 : 0
    var origin = Point(x: 0, y: -shift)
    if let boxOrigin, boxOrigin.count >= 2 {
      origin.x += boxOrigin[0]
      origin.y += boxOrigin[1] + font.ascent * size / 100
    }
    var placed: [Placed] = []
    for (number, line) in lines.enumerated() {
      var x = origin.x
      switch justification {
      case 1: x += justifyOffset + boxWidth - widths[number]
      case 2: x += justifyOffset + (boxWidth - widths[number]) / 2
      default: break
      }
      let y = origin.y + Double(number) * lineHeight
      for character in line {
        placed.append(Placed(glyph: glyph(character), character: character, x: x, y: y))
        x += advance(character) + tracking
      }
    }
    return placed
  }
}
