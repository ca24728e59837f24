import Foundation
import ProgressRenderCore

/// Paints any composition at a time into a frame with Cairo: the one renderer under every output.
///
/// Nodes are painted bottom first. Each shape is one canvas layer (`CairoCanvas.layer`): its
/// coverage is rounded to the render's edge levels, then painted with its paint (shapes with
/// `smoothEdges` keep Cairo's coverage). A group's masks clip its descendants inside each of their
/// layers, so a masked edge is rounded once, like every other edge. A group whose scale is (nearly)
/// 0 draws nothing.
///
/// Static work is done once per renderer: a run of nodes at the bottom of the tree that no
/// expression animates is painted once into a backdrop and copied into every frame whose
/// transforms leave it in place (byte-identical to painting it again); conic gradients are
/// computed once, unturned, and turned per frame; text fits are kept per string.
///
/// A renderer is not thread-safe; use one per thread.
public final class CompositionRenderer {
  /// What is painted.
  public let composition: Composition
  /// Canvas, pixel scale, edges and background.
  public let settings: PaintSettings
  let canvas: CairoCanvas
  /// Pango and fontconfig, set up when a text is first laid out: a render without text never loads fonts.
  private var textRenderer: TextRenderer?
  private var backdrop: Frame?
  private var gradients: [ConicSweep: (image: CairoImage, left: Double, top: Double)] = [:]
  /// The images' Cairo surfaces, made once, keyed by the address of their pixels (the composition
  /// is the renderer's own constant, so its arrays never move).
  private var images: [UnsafePointer<UInt32>?: CairoImage] = [:]
  /// The composition's timeline, built once.
  private let timeline: Timeline
  private var fitters: [TextFit: LabelFitter] = [:]
  /// The root group's leading children that never change, when the tree is one group.
  private let staticPrefix: Int

  /// Prepares a renderer: sizes the canvas.
  /// - Parameters:
  ///   - composition: what to paint.
  ///   - settings: canvas size in pixels, pixel scale, edge levels and background.
  /// - Throws: `RasterError` or `RasterError` when the canvas or text layout cannot be set up.
  public init(composition: Composition, settings: PaintSettings) throws {
    self.composition = composition
    self.settings = settings
    canvas = try CairoCanvas(
      pixelWidth: settings.pixelSize, pixelHeight: settings.pixelHeight, deviceScale: Double(settings.scale),
      edgeLevels: settings.edgeLevels)
    timeline = Timeline(tracks: composition.timeline)
    if composition.nodes.count == 1, case .group(let root) = composition.nodes[0], root.timeRemap == nil {
      staticPrefix = root.children.prefix { $0.isStatic }.count
    } else {
      staticPrefix = 0
    }
  }

  /// Paints the frame shown at an output time.
  /// - Parameter time: output seconds.
  /// - Returns: the frame.
  /// - Throws: `RasterError` if Cairo failed while drawing, `RasterError` if Pango could not lay out a text.
  public func frame(at time: Double) throws -> Frame {
    try paint(composition.values(at: time, in: timeline))
  }

  /// Paints the frame for the timeline's values at one time.
  /// - Parameter values: the values (and the output time).
  /// - Returns: the frame.
  /// - Throws: `RasterError` if Cairo failed while drawing, `RasterError` if Pango could not lay out a text.
  /// - Complexity: O(pixels) for clearing and copying, plus the nodes' paths.
  public func paint(_ values: TrackValues) throws -> Frame {
    var skip = 0
    if staticPrefix > 0, case .group(let root) = composition.nodes[0], isIdentity(root, values) {
      try canvas.beginFrame(backdrop: makeBackdrop(root, values))
      skip = staticPrefix
    } else {
      try canvas.beginFrame(background: settings.background)
    }
    try canvas.withState {
      var context = Context(values: values)
      for (index, node) in composition.nodes.enumerated() {
        if index == 0, skip > 0, case .group(let root) = node {
          try paintChildren(of: root, from: skip, &context)
        } else {
          try paint(node, &context)
        }
      }
    }
    return try canvas.snapshot()
  }

  /// How each fitted text's string is laid out at a time (`TextFit`).
  /// - Parameter values: the timeline's values.
  /// - Returns: for every fitted text shown, its place among the fitted texts in tree order, its
  ///   string and its fit.
  /// - Throws: `RasterError` if Pango could not lay out a text.
  package func textFits(_ values: TrackValues) throws -> [(index: Int, text: String, fit: LabelFit)] {
    var found: [(index: Int, text: String, fit: LabelFit)] = []
    var count = 0
    func visit(_ node: CompositionNode, _ values: TrackValues) throws {
      switch node {
      case .group(let group):
        let inner = group.timeRemap.map { remapped($0, values) } ?? values
        for child in group.children { try visit(child, inner) }
      case .text(let node):
        guard let fit = node.fit else { return }
        count += 1
        guard let string = node.content.string(in: values) else { return }
        found.append((count - 1, string, try fitted(string, node.font, fit)))
      case .shape, .image: break
      }
    }
    for node in composition.nodes { try visit(node, values) }
    return found
  }

  // MARK: Tree

  /// What a node inherits: the values, the opacity of its groups and the masks they clip with
  /// (each group's with the transform and the values they were set under).
  private struct Context {
    var values: TrackValues
    var opacity = 1.0
    /// How many isolated groups this node is painted inside (each a canvas-sized Cairo group).
    var isolations = 0
    var masks: [(masks: [NodeMask], matrix: CairoCanvas.Matrix, values: TrackValues)] = []
  }

  private func paint(_ node: CompositionNode, _ context: inout Context) throws {
    switch node {
    case .group(let group):
      if group.blendMode != .normal {
        var normal = group
        normal.blendMode = .normal
        try canvas.blended(group.blendMode) { try paint(.group(normal), &context) }
        return
      }
      if let matte = group.matte {
        var unmatted = group
        unmatted.matte = nil
        try canvas.matted(
          mode(matte.mode), content: { try paint(.group(unmatted), &context) },
          matte: {
            var matteContext = context
            for node in matte.nodes { try paint(node, &matteContext) }
          })
        return
      }
      if let fill = group.fillColor {
        var plain = group
        plain.fillColor = nil
        let color = fill.value(in: context.values)
        try canvas.recolored(color) { try paint(.group(plain), &context) }
        return
      }
      if group.isolated, context.isolations < Self.maxIsolations, Self.overlaps(group) {
        let opacity = group.opacity.value(in: context.values)
        if opacity < 1 {
          guard opacity > 0 else { return }
          var whole = group
          whole.isolated = false
          whole.opacity = .constant(1)
          context.isolations += 1
          defer { context.isolations -= 1 }
          try canvas.faded(opacity) { try paint(.group(whole), &context) }
          return
        }
      }
      try canvas.withState {
        var inner = context
        guard apply(group.transform, context.values) else { return }
        inner.opacity *= group.opacity.value(in: context.values)
        if let remap = group.timeRemap { inner.values = remapped(remap, context.values) }
        if group.masks.isEmpty { return try paintChildren(of: group, from: 0, &inner) }
        guard clips(group.masks, context.values) else {
          // Masks of partial opacity, or combined in ways clips cannot say: an alpha mask.
          return try canvas.softMasked(
            content: { try paintChildren(of: group, from: 0, &inner) },
            mask: { paintMask(group.masks, context.values) })
        }
        inner.masks.append((group.masks, canvas.matrix, context.values))
        try paintChildren(of: group, from: 0, &inner)
      }
    case .shape(let shape): paint(shape, context)
    case .text(let node): try paint(node, context)
    case .image(let image): try paint(image, context)
    }
  }

  /// The most isolated groups painted one inside another; deeper ones fade each child instead. Each
  /// costs a canvas-sized group per frame: a hostile file of 60 nested half-opaque precompositions at
  /// 4096 px took 9.2 s a still without this bound (0.9 s without isolation, 0.7 s with it); real
  /// files nest a faded layer in a faded precomposition at most.
  static let maxIsolations = 2

  /// Whether a group's paint may overlap itself, so that fading each child is not fading the
  /// whole: more than one child, or one that is a group or a shape both filled and stroked.
  private static func overlaps(_ group: CompositionGroup) -> Bool {
    guard group.children.count == 1, let child = group.children.first else { return group.children.count > 1 }
    switch child {
    case .group: return true
    case .shape(let shape): return shape.fill != nil && shape.stroke != nil
    case .text(let text): return text.shadow != nil
    case .image: return false
    }
  }

  private func mode(_ mode: TrackMatte.Mode) -> CairoCanvas.MatteMode {
    switch mode {
    case .alpha: .alpha
    case .invertedAlpha: .invertedAlpha
    case .luma: .luma
    case .invertedLuma: .invertedLuma
    }
  }

  /// The timeline's values at a group's remapped time (timeline seconds read at the group's time).
  private func remapped(_ remap: AnimatedNumber, _ values: TrackValues) -> TrackValues {
    let seconds = remap.value(in: values)
    guard seconds.isFinite else { return values }
    let scale = composition.timeScale
    return composition.values(at: scale > 0 ? seconds / scale : seconds, in: timeline)
  }

  private func paintChildren(of group: CompositionGroup, from start: Int, _ context: inout Context) throws {
    for child in group.children.dropFirst(start) { try paint(child, &context) }
  }

  /// The backdrop for frames where the root group is in place: the background and the static
  /// children, painted exactly as `paint` paints them, then kept.
  private func makeBackdrop(_ root: CompositionGroup, _ values: TrackValues) throws -> Frame {
    if let backdrop { return backdrop }
    try canvas.beginFrame(background: settings.background)
    try canvas.withState {
      var context = Context(values: values)
      context.opacity *= root.opacity.value(in: values)
      if !root.masks.isEmpty { context.masks = [(root.masks, canvas.matrix, values)] }
      for child in root.children.prefix(staticPrefix) { try paint(child, &context) }
    }
    let made = try canvas.snapshot()
    backdrop = made
    return made
  }

  /// Whether a group leaves its children where they are at these values (identity transform, full opacity).
  private func isIdentity(_ group: CompositionGroup, _ values: TrackValues) -> Bool {
    let t = group.transform
    let scale = t.scale.value(in: values)
    return scale.x == 1 && scale.y == 1 && t.rotation.value(in: values) == 0 && t.skew.value(in: values) == 0
      && t.position.value(in: values) == t.anchor.value(in: values) && group.opacity.value(in: values) == 1
  }

  /// Applies a transform to the canvas; `false` when it is degenerate (a scale of nearly 0) and
  /// nothing under it shows.
  private func apply(_ transform: NodeTransform, _ values: TrackValues) -> Bool {
    let scale = transform.scale.value(in: values)
    guard abs(scale.x) > 1e-6, abs(scale.y) > 1e-6, scale.x.isFinite, scale.y.isFinite else { return false }
    let anchor = transform.anchor.value(in: values)
    let position = transform.position.value(in: values)
    var rotation = transform.rotation.value(in: values)
    if transform.autoOrient, let direction = transform.position.direction(in: values) { rotation += direction }
    let skew = transform.skew.value(in: values)
    guard rotation.isFinite, skew.isFinite else { return false }
    if scale.x == 1, scale.y == 1, rotation == 0, skew == 0 {
      if position != anchor { canvas.translate(position.x - anchor.x, position.y - anchor.y) }
      return true
    }
    canvas.translate(position.x, position.y)
    if rotation != 0 { canvas.rotate(rotation) }
    if skew != 0 {
      let axis = transform.skewAxis.value(in: values)
      canvas.rotate(axis)
      canvas.skew(tan(-skew))
      canvas.rotate(-axis)
    }
    if scale.x != 1 || scale.y != 1 { canvas.scale(scale.x, scale.y) }
    canvas.translate(-anchor.x, -anchor.y)
    return true
  }

  // MARK: Nodes

  private func paint(_ shape: CompositionShape, _ context: Context) {
    let values = context.values
    let opacity = shape.opacity.value(in: values) * context.opacity
    let bounds = self.bounds(of: shape, context)
    if let fill = shape.fill {
      layer(shape, bounds, context, source: { setSource(fill.paint, opacity: opacity, values) }) {
        guard path(shape.geometry, values) else { return }
        if fill.rule == .evenOdd { canvas.setFillRule(evenOdd: true) }
        canvas.fill()
      }
    }
    if let stroke = shape.stroke {
      let width = stroke.width.value(in: values)
      guard width > 0 else { return }
      let dash = stroke.dash(in: values)
      // Dashes start where the outline does: ellipses and rectangles from where Lottie starts them.
      let geometry = dash.lengths.isEmpty ? shape.geometry : shape.geometry.startingAtItsVertices(values)
      layer(shape, bounds, context, source: { setSource(stroke.paint, opacity: opacity, values) }) {
        guard path(geometry, values) else { return }
        canvas.setLineWidth(width)
        if stroke.cap != .butt { canvas.setLineCap(stroke.cap) }
        if stroke.join != .miter { canvas.setLineJoin(stroke.join) }
        if stroke.miterLimit != 10 { canvas.setMiterLimit(stroke.miterLimit) }
        if !dash.lengths.isEmpty { canvas.setDash(dash.lengths, offset: dash.offset) }
        canvas.stroke()
      }
    }
  }

  /// One layer of a shape: its masks, then its outline (`shape` fills or strokes it).
  private func layer(
    _ node: CompositionShape, _ bounds: CairoCanvas.Rect?, _ context: Context, source: () -> Void,
    shape: () -> Void
  ) {
    if node.smoothEdges {
      canvas.withState {
        applyMasks(context)
        if node.blendMode != .normal { canvas.setBlendMode(node.blendMode) }
        source()
        shape()
      }
    } else {
      canvas.layer(within: bounds, blendMode: node.blendMode, source: source) {
        applyMasks(context)
        shape()
      }
    }
  }

  private func paint(_ node: CompositionText, _ context: Context) throws {
    let values = context.values
    guard let string = node.content.string(in: values) else { return }
    let fit = try node.fit.map { try fitted(string, node.font, $0) }
    // A text that does not fit even at its smallest size is left out, not painted over the ring.
    if fit?.overflows == true { return }
    let at = node.position.value(in: values)
    let color = node.color.value(in: values)
    let opacity = context.opacity
    try canvas.withState {
      applyMasks(context)
      if let shadow = node.shadow, shadow.color.alpha > 0 {
        let (sx, sy) = (at.x + shadow.offset.x, at.y + shadow.offset.y)
        try text.drawHalo(
          string, font: node.font, fit: fit, color: shadow.color,
          layers: shadow.layers.map { ($0.width, $0.alpha * opacity) }, centerX: sx, centerY: sy, on: canvas)
      }
      try text.draw(
        string, font: node.font, fit: fit, color: opacity == 1 ? color : color.withAlpha(color.alpha * opacity),
        centerX: at.x, centerY: at.y, on: canvas)
    }
  }

  private func paint(_ node: CompositionImage, _ context: Context) throws {
    let key = node.bitmap.pixels.withUnsafeBufferPointer { $0.baseAddress }
    let image: CairoImage
    if let kept = images[key] {
      image = kept
    } else {
      image = try CairoImage(node.bitmap)
      images[key] = image
    }
    canvas.withState {
      applyMasks(context)
      canvas.draw(image, x: node.x, y: node.y, width: node.width, height: node.height)
    }
  }

  /// The text renderer, made on first use.
  private var text: TextRenderer {
    get throws {
      if let textRenderer { return textRenderer }
      let made = try TextRenderer()
      textRenderer = made
      return made
    }
  }

  private func fitted(_ string: String, _ font: FontSpec, _ fit: TextFit) throws -> LabelFit {
    // Mutated in place: a copy would copy its kept fits on every call.
    try fitters[fit, default: LabelFitter(radius: fit.radius, minSize: fit.minFontSize ?? 0)].fit(
      string, font: font, offset: fit.offset, text: text)
  }

  // MARK: Masks, paths, paints

  /// Clips to the masks of the node's groups, each group's in the transform and at the values it
  /// was set under.
  private func applyMasks(_ context: Context) {
    guard !context.masks.isEmpty else { return }
    let current = canvas.matrix
    for (masks, matrix, values) in context.masks {
      if matrix != current { canvas.matrix = matrix }
      var index = 0
      while index < masks.count {
        let mask = masks[index]
        switch mask.mode {
        case .add, .intersect:
          // One path each (`clips` leaves groups with a second added mask to `paintMask`).
          _ = path(mask.geometry, values)
          if mask.inverted { invert() }
          canvas.clip()
          index += 1
        case .subtract:
          _ = path(mask.geometry, values)
          if !mask.inverted { invert() }
          canvas.clip()
          index += 1
        }
      }
      if matrix != current { canvas.matrix = current }
    }
    canvas.setFillRule(evenOdd: false)
  }

  /// Whether a group's masks are clips at these values: every opacity 1, and an added mask only
  /// first (a clip can only narrow what shows). Two added masks are not one clip: as one path their
  /// union holds only where their windings do not cancel, and a mask drawn clockwise over one drawn
  /// counter-clockwise would show only where they do not overlap.
  private func clips(_ masks: [NodeMask], _ values: TrackValues) -> Bool {
    for (index, mask) in masks.enumerated() {
      guard mask.opacity.value(in: values) >= 1 else { return false }
      if index > 0, mask.mode == .add { return false }
    }
    return true
  }

  /// Builds a group's masks as an alpha mask (inside `CairoCanvas.softMasked`), as lottie-web's SVG
  /// masks combine them: a first subtracted or intersected mask starts from full coverage.
  private func paintMask(_ masks: [NodeMask], _ values: TrackValues) {
    for (index, mask) in masks.enumerated() {
      if index == 0, mask.mode != .add { canvas.maskFillAll() }
      canvas.newPath()
      let drawn = path(mask.geometry, values)
      if mask.inverted {
        invert()
      } else if !drawn {
        canvas.newPath()
      }
      let step: CairoCanvas.MaskStep =
        switch mask.mode {
        case .add: .add
        case .subtract: .subtract
        case .intersect: .intersect
        }
      canvas.maskFill(step, opacity: mask.opacity.value(in: values))
    }
  }

  /// Turns the current path inside out: adds a rectangle far around the canvas, even-odd.
  private func invert() {
    let far = 1e5
    canvas.rectangle(x: -far, y: -far, width: 2 * far, height: 2 * far)
    canvas.setFillRule(evenOdd: true)
  }

  /// Adds a geometry's outline to the current path; `false` when it is empty (nothing to paint).
  @discardableResult
  private func path(_ geometry: ShapeGeometry, _ values: TrackValues) -> Bool {
    switch geometry {
    case .ellipse(let center, let radii):
      let c = center.value(in: values)
      let r = radii.value(in: values)
      guard r.x > 0, r.y > 0 else { return false }
      if r.x == r.y {
        canvas.circle(centerX: c.x, centerY: c.y, radius: r.x)
      } else {
        canvas.ellipse(centerX: c.x, centerY: c.y, radiusX: r.x, radiusY: r.y)
      }
    case .rectangle(let center, let size, let cornerRadius):
      let c = center.value(in: values)
      let s = size.value(in: values)
      guard s.x > 0, s.y > 0 else { return false }
      canvas.roundedRectangle(
        x: c.x - s.x / 2, y: c.y - s.y / 2, width: s.x, height: s.y, radius: cornerRadius.value(in: values))
    case .arc(let center, let radius, let start, let end), .sector(let center, let radius, let start, let end):
      let c = center.value(in: values)
      let r = radius.value(in: values)
      let (from, to) = (start.value(in: values), end.value(in: values))
      guard to != from, from.isFinite, to.isFinite else { return false }
      if abs(to - from) >= 2 * .pi - 1e-9 {
        canvas.circle(centerX: c.x, centerY: c.y, radius: r)
      } else if case .sector = geometry {
        canvas.pieSlice(centerX: c.x, centerY: c.y, radius: r, from: from, to: to, clockwise: to > from)
      } else {
        canvas.arc(centerX: c.x, centerY: c.y, radius: r, from: from, to: to, clockwise: to > from)
      }
    case .sineRegion(let wave):
      canvas.sineWaveRegion(
        left: wave.left, right: wave.right, baseline: wave.baseline.value(in: values), amplitude: wave.amplitude,
        wavelength: wave.wavelength, phase: wave.phase.value(in: values), bottom: wave.bottom)
    case .morph(let morph):
      return path(.path(morph.path(in: values)), values)
    case .trimmed(let trimmed):
      guard let cut = trimmed.path(in: values), !cut.contours.isEmpty else { return false }
      return path(.path(cut), values)
    case .modified(let modifier):
      guard let changed = modifier.path(in: values), !changed.contours.isEmpty else { return false }
      return path(.path(changed), values)
    case .polystar(let star):
      let outline = star.path(in: values)
      guard !outline.contours.isEmpty else { return false }
      return path(.path(outline), values)
    case .path(let vectors):
      for contour in vectors.contours {
        guard let first = contour.vertices.first else { continue }
        canvas.move(to: first.point.x, first.point.y)
        var previous = first
        // A closed contour's last segment is drawn only when it curves; a straight one is the close.
        let closing =
          contour.closed
          && (contour.vertices.last?.outTangent != Point(x: 0, y: 0) || first.inTangent != Point(x: 0, y: 0))
        let rest = contour.vertices.dropFirst() + (closing ? [first] : [])
        for vertex in rest {
          if previous.outTangent == Point(x: 0, y: 0), vertex.inTangent == Point(x: 0, y: 0) {
            canvas.line(to: vertex.point.x, vertex.point.y)
          } else {
            canvas.curve(
              to: vertex.point.x, vertex.point.y, control1: previous.point.x + previous.outTangent.x,
              previous.point.y + previous.outTangent.y, control2: vertex.point.x + vertex.inTangent.x,
              vertex.point.y + vertex.inTangent.y)
          }
          previous = vertex
        }
        if contour.closed { canvas.closePath() }
      }
    case .union(let parts):
      var any = false
      for part in parts where path(part, values) { any = true }
      return any
    }
    return true
  }

  /// A rectangle a shape's layer stays inside, from its own outline and its groups' masks, when
  /// they are circles: one point past them, so no edge pixel is cut.
  private func bounds(of shape: CompositionShape, _ context: Context) -> CairoCanvas.Rect? {
    func circle(_ geometry: ShapeGeometry, reach: Double, _ values: TrackValues) -> CairoCanvas.Rect? {
      guard case .ellipse(let center, let radii) = geometry else { return nil }
      let c = center.value(in: values)
      let r = radii.value(in: values)
      guard r.x == r.y else { return nil }
      let e = r.x + reach + 1
      return CairoCanvas.Rect(x: c.x - e, y: c.y - e, width: 2 * e, height: 2 * e)
    }
    let current = canvas.matrix
    if context.masks.count == 1, let (masks, matrix, values) = context.masks.first, masks.count == 1,
      matrix == current, !masks[0].inverted
    {
      return circle(masks[0].geometry, reach: 0, values)
    }
    guard context.masks.isEmpty else { return nil }
    let stroke = shape.stroke.map { $0.width.value(in: context.values) / 2 } ?? 0
    return circle(shape.geometry, reach: stroke, context.values)
  }

  private func setSource(_ paint: PaintSource, opacity: Double, _ values: TrackValues) {
    switch paint {
    case .solid(let color):
      let c = color.value(in: values)
      canvas.setColor(opacity == 1 ? c : c.withAlpha(c.alpha * opacity))
    case .linearGradient(let from, let to, let stops):
      canvas.setLinearGradient(
        x0: from.x, y0: from.y, x1: to.x, y1: to.y, stops: stops.map { ($0.offset, faded($0.color, opacity)) })
    case .radialGradient(let center, let from, let to, let stops):
      canvas.setRadialGradient(
        centerX: center.x, centerY: center.y, from: from, to: to,
        stops: stops.map { ($0.offset, faded($0.color, opacity)) })
    case .gradient(let gradient):
      let stops = gradient.stops(in: values).map { ($0.offset, faded($0.color, opacity)) }
      let start = gradient.start.value(in: values)
      let end = gradient.end.value(in: values)
      switch gradient.kind {
      case .linear:
        canvas.setLinearGradient(x0: start.x, y0: start.y, x1: end.x, y1: end.y, stops: stops)
      case .radial:
        let focus = gradient.focus(in: values)
        canvas.setRadialGradient(
          focusX: focus.x, focusY: focus.y, centerX: start.x, centerY: start.y,
          radius: hypot(end.x - start.x, end.y - start.y), stops: stops.map { ($0.0, CairoCanvas.Color($0.1)) })
      }
    case .conicGradient(let sweep, let rotation):
      guard let made = try? gradient(sweep) else { return }
      canvas.setSource(
        made.image, pixelsPerPoint: Double(max(settings.scale, 1)), left: made.left, top: made.top,
        rotation: rotation.value(in: values), aboutX: sweep.center.x, sweep.center.y)
    }
  }

  private func faded(_ color: RGBAColor, _ opacity: Double) -> RGBAColor {
    opacity == 1 ? color : color.withAlpha(color.alpha * opacity)
  }

  /// A conic gradient's pixels at rotation 0, computed once: two device pixels past its band, so
  /// that bilinear sampling at a stroke's edge reads gradient colours.
  private func gradient(_ sweep: ConicSweep) throws -> (image: CairoImage, left: Double, top: Double) {
    if let kept = gradients[sweep] { return kept }
    let gradient = ConicGradient(
      centerX: sweep.center.x, centerY: sweep.center.y, start: sweep.start, end: sweep.end, from: sweep.from,
      to: sweep.to, lead: sweep.lead, trail: sweep.trail)
    let s = Double(max(settings.scale, 1))
    let pad = 2 / s
    let made = gradient.frame(
      pixelsPerPoint: s, innerRadius: sweep.band.lowerBound - pad, outerRadius: sweep.band.upperBound + pad)
    let kept = (try CairoImage(made.frame), Double(made.x) / s, Double(made.y) / s)
    gradients[sweep] = kept
    return kept
  }
}

extension CompositionNode {
  /// Whether nothing in the node is animated (it paints the same at every time).
  var isStatic: Bool {
    switch self {
    case .group(let group):
      group.transform.isConstant && group.opacity.constantValue != nil
        && group.masks.allSatisfy { $0.geometry.isConstant && $0.opacity.constantValue != nil }
        && group.children.allSatisfy(\.isStatic) && (group.matte?.nodes.allSatisfy(\.isStatic) ?? true)
    case .shape(let shape):
      shape.geometry.isConstant && shape.opacity.constantValue != nil
        && (shape.fill.map { $0.paint.isConstant } ?? true)
        && (shape.stroke.map { $0.paint.isConstant && $0.width.constantValue != nil && $0.animatedDash == nil } ?? true)
    case .text(let text):
      if case .fixed = text.content {
        text.color.constantValue != nil && text.position.constantValue != nil
      } else {
        false
      }
    case .image: true
    }
  }
}

extension NodeTransform {
  /// Whether no part of the transform is animated.
  var isConstant: Bool {
    anchor.constantValue != nil && position.constantValue != nil && scale.constantValue != nil
      && rotation.constantValue != nil && skew.constantValue != nil && skewAxis.constantValue != nil
  }
}

extension ShapeGeometry {
  /// The outline with its ellipses and rectangles as the Bézier paths Lottie players draw (an
  /// ellipse from its top, a rectangle from its top-right corner, clockwise), where a dash pattern
  /// starts; Cairo's own start at the right and at the top-left corner.
  func startingAtItsVertices(_ values: TrackValues) -> ShapeGeometry {
    switch self {
    case .ellipse(_, let radii):
      radii.value(in: values).x > 0 && radii.value(in: values).y > 0
        ? vectorPath(in: values).map { .path($0) } ?? self : self
    case .rectangle: vectorPath(in: values).map { .path($0) } ?? self
    case .union(let parts): .union(parts.map { $0.startingAtItsVertices(values) })
    default: self
    }
  }

  /// Whether the outline is the same at every time.
  var isConstant: Bool {
    switch self {
    case .ellipse(let c, let r): c.constantValue != nil && r.constantValue != nil
    case .rectangle(let c, let s, let r): c.constantValue != nil && s.constantValue != nil && r.constantValue != nil
    case .arc(let c, let r, let a, let b), .sector(let c, let r, let a, let b):
      c.constantValue != nil && r.constantValue != nil && a.constantValue != nil && b.constantValue != nil
    case .sineRegion(let wave): wave.baseline.constantValue != nil && wave.phase.constantValue != nil
    case .path: true
    case .morph(let morph): morph.progress.constantValue != nil
    case .trimmed(let trimmed):
      trimmed.outlines.allSatisfy(\.isConstant) && trimmed.start.constantValue != nil
        && trimmed.end.constantValue != nil && trimmed.offset.constantValue != nil
    case .modified(let modifier): modifier.outlines.allSatisfy(\.isConstant) && modifier.parametersAreConstant
    case .polystar(let star): star.isConstant
    case .union(let parts): parts.allSatisfy(\.isConstant)
    }
  }
}

extension PaintSource {
  /// Whether the paint is the same at every time.
  var isConstant: Bool {
    switch self {
    case .solid(let color): color.constantValue != nil
    case .linearGradient, .radialGradient: true
    case .conicGradient(_, let rotation): rotation.constantValue != nil
    case .gradient(let gradient): gradient.isConstant
    }
  }
}
