import Foundation
import ProgressRenderCore
import ProgressRenderRaster
import ProgressRenderSupport

/// Writes a composition as a Lottie animation: the one Lottie writer, with no knowledge of presets.
///
/// The canvas, frame rate and frame count are the composition's (frame i of the output is Lottie
/// frame i). The root group's transform becomes every layer's transform; each of its children
/// becomes a layer, bottom to top: a shape a shape layer, a masked group of shapes a shape layer
/// with the group's masks, a group of pictures (shapes with `smoothEdges`) an embedded PNG of them,
/// an image an image layer, a text a text layer (one text document per change of text). Deeper
/// groups are shape groups with their transform.
///
/// Geometry maps onto Lottie's shapes: ellipses, rectangles and paths as themselves; an arc as a
/// circle trimmed (`tm`) from its start (the trim's offset) over its sweep; a sector as a stroke as
/// wide as its radius on a circle of half its radius, trimmed; a sine region as a static path,
/// moved sideways by its phase and up by its baseline. Every number whose expression is an affine
/// map of one track keeps the track's keys (easings as tangents, holds as holds, repeats unrolled),
/// else it has one key per frame (`LottieChannel`). What Lottie cannot hold is written as close as
/// it can be and named in `warnings`.
package struct LottieWriter {
  /// What is written.
  public let composition: Composition
  /// The timeline at each output frame.
  private let sampler: CompositionSampler
  private var frames: [TrackValues] { sampler.frames }
  private var frameCount: Int { sampler.frameCount }

  /// Prepares a writer.
  /// - Parameter composition: the scene.
  /// - Complexity: O(frames × tracks).
  public init(composition: Composition) {
    self.composition = composition
    sampler = CompositionSampler(composition)
  }

  /// The animation and what it could not hold exactly.
  /// - Returns: the document and one warning per approximated part, naming it.
  /// - Throws: `RasterError` or `RasterError` when an embedded picture cannot be made.
  public func document() throws -> (document: LottieDocument, warnings: [String]) {
    try checkTextBytes()
    var context = Context()
    var layers: [LottieLayer] = []
    if composition.background.alpha > 0 { layers.append(backgroundLayer()) }
    let (rootTransform, children): (NodeTransform, [CompositionNode])
    if composition.nodes.count == 1, case .group(let root) = composition.nodes[0], root.masks.isEmpty {
      (rootTransform, children) = (root.transform, root.children)
    } else {
      (rootTransform, children) = (NodeTransform(), composition.nodes)
    }
    for child in children { layers += try self.layers(for: child, under: rootTransform, &context) }
    let numbered = layers.reversed().enumerated().map { index, layer in
      var layer = layer
      layer.ind = index + 1
      return layer
    }
    var document = LottieDocument(
      fr: LottieNumber.clean(composition.frameRate), op: Double(frameCount), w: Int(composition.width.rounded()),
      h: Int(composition.height.rounded()), nm: composition.name, assets: context.assets,
      fonts: context.fonts.isEmpty ? nil : LottieFontList(list: context.fonts), layers: numbered)
    document.chars = context.chars.isEmpty ? nil : context.chars
    return (document, context.warnings)
  }

  /// What the layers collect on the way: embedded pictures, fonts, glyphs and warnings.
  private struct Context {
    var assets: [LottieAsset] = []
    var fonts: [LottieFont] = []
    var chars: [LottieChar] = []
    var charKeys: Set<[String]> = []
    var warnings: [String] = []
    private var made: TextOutliner?

    /// The one outliner of the file, made on first use.
    mutating func outliner() throws -> TextOutliner {
      if let made { return made }
      let outliner = try TextOutliner()
      made = outliner
      return outliner
    }

    /// Adds the glyph of every character the documents show (`addGlyph`).
    mutating func addGlyphs(of keys: [LottieTextKey], in spec: FontSpec, as font: LottieFont, filleted: Bool = false)
      throws
    {
      for key in keys {
        for character in key.s.t where character != "\r" {
          try addGlyph(character, of: spec, as: font, filleted: filleted)
        }
      }
    }

    /// Adds the glyph of a character in a text's font, listed under `font`, once; `filleted`, its
    /// corners turned into tiny curves (`VectorPath.filleted`, `haloFilletSize`) for a halo's stroke.
    mutating func addGlyph(_ character: Character, of spec: FontSpec, as font: LottieFont, filleted: Bool = false)
      throws
    {
      let key = [String(character), font.fFamily, font.fStyle]
      guard !charKeys.contains(key) else { return }
      charKeys.insert(key)
      let glyph = try outliner().glyph(character, font: spec)
      let path = filleted ? glyph.path.filleted(size: LottieWriter.haloFilletSize) : glyph.path
      // Bodymovin's glyph: one group of paths and no transform (lottie-web sets the last item's scale).
      var group = LottieShape(ty: "gr", nm: key[0])
      group.it = path.contours.map { LottieShape.path(.path(LottieWriter.bezier($0))) }
      chars.append(
        LottieChar(
          ch: key[0], fFamily: font.fFamily, style: font.fStyle, size: GlyphOutline.size,
          w: LottieNumber.clean(glyph.advance), data: LottieCharData(shapes: [group])))
    }
  }

  /// The most bytes of label text a file may key (each text where it changes): 16 labels reading
  /// `time` with 1,000-character formats at 10,000 frames would key 160 MB; refused as soon as the sum
  /// passes this, before the document is encoded.
  public static let maxTextBytes = 16 << 20
  /// The largest Lottie file written, in bytes (`LottieDocument.json` is checked against it).
  public static let maxFileBytes = 64 << 20

  /// Refuses label texts that would key more than `maxTextBytes`, before any is laid out.
  private func checkTextBytes() throws(FormatError) {
    var texts: [CompositionText] = []
    func visit(_ node: CompositionNode) {
      switch node {
      case .group(let group): group.children.forEach(visit)
      case .text(let text): texts.append(text)
      case .shape, .image: break
      }
    }
    composition.nodes.forEach(visit)
    var bytes = 0
    for text in texts {
      var last: String?
      let strings = text.content.strings()
      for (index, values) in frames.enumerated() {
        let string = strings(values) ?? ""
        guard string != last else { continue }
        last = string
        bytes += JSONText.quoted(string).utf8.count  // as written: a control character takes six bytes
        guard bytes <= Self.maxTextBytes else {
          throw .tooLarge(
            what: "its label texts, keyed where they change, pass \(Self.maxTextBytes) bytes by frame \(index)",
            limit: Self.maxTextBytes)
        }
      }
    }
  }

  // MARK: Layers

  private func layers(for node: CompositionNode, under root: NodeTransform, _ context: inout Context) throws
    -> [LottieLayer]
  {
    switch node {
    case .shape(let shape):
      return [shapeLayer(shape.name, [item(for: shape, &context)], root)]
    case .group(let group):
      if group.matte != nil { context.warnings.append("the track matte of '\(group.name)' is not written") }
      if group.timeRemap != nil { context.warnings.append(Self.remapWarning(group)) }
      if group.fillColor != nil { context.warnings.append(Self.fillWarning(group)) }
      if group.blendMode != .normal {
        context.warnings.append("the blend mode of '\(group.name)' is not written; its layers are drawn normally")
      }
      if group.children.contains(where: \.isPicture) {
        return [try pictureLayer(group, root, &context)]
      }
      if group.children.allSatisfy({ if case .image = $0 { true } else { false } }) {
        return group.children.compactMap { child in
          guard case .image(let image) = child else { return nil }
          return imageLayer(image, masks: group.masks, root, &context)
        }
      }
      // Lottie lists shapes top first.
      var layer = shapeLayer(group.name, group.children.reversed().compactMap { self.item(for: $0, &context) }, root)
      if !group.masks.isEmpty {
        layer.hasMask = true
        layer.masksProperties = group.masks.map { mask($0, context: &context) }
      }
      if !group.transform.isIdentity || group.opacity != .constant(1) {
        layer.shapes = [.group(group.name, layer.shapes ?? [], transform: transform(group, &context))]
      }
      return [layer]
    case .text(let text):
      return try textLayer(text, root, &context)
    case .image(let image):
      return [imageLayer(image, masks: [], root, &context)]
    }
  }

  private func backgroundLayer() -> LottieLayer {
    let (w, h) = (composition.width, composition.height)
    var layer = LottieLayer(
      ind: 0, ty: 4, nm: "background", ks: LottieTransform(anchor: [0, 0], position: [0, 0]), ip: 0,
      op: Double(frameCount))
    layer.shapes = [
      .group("background", [.rectangle(x: w / 2, y: h / 2, width: w, height: h), .fill(composition.background)])
    ]
    return layer
  }

  /// The layer transform of the root group.
  private func layerTransform(_ root: NodeTransform) -> LottieTransform {
    var ks = LottieTransform(anchor: [0, 0], position: [0, 0])
    ks.a = point(root.anchor) { [$0, $1, 0] }
    ks.p = point(root.position) { [$0, $1, 0] }
    ks.s = point(root.scale) { [100 * $0, 100 * $1, 100] }
    ks.r = channel(root.rotation, scale: Self.degrees, period: 360).property()
    return ks
  }

  private func shapeLayer(_ name: String, _ shapes: [LottieShape], _ root: NodeTransform) -> LottieLayer {
    var layer = LottieLayer(ind: 0, ty: 4, nm: name, ks: layerTransform(root), ip: 0, op: Double(frameCount))
    layer.shapes = shapes
    return layer
  }

  /// A group of pictures painted once into an embedded PNG (two pixels a point), masked like the group.
  private func pictureLayer(_ group: CompositionGroup, _ root: NodeTransform, _ context: inout Context) throws
    -> LottieLayer
  {
    let image = try CompositionPicture.image(of: group, in: composition)
    return imageLayer(image, masks: group.masks, root, &context)
  }

  private func imageLayer(_ image: CompositionImage, masks: [NodeMask], _ root: NodeTransform, _ context: inout Context)
    -> LottieLayer
  {
    let id = "image_\(context.assets.count)"
    if let png = try? PNGCodec.encode(image.bitmap) {
      context.assets.append(LottieAsset(id: id, width: image.bitmap.width, height: image.bitmap.height, png: png))
    }
    // The image's pixel (u, v) lands at (x + u·fx, y + v·fy) in the root's children's space.
    let fx = image.width / Double(max(image.bitmap.width, 1))
    let fy = image.height / Double(max(image.bitmap.height, 1))
    var ks = layerTransform(root)
    let anchor = root.anchor
    ks.a = point(anchor) { [($0 - image.x) / fx, ($1 - image.y) / fy, 0] }
    ks.s = point(root.scale) { [100 * $0 * fx, 100 * $1 * fy, 100] }
    var layer = LottieLayer(ind: 0, ty: 2, nm: image.name, ks: ks, ip: 0, op: Double(frameCount))
    layer.refId = id
    if !masks.isEmpty {
      layer.hasMask = true
      layer.masksProperties = masks.map { mask in
        var local = mask
        if case .ellipse(let center, let radii) = mask.geometry, let c = center.constantValue,
          let r = radii.constantValue
        {
          local.geometry = .ellipse(
            center: .constant((c.x - image.x) / fx, (c.y - image.y) / fy), radii: .constant(r.x / fx, r.y / fy))
        } else {
          context.warnings.append("the mask of '\(image.name)' is written in the image's own coordinates")
        }
        return self.mask(local, context: &context)
      }
    }
    return layer
  }

  /// A text as text layers: its documents (one per change of string, laid out as the frames lay it
  /// out: size after the fit, the lines it wraps to, `\r` between them), the glyph of every character
  /// shown added to `chars`, and one stroked copy under it per halo stroke.
  private func textLayer(_ text: CompositionText, _ root: NodeTransform, _ context: inout Context)
    throws -> [LottieLayer]
  {
    let outliner = try context.outliner()
    var keys: [LottieTextKey] = []
    var colors: [RGBAColor] = []
    var baselines: [Double] = []
    var laidOut: [String: LaidOutText?] = [:]
    var font: LottieFont?
    let strings = text.content.strings()
    for (index, values) in frames.enumerated() {
      let string = strings(values) ?? ""
      if laidOut[string] == nil { laidOut[string] = .some(try outliner.layout(string, of: text)) }
      let layout = laidOut[string] ?? nil
      let shown = layout?.lines.joined(separator: "\r") ?? ""
      let color = text.color.value(in: values)
      colors.append(color)
      baselines.append(layout?.baselines.first ?? 0)
      if font == nil, let first = shown.first(where: { !$0.isWhitespace }) {
        let glyph = try outliner.glyph(first, font: text.font)
        font = Self.font(family: glyph.family, bold: glyph.bold)
      }
      guard keys.last?.s.t != shown || keys.last?.s.s != layout.map({ LottieNumber.clean($0.fontSize) }) else {
        continue
      }
      keys.append(
        LottieTextKey(
          s: LottieTextDocument(
            text: shown, font: "", size: LottieNumber.clean(layout?.fontSize ?? text.font.size),
            color: [color.red, color.green, color.blue].map(LottieNumber.clean),
            lineHeight: layout?.lineHeight ?? text.font.size * 1.2),
          t: Double(index)))
    }
    let used = font ?? Self.font(family: text.font.family ?? "sans-serif", bold: text.font.weight == .bold)
    if !context.fonts.contains(used) { context.fonts.append(used) }
    for index in keys.indices { keys[index].s.f = used.fName }
    try context.addGlyphs(of: keys, in: text.font, as: used)
    // The layer's origin is the first line's baseline at the text's centre.
    var ks = layerTransform(root)
    let rootAnchor = root.anchor
    func anchors(offset: Point) -> LottieProperty {
      Self.sampled(
        frames.enumerated().map { index, values -> [Double] in
          let a = rootAnchor.value(in: values)
          let p = text.position.value(in: values)
          return [a.x - p.x - offset.x, a.y - p.y - offset.y - baselines[index], 0].map(LottieNumber.clean)
        })
    }
    ks.a = anchors(offset: Point(x: 0, y: 0))
    ks.o = .number(LottieNumber.clean(100 * (colors.first?.alpha ?? 1)))
    var layer = LottieLayer(ind: 0, ty: 5, nm: text.name, ks: ks, ip: 0, op: Double(frameCount))
    layer.t = LottieTextData(keyframes: keys)
    var layers: [LottieLayer] = []
    if let shadow = text.shadow, shadow.color.alpha > 0, shadow.layers.contains(where: { $0.alpha > 0 }) {
      // Each halo stroke: a copy of the text filled and stroked in the halo's colour at the stroke's
      // alpha, in the font's filleted glyphs (a style of its own), which every player's line join
      // strokes round.
      let rgb = [shadow.color.red, shadow.color.green, shadow.color.blue].map(LottieNumber.clean)
      let halo = Self.haloFont(of: used)
      if !context.fonts.contains(halo) { context.fonts.append(halo) }
      try context.addGlyphs(of: keys, in: text.font, as: halo, filleted: true)
      for (index, stroke) in shadow.layers.enumerated() where stroke.alpha > 0 {
        var copy = layer
        copy.nm = "\(text.name) halo \(index + 1)"
        copy.ks.a = anchors(offset: shadow.offset)
        copy.ks.o = .number(LottieNumber.clean(100 * stroke.alpha))
        copy.t = LottieTextData(
          keyframes: keys.map { key in
            var key = key
            key.s.f = halo.fName
            key.s.fc = rgb
            key.s.sc = rgb
            key.s.sw = LottieNumber.clean(stroke.width)
            key.s.of = false
            return key
          })
        layers.append(copy)
      }
    }
    return layers + [layer]
  }

  /// What is said of a group with a Fill effect: it is written in its own colours.
  static func fillWarning(_ group: CompositionGroup) -> String {
    "the fill effect of '\(group.name)' is not written; it is written in its own colours"
  }

  /// What is said of a time-remapped group: its layers are flat, so its children keep the outer time.
  static func remapWarning(_ group: CompositionGroup) -> String {
    "the time remapping of '\(group.name)' is not written; its children play in the animation's own time"
  }

  /// How far from a corner a halo glyph's fillet starts, in glyph units (a 100-point font): a
  /// 27 px label moves by at most 0.13 px.
  static let haloFilletSize = 0.5

  /// The font a halo's copies are set in: the text's family in a style of its own, whose glyphs are
  /// filleted (`Context.addGlyph`).
  static func haloFont(of font: LottieFont) -> LottieFont {
    LottieFont(fName: font.fName + "-Halo", fFamily: font.fFamily, fStyle: font.fStyle + " Halo", ascent: font.ascent)
  }

  /// A font as Lottie lists it: the family that drew the text, a PostScript-style name.
  static func font(family: String, bold: Bool) -> LottieFont {
    let name = family.filter { $0 != " " } + (bold ? "-Bold" : "")
    return LottieFont(fName: name, fFamily: family, fStyle: bold ? "Bold" : "Regular", ascent: 75)
  }

  // MARK: Shapes

  /// A node inside a shape layer: a shape's group, or a group of them; `nil` for what a shape layer cannot hold.
  private func item(for node: CompositionNode, _ context: inout Context) -> LottieShape? {
    switch node {
    case .shape(let shape): return item(for: shape, &context)
    case .group(let group):
      if !group.masks.isEmpty { context.warnings.append("the masks of '\(group.name)' are not written") }
      if group.matte != nil { context.warnings.append("the track matte of '\(group.name)' is not written") }
      if group.timeRemap != nil { context.warnings.append(Self.remapWarning(group)) }
      if group.fillColor != nil { context.warnings.append(Self.fillWarning(group)) }
      var item = LottieShape.group(
        group.name, group.children.reversed().compactMap { self.item(for: $0, &context) },
        transform: transform(group, &context))
      item.bm = Self.blendCode(group.blendMode)
      return item
    case .text, .image:
      context.warnings.append("'\(node.name)' inside a group is not written")
      return nil
    }
  }

  private func transform(_ group: CompositionGroup, _ context: inout Context) -> LottieShape {
    var shape = LottieShape.transform()
    let t = group.transform
    if t.autoOrient { context.warnings.append("the auto-orient of '\(group.name)' is not written") }
    shape.a = point(t.anchor) { [$0, $1] }
    shape.p = point(t.position) { [$0, $1] }
    shape.s = point(t.scale) { [100 * $0, 100 * $1] }
    shape.r = channel(t.rotation, scale: Self.degrees, period: 360).property()
    shape.o = channel(group.opacity, scale: 100).property()
    shape.sk = channel(t.skew, scale: Self.degrees).property()
    shape.sa = channel(t.skewAxis, scale: Self.degrees).property()
    return shape
  }

  /// Lottie's number for a blend mode, `nil` for normal (left out).
  static func blendCode(_ mode: CompositionBlendMode) -> Int? {
    mode == .normal ? nil : CompositionBlendMode.allCases.firstIndex(of: mode)
  }

  /// A shape's group with its blend mode on each of its fills and strokes.
  private func item(for shape: CompositionShape, _ context: inout Context) -> LottieShape {
    func blended(_ item: LottieShape) -> LottieShape {
      var item = item
      if ["fl", "st", "gf", "gs"].contains(item.ty) { item.bm = Self.blendCode(shape.blendMode) }
      item.it = item.it?.map(blended)
      return item
    }
    let item = unblendedItem(for: shape, &context)
    return shape.blendMode == .normal ? item : blended(item)
  }

  private func unblendedItem(for shape: CompositionShape, _ context: inout Context) -> LottieShape {
    var items: [LottieShape] = []
    var strokeOverride: (width: Double, paint: PaintSource)?
    switch shape.geometry {
    case .sector(let center, let radius, let start, let end):
      // A wedge: a stroke as wide as the radius on a circle of half the radius, trimmed.
      let r = radius.constantValue ?? 0
      items += arc(center, .constant(r / 2), start, end, stroked: false)
      if let fill = shape.fill { strokeOverride = (r, fill.paint) }
    case .sineRegion(let wave):
      return sineRegion(shape, wave, &context)
    case .arc(let center, let radius, _, _):
      if let stroke = shape.stroke, case .conicGradient(let sweep, let rotation) = stroke.paint {
        return conicArc(shape.name, center, radius, stroke, sweep, rotation)
      }
      items += geometry(shape.geometry, name: shape.name, &context)
    case .ellipse(let center, let radii)
    where shape.stroke != nil && radii.constantValue.map { $0.x == $0.y } == true && center.constantValue != nil:
      // A stroked circle: a path of short pieces from the top, clockwise, as `el` runs (see
      // `LottiePaths.strokedPieceLength`).
      let (c, r) = (center.constantValue ?? Point(x: 0, y: 0), radii.constantValue?.x ?? 0)
      let circle = LottiePaths.circle(
        centerX: c.x, centerY: c.y, radius: r, start: -.pi / 2, clockwise: true,
        pieces: LottiePaths.strokedPieces(radius: r))
      items.append(.path(.path(circle)))
    default:
      items += geometry(shape.geometry, name: shape.name, &context)
    }
    let opacity = shape.opacity
    if let (width, paint) = strokeOverride {
      items.append(stroke(paint, width: .constant(width), cap: .butt, opacity: opacity, name: shape.name, &context))
    } else {
      // Lottie paints the first style item on top: the stroke, then the fill under it.
      if let stroke = shape.stroke {
        if !stroke.dashes.isEmpty || stroke.animatedDash != nil {
          context.warnings.append("the dashes of '\(shape.name)' are not written; its stroke is written solid")
        }
        items.append(
          self.stroke(stroke.paint, width: stroke.width, cap: stroke.cap, opacity: opacity, name: shape.name, &context))
      }
      if let fill = shape.fill { items.append(self.fill(fill.paint, opacity: opacity, name: shape.name, &context)) }
    }
    return .group(shape.name, items)
  }

  private func geometry(_ geometry: ShapeGeometry, name: String, _ context: inout Context) -> [LottieShape] {
    switch geometry {
    case .ellipse(let center, let radii):
      var shape = LottieShape(ty: "el")
      shape.d = 1
      shape.p = point(center) { [$0, $1] }
      shape.s = point(radii) { [2 * $0, 2 * $1] }
      return [shape]
    case .rectangle(let center, let size, let corner):
      var shape = LottieShape(ty: "rc")
      shape.d = 1
      shape.p = point(center) { [$0, $1] }
      shape.s = point(size) { [$0, $1] }
      shape.r = channel(corner).property()
      return [shape]
    case .arc(let center, let radius, let start, let end):
      return arc(center, radius, start, end)
    case .sector, .sineRegion:
      return []
    case .path(let vectors):
      return vectors.contours.map { .path(.path(Self.bezier($0))) }
    case .morph(let morph):
      context.warnings.append("the changing outline of '\(name)' is written as its first shape")
      return (morph.paths.first?.contours ?? []).map { .path(.path(Self.bezier($0))) }
    case .trimmed(let trimmed):
      context.warnings.append("the trimmed outline of '\(name)' is written whole")
      return trimmed.outlines.flatMap { self.geometry($0, name: name, &context) }
    case .modified(let modifier):
      context.warnings.append("the path modifier on '\(name)' is not written; its outlines are written unchanged")
      return modifier.outlines.flatMap { self.geometry($0, name: name, &context) }
    case .polystar(let star):
      var shape = LottieShape(ty: "sr")
      shape.sy = star.kind == .star ? 1 : 2
      shape.d = star.clockwise ? 1 : 3
      shape.p = point(star.center) { [$0, $1] }
      shape.r = channel(star.rotation, scale: Self.degrees).property()
      shape.pt = channel(star.points).property()
      shape.or = channel(star.outerRadius).property()
      shape.os = channel(star.outerRoundness, scale: 100).property()
      if star.kind == .star {
        shape.ir = channel(star.innerRadius).property()
        shape.is = channel(star.innerRoundness, scale: 100).property()
      }
      return [shape]
    case .union(let parts):
      return parts.flatMap { self.geometry($0, name: name, &context) }
    }
  }

  /// An arc: a whole circle from angle 0 in the arc's direction, trimmed to the sweep and turned to the start.
  /// A stroked arc's circle is in short pieces (`LottiePaths.strokedPieces`); a sector's, whose stroke is
  /// as wide as its radius, in quarters (ThorVG trims quarters closer to the sweep: upload 0.85 % against 0.99 %).
  private func arc(
    _ center: AnimatedPoint, _ radius: AnimatedNumber, _ start: AnimatedNumber, _ end: AnimatedNumber,
    stroked: Bool = true
  ) -> [LottieShape] {
    let c = center.constantValue ?? Point(x: 0, y: 0)
    let r = radius.constantValue ?? 0
    let from = expression(start)
    let to = expression(end)
    // The direction: counter-clockwise when the end is before the start at the first frame it differs.
    let clockwise = sampler.clockwise(start, end)
    let sweep = NumberExpression.difference(to, from)
    let fraction = NumberExpression.product(
      .quotient(clockwise ? sweep : .product(.constant(-1), sweep), .constant(2 * .pi)), .constant(100))
    let circle = LottieShape.path(
      .path(
        LottiePaths.circle(
          centerX: c.x, centerY: c.y, radius: r, start: 0, clockwise: clockwise,
          pieces: stroked ? LottiePaths.strokedPieces(radius: r) : 4)))
    var trim = LottieShape.trim(end: channel(.expression(.clamped(fraction, lower: 0, upper: 100))).property())
    let turn = NumberExpression.product(from, .constant(clockwise ? Self.degrees : -Self.degrees))
    trim.o = channel(.expression(turn), period: 360).property()
    return [circle, trim]
  }

  /// A stroke in a conic gradient along its sweep (Lottie has no conic gradient): pieces in the
  /// gradient's colour at their middle, butt-ended, round ends as discs, turned with the gradient.
  private func conicArc(
    _ name: String, _ center: AnimatedPoint, _ radius: AnimatedNumber, _ stroke: ShapeStroke, _ sweep: ConicSweep,
    _ rotation: AnimatedNumber
  ) -> LottieShape {
    let c = center.constantValue ?? sweep.center
    let r = radius.constantValue ?? 0
    let width = stroke.width.constantValue ?? 0
    var items: [LottieShape] = []
    if stroke.cap == .round {
      for (angle, color) in [(sweep.end, sweep.to), (sweep.start, sweep.from)] {
        let (x, y) = (c.x + r * cos(angle), c.y + r * sin(angle))
        items.append(.group("end", [.ellipse(x: x, y: y, width: width, height: width), .fill(color)]))
      }
    }
    let pieces = CompositionSampler.conicPieces(sweep, center: c, radius: r, pieces: Self.conicPieces)
    for (index, piece) in pieces.enumerated().reversed() {
      items.append(
        .group("piece \(index + 1)", [.path(.path(piece.path)), .stroke(piece.color, width: width, cap: .butt)]))
    }
    let turn = channel(rotation, scale: Self.degrees, period: 360)
    return .group(
      name, items,
      transform: .transform(
        anchor: [sweep.center.x, sweep.center.y], position: [sweep.center.x, sweep.center.y], rotation: turn.property())
    )
  }

  /// Pieces a conic-gradient stroke is cut into.
  static let conicPieces = 72

  private func sineRegion(_ shape: CompositionShape, _ wave: SineRegion, _ context: inout Context) -> LottieShape {
    let (path, shift, rise) = sampler.sineMotion(wave)
    var paints: [LottieShape] = []
    if let fill = shape.fill {
      paints.append(self.fill(fill.paint, opacity: shape.opacity, name: shape.name, &context))
    }
    let moved = LottieShape.group(
      "phase", [.path(.path(path))] + paints, transform: .translation(shift.property { [$0, 0] }))
    return .group(shape.name, [moved], transform: .translation(rise.property { [0, $0] }))
  }

  static func bezier(_ contour: VectorPath.Contour) -> LottieBezier {
    func clean(_ p: Point) -> [Double] { [p.x, p.y].map(LottieNumber.clean) }
    return LottieBezier(
      c: contour.closed, i: contour.vertices.map { clean($0.inTangent) },
      o: contour.vertices.map { clean($0.outTangent) },
      v: contour.vertices.map { clean($0.point) })
  }

  // MARK: Paints

  private func fill(_ paint: PaintSource, opacity: AnimatedNumber, name: String, _ context: inout Context)
    -> LottieShape
  {
    var shape = LottieShape(ty: "fl")
    (shape.c, shape.o) = color(paint, opacity: opacity, name: name, &context)
    return shape
  }

  private func stroke(
    _ paint: PaintSource, width: AnimatedNumber, cap: LineCap, opacity: AnimatedNumber, name: String,
    _ context: inout Context
  ) -> LottieShape {
    var shape = LottieShape(ty: "st")
    (shape.c, shape.o) = color(paint, opacity: opacity, name: name, &context)
    shape.w = channel(width).property()
    shape.lc = LottieShape.capCode(cap)
    shape.lj = 2
    shape.ml = 4
    return shape
  }

  /// A paint's colour (alpha 1) and opacity in percent (the colour's alpha × the shape's opacity).
  private func color(_ paint: PaintSource, opacity: AnimatedNumber, name: String, _ context: inout Context)
    -> (LottieProperty, LottieProperty)
  {
    let color = CompositionSampler.color(of: paint, name: name, warnings: &context.warnings)
    if let constant = color.constantValue {
      let alpha = channel(opacity, scale: 100 * constant.alpha).property()
      return (.vector([constant.red, constant.green, constant.blue, 1].map(LottieNumber.clean)), alpha)
    }
    let samples = frames.map { color.value(in: $0) }
    let rgb = Self.sampled(samples.map { [$0.red, $0.green, $0.blue, 1].map(LottieNumber.clean) })
    let alphas = frames.enumerated().map { index, values in 100 * samples[index].alpha * opacity.value(in: values) }
    let alpha = LottieChannel(
      track: nil, frameCount: frameCount, framesPerSecond: sampler.framesPerTimelineSecond, affine: { $0 },
      sample: { alphas[$0] })
    return (rgb, alpha.property())
  }

  // MARK: Numbers

  /// Degrees per radian.
  static let degrees = 180 / Double.pi

  private func expression(_ number: AnimatedNumber) -> NumberExpression { sampler.expression(number) }

  /// A number as keyframes (`CompositionSampler.channel`).
  private func channel(_ number: AnimatedNumber, scale: Double = 1, period: Double? = nil) -> LottieChannel {
    sampler.channel(number, scale: scale, period: period)
  }

  /// A point as a Lottie vector: constant, one coordinate's keys, or one key per frame.
  private func point(_ point: AnimatedPoint, _ vector: @escaping (Double, Double) -> [Double]) -> LottieProperty {
    if let constant = point.constantValue { return .vector(vector(constant.x, constant.y)) }
    if case .separate(let x, let y) = point {
      if x == y { return channel(x).property { vector($0, $0) } }
      if let fixed = y.constantValue { return channel(x).property { vector($0, fixed) } }
      if let fixed = x.constantValue { return channel(y).property { vector(fixed, $0) } }
    }
    return Self.sampled(
      frames.map { values in
        let p = point.value(in: values)
        return vector(p.x, p.y).map(LottieNumber.clean)
      })
  }

  /// One vector per frame as linear keys (a constant when they are all the same).
  static func sampled(_ vectors: [[Double]]) -> LottieProperty {
    guard let first = vectors.first, vectors.contains(where: { $0 != first }) else {
      return .vector(vectors.first ?? [0, 0])
    }
    let (out, into) = LottieChannel.tangents(.linear, count: first.count)
    let keys = vectors.enumerated().map { index, vector in
      index + 1 < vectors.count
        ? LottieKeyframe(t: Double(index), s: vector, o: out, i: into) : LottieKeyframe(t: Double(index), s: vector)
    }
    return LottieProperty(.keyframes(keys))
  }

  private func mask(_ mask: NodeMask, context: inout Context) -> LottieMask {
    var path = LottieBezier(c: true, i: [], o: [], v: [])
    switch mask.geometry {
    case .ellipse(let center, let radii):
      let c = center.constantValue ?? Point(x: 0, y: 0)
      path = LottiePaths.circle(
        centerX: c.x, centerY: c.y, radius: radii.constantValue?.x ?? 0, start: 0, clockwise: true)
    case .path(let vectors) where vectors.contours.count == 1:
      path = Self.bezier(vectors.contours[0])
    default:
      context.warnings.append("a mask of this shape is not written")
    }
    var made = LottieMask(nm: "mask", path: path)
    made.inv = mask.inverted
    if mask.opacity != .constant(1) { made.o = channel(mask.opacity, scale: 100).property() }
    made.mode =
      switch mask.mode {
      case .add: "a"
      case .subtract: "s"
      case .intersect: "i"
      }
    return made
  }
}

extension CompositionNode {
  /// Whether the node is picture content (shapes painted with Cairo's own edges).
  var isPicture: Bool {
    switch self {
    case .shape(let shape): shape.smoothEdges
    case .group(let group): group.children.contains(where: \.isPicture)
    case .text, .image: false
    }
  }
}
