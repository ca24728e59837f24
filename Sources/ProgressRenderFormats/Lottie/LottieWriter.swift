import Foundation
import ProgressRenderCore
import ProgressRenderRaster

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
  /// The values of the timeline at each output frame.
  private let frames: [TrackValues]
  private let frameCount: Int

  /// Prepares a writer.
  /// - Parameter composition: the scene.
  /// - Complexity: O(frames × tracks).
  public init(composition: Composition) {
    self.composition = composition
    frameCount = max(composition.frameCount, 1)
    let timeline = Timeline(tracks: composition.timeline)
    frames = (0..<max(composition.frameCount, 1)).map {
      composition.values(at: composition.time(ofFrame: $0), in: timeline)
    }
  }

  /// The animation and what it could not hold exactly.
  /// - Returns: the document and one warning per approximated part, naming it.
  /// - Throws: `RasterError` or `RasterError` when an embedded picture cannot be made.
  public func document() throws -> (document: LottieDocument, warnings: [String]) {
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
    let document = LottieDocument(
      fr: LottieNumber.clean(composition.frameRate), op: Double(frameCount), w: Int(composition.width.rounded()),
      h: Int(composition.height.rounded()), nm: composition.name, assets: context.assets,
      fonts: context.fonts.isEmpty ? nil : LottieFontList(list: context.fonts), layers: numbered)
    return (document, context.warnings)
  }

  /// What the layers collect on the way: embedded pictures, fonts and warnings.
  private struct Context {
    var assets: [LottieAsset] = []
    var fonts: [LottieFont] = []
    var warnings: [String] = []
    /// Bytes of label text keyed so far, against `maxTextBytes`.
    var textBytes = 0
  }

  /// The most bytes of label text a file may key (each text where it changes): 16 labels reading
  /// `time` with 1,000-character formats at 10,000 frames would key 160 MB; refused as soon as the sum
  /// passes this, before the document is encoded.
  public static let maxTextBytes = 16 << 20
  /// The largest Lottie file written, in bytes (`LottieDocument.json` is checked against it).
  public static let maxFileBytes = 64 << 20

  // MARK: Layers

  private func layers(for node: CompositionNode, under root: NodeTransform, _ context: inout Context) throws
    -> [LottieLayer]
  {
    switch node {
    case .shape(let shape):
      return [shapeLayer(shape.name, [item(for: shape, &context)], root)]
    case .group(let group):
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
      return [try textLayer(text, root, &context)]
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
    let side = max(1, min(Int((2 * max(composition.width, composition.height)).rounded(.up)), Self.maxPictureSide))
    let pixelsPerPoint = Double(side) / max(composition.width, composition.height)
    var flat = group
    flat.masks = []
    let scaled = CompositionGroup(
      name: group.name, transform: NodeTransform(scale: .constant(pixelsPerPoint, pixelsPerPoint)),
      children: [.group(flat)])
    let picture = Composition(
      name: group.name, width: Double(side), height: Double(side), duration: 0, frameRate: 1, frameCount: 1,
      nodes: [.group(scaled)])
    let renderer = try CompositionRenderer(
      composition: picture, settings: PaintSettings(pixelSize: side, scale: 1, edgeLevels: 256, background: .clear))
    let bitmap = try renderer.frame(at: 0)
    let image = CompositionImage(
      name: group.name, bitmap: bitmap, x: 0, y: 0, width: composition.width, height: composition.height)
    return imageLayer(image, masks: group.masks, root, &context)
  }

  /// The largest edge of an embedded picture, in pixels.
  static let maxPictureSide = 2048

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

  private func textLayer(_ text: CompositionText, _ root: NodeTransform, _ context: inout Context)
    throws(FormatError) -> LottieLayer
  {
    let font = Self.font(text.font)
    if !context.fonts.contains(font) { context.fonts.append(font) }
    var keys: [LottieTextKey] = []
    var colors: [RGBAColor] = []
    for (index, values) in frames.enumerated() {
      let string = text.content.string(in: values) ?? ""
      let color = text.color.value(in: values)
      colors.append(color)
      guard keys.last?.s.t != string else { continue }
      context.textBytes += string.utf8.count
      guard context.textBytes <= Self.maxTextBytes else {
        throw .tooLarge(
          what: "its label texts, keyed where they change, pass \(Self.maxTextBytes) bytes by frame \(index)",
          limit: Self.maxTextBytes)
      }
      keys.append(
        LottieTextKey(
          s: LottieTextDocument(
            text: string, font: font.fName, size: LottieNumber.clean(text.font.size),
            color: [color.red, color.green, color.blue].map(LottieNumber.clean)),
          t: Double(index)))
    }
    // A text is written at its own size (players do not fit it inside the ring); not warned about,
    // as every label would be: the renderer's label warnings say when a text needs the fit.
    if text.shadow != nil { context.warnings.append("the shadow of '\(text.name)' is not written") }
    // The layer's origin is the text's baseline centre, `baselineDrop` × size below its centre.
    let drop = Self.baselineDrop * text.font.size
    var ks = layerTransform(root)
    let rootAnchor = root.anchor
    let anchors = frames.map { values -> [Double] in
      let a = rootAnchor.value(in: values)
      let p = text.position.value(in: values)
      return [a.x - p.x, a.y - p.y - drop].map(LottieNumber.clean)
    }
    ks.a = Self.sampled(anchors.map { $0 + [0] })
    ks.o = .number(100 * (colors.first?.alpha ?? 1))
    var layer = LottieLayer(ind: 0, ty: 5, nm: text.name, ks: ks, ip: 0, op: Double(frameCount))
    layer.t = LottieTextData(keyframes: keys)
    return layer
  }

  /// How far below a text's centre its baseline is, as a fraction of its size.
  static let baselineDrop = 0.35

  /// A font as Lottie lists it.
  static func font(_ spec: FontSpec) -> LottieFont {
    let family = spec.family ?? "DejaVu Sans"
    let bold = spec.weight == .bold
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
      return .group(
        group.name, group.children.reversed().compactMap { self.item(for: $0, &context) },
        transform: transform(group, &context))
    case .text, .image:
      context.warnings.append("'\(node.name)' inside a group is not written")
      return nil
    }
  }

  private func transform(_ group: CompositionGroup, _ context: inout Context) -> LottieShape {
    var shape = LottieShape.transform()
    let t = group.transform
    shape.a = point(t.anchor) { [$0, $1] }
    shape.p = point(t.position) { [$0, $1] }
    shape.s = point(t.scale) { [100 * $0, 100 * $1] }
    shape.r = channel(t.rotation, scale: Self.degrees, period: 360).property()
    shape.o = channel(group.opacity, scale: 100).property()
    shape.sk = channel(t.skew, scale: Self.degrees).property()
    shape.sa = channel(t.skewAxis, scale: Self.degrees).property()
    return shape
  }

  private func item(for shape: CompositionShape, _ context: inout Context) -> LottieShape {
    var items: [LottieShape] = []
    var strokeOverride: (width: Double, paint: PaintSource)?
    switch shape.geometry {
    case .sector(let center, let radius, let start, let end):
      // A wedge: a stroke as wide as the radius on a circle of half the radius, trimmed.
      let r = radius.constantValue ?? 0
      items += arc(center, .constant(r / 2), start, end)
      if let fill = shape.fill { strokeOverride = (r, fill.paint) }
    case .sineRegion(let wave):
      return sineRegion(shape, wave, &context)
    case .arc(let center, let radius, _, _):
      if let stroke = shape.stroke, case .conicGradient(let sweep, let rotation) = stroke.paint {
        return conicArc(shape.name, center, radius, stroke, sweep, rotation)
      }
      items += geometry(shape.geometry, name: shape.name, &context)
    default:
      items += geometry(shape.geometry, name: shape.name, &context)
    }
    let opacity = shape.opacity
    if let (width, paint) = strokeOverride {
      items.append(stroke(paint, width: .constant(width), cap: .butt, opacity: opacity, name: shape.name, &context))
    } else {
      // Lottie paints the first style item on top: the stroke, then the fill under it.
      if let stroke = shape.stroke {
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
      return vectors.contours.map { .path(.path(bezier($0))) }
    case .union(let parts):
      return parts.flatMap { self.geometry($0, name: name, &context) }
    }
  }

  /// An arc: a whole circle from angle 0 in the arc's direction, trimmed to the sweep and turned to the start.
  private func arc(_ center: AnimatedPoint, _ radius: AnimatedNumber, _ start: AnimatedNumber, _ end: AnimatedNumber)
    -> [LottieShape]
  {
    let c = center.constantValue ?? Point(x: 0, y: 0)
    let r = radius.constantValue ?? 0
    let from = expression(start)
    let to = expression(end)
    // The direction: counter-clockwise when the end is before the start at the first frame it differs.
    let clockwise =
      frames.first { from.value(in: $0) != to.value(in: $0) }.map { to.value(in: $0) > from.value(in: $0) } ?? true
    let sweep = NumberExpression.difference(to, from)
    let fraction = NumberExpression.product(
      .quotient(clockwise ? sweep : .product(.constant(-1), sweep), .constant(2 * .pi)), .constant(100))
    let circle = LottieShape.path(
      .path(LottiePaths.circle(centerX: c.x, centerY: c.y, radius: r, start: 0, clockwise: clockwise)))
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
    let gradient = ConicGradient(
      centerX: sweep.center.x, centerY: sweep.center.y, start: sweep.start, end: sweep.end, from: sweep.from,
      to: sweep.to)
    let step = (sweep.end - sweep.start) / Double(Self.conicPieces)
    var items: [LottieShape] = []
    if stroke.cap == .round {
      for (angle, color) in [(sweep.end, sweep.to), (sweep.start, sweep.from)] {
        let (x, y) = (c.x + r * cos(angle), c.y + r * sin(angle))
        items.append(.group("end", [.ellipse(x: x, y: y, width: width, height: width), .fill(color)]))
      }
    }
    for index in (0..<Self.conicPieces).reversed() {
      let from = sweep.start + step * Double(index)
      let color = gradient.color(atAngle: from + step / 2) ?? sweep.to
      let piece = LottiePaths.arc(centerX: c.x, centerY: c.y, radius: r, from: from, to: from + step)
      items.append(.group("piece \(index + 1)", [.path(.path(piece)), .stroke(color, width: width, cap: .butt)]))
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
    let k = 2 * Double.pi / max(wave.wavelength, 1e-9)
    // Sideways: the crests move left by phase / k; upwards with the baseline.
    let shift = channel(
      .expression(.quotient(.product(.constant(-1), expression(wave.phase)), .constant(k))), period: wave.wavelength)
    let rise = channel(wave.baseline)
    let shifts = shift.keys.map(\.value)
    let path = LottiePaths.sineRegion(
      left: wave.left - (shifts.max() ?? 0) - wave.wavelength,
      right: wave.right - (shifts.min() ?? 0) + wave.wavelength,
      origin: wave.left, amplitude: wave.amplitude, wavelength: wave.wavelength,
      bottom: wave.bottom - (rise.keys.map(\.value).min() ?? 0))
    var paints: [LottieShape] = []
    if let fill = shape.fill {
      paints.append(self.fill(fill.paint, opacity: shape.opacity, name: shape.name, &context))
    }
    let moved = LottieShape.group(
      "phase", [.path(.path(path))] + paints, transform: .translation(shift.property { [$0, 0] }))
    return .group(shape.name, [moved], transform: .translation(rise.property { [0, $0] }))
  }

  private func bezier(_ contour: VectorPath.Contour) -> LottieBezier {
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
    let color: AnimatedColor
    switch paint {
    case .solid(let solid): color = solid
    case .linearGradient(_, _, let stops), .radialGradient(_, _, _, let stops):
      context.warnings.append("the gradient of '\(name)' is written as its first colour")
      color = .constant(stops.first?.color ?? .clear)
    case .conicGradient(let sweep, _):
      context.warnings.append("the colour fade of '\(name)' is written as its head colour")
      color = .constant(sweep.to)
    }
    if let constant = color.constantValue {
      let alpha = channel(opacity, scale: 100 * constant.alpha).property()
      return (.vector([constant.red, constant.green, constant.blue, 1].map(LottieNumber.clean)), alpha)
    }
    let samples = frames.map { color.value(in: $0) }
    let rgb = Self.sampled(samples.map { [$0.red, $0.green, $0.blue, 1].map(LottieNumber.clean) })
    let alphas = frames.enumerated().map { index, values in 100 * samples[index].alpha * opacity.value(in: values) }
    let alpha = LottieChannel(
      track: nil, frameCount: frameCount, framesPerSecond: framesPerTimelineSecond, affine: { $0 },
      sample: { alphas[$0] })
    return (rgb, alpha.property())
  }

  // MARK: Numbers

  /// Degrees per radian.
  static let degrees = 180 / Double.pi

  /// Output frames per second of the timeline.
  private var framesPerTimelineSecond: Double {
    composition.timeScale > 0 && composition.duration > 0 ? composition.frameRate / composition.timeScale : .infinity
  }

  private func expression(_ number: AnimatedNumber) -> NumberExpression {
    switch number {
    case .constant(let value): .constant(value)
    case .expression(let expression): expression
    }
  }

  /// A number as keyframes: the track's own keys when the number is an affine map of one track
  /// (clamps and remainders checked frame by frame), else one key per frame.
  private func channel(_ number: AnimatedNumber, scale: Double = 1, period: Double? = nil) -> LottieChannel {
    let e = expression(number)
    var track: Track?
    var affine: (Double) -> Double = { $0 * scale }
    if let form = LinearForm(e), form.terms.count == 1, let (name, coefficient) = form.terms.first {
      track = composition.timeline.last { $0.name == name }
      affine = { (coefficient * $0 + form.constant) * scale }
    }
    var made = LottieChannel(
      track: track, frameCount: frameCount, framesPerSecond: framesPerTimelineSecond, period: period, affine: affine,
      sample: { e.value(in: frames[$0]) * scale })
    // A number that steps (it rounds down) holds each frame's value until the next key.
    if e.steps, track == nil || !made.isExact {
      for index in made.keys.indices { made.keys[index].hold = true }
    }
    return made
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
      path = bezier(vectors.contours[0])
    default:
      context.warnings.append("a mask of this shape is not written")
    }
    var made = LottieMask(nm: "mask", path: path)
    made.inv = mask.inverted
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
