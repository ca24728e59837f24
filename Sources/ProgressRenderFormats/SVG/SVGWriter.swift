import Foundation
import ProgressRenderCore
import ProgressRenderRaster
import ProgressRenderSupport

/// Writes a composition as one self-contained animated SVG: the scene as SVG elements, animated by
/// CSS `@keyframes` (`SVGStyleSheet`), which plays in an `<img>`, in every browser.
///
/// Every animated number keeps its track's keys where it is an affine map of one track (easings as
/// `cubic-bezier()` or `steps()`, holds as `steps(1, end)`), else one key per frame, exactly as the
/// Lottie writer keys it (`CompositionSampler`). CSS is used for every property, SMIL for none: CSS
/// animates transforms (rotation, scale, translation: one nested `<g>` each, since a CSS `transform`
/// replaces the element's own), opacity, colour (`fill`, `stroke`) and dashes (`stroke-dasharray`),
/// which is all a composition animates; and CSS alone honours `prefers-reduced-motion`.
///
/// Geometry: ellipses, rectangles and paths as themselves; an arc as a circle of `pathLength` 100
/// whose dash is the sweep in percent, turned to the start; a sector as a stroke as wide as its radius
/// on a circle of half its radius, dashed; a sine region as one static path moved by its phase and
/// baseline; a conic-gradient stroke as pieces in the gradient's colour at their middle. Masks that
/// add are clip paths. Pictures (shapes with `smoothEdges`) and images are PNG data URIs. Texts are the
/// glyph outlines of the font the renderer used (`TextOutliner`), each glyph one `<path>` in `<defs>`,
/// each string shown one `<g>` of `<use>`s, shown in time by a stepped opacity; a halo is the same
/// string stroked under it. What SVG cannot hold here is written as close as it can be and named in
/// `warnings`.
package struct SVGWriter {
  /// What is written.
  public let composition: Composition
  /// The `<title>`: what a screen reader says.
  public let title: String
  /// Plays of the animation (the GIF's loop count); `nil` or 0 for endless.
  public let loopCount: Int?
  private let sampler: CompositionSampler

  /// Prepares a writer.
  /// - Complexity: O(frames × tracks).
  public init(composition: Composition, title: String, loopCount: Int?) {
    self.composition = composition
    self.title = title
    self.loopCount = loopCount
    sampler = CompositionSampler(composition)
  }

  /// The most bytes an SVG may have.
  public static let maxFileBytes = 64 << 20

  /// The file and what it could not hold exactly.
  /// - Returns: the bytes (UTF-8, a final newline) and one warning per approximated part, naming it.
  /// - Throws: `RasterError` when a picture or a text cannot be made; `FormatError.tooLarge` past
  ///   `maxFileBytes`.
  public func document() throws -> (bytes: [UInt8], warnings: [String]) {
    var out = Output(
      sheet: SVGStyleSheet(
        frameCount: sampler.frameCount, frameRate: composition.frameRate, loopCount: loopCount))
    let (w, h) = (SVGNumber.text(composition.width), SVGNumber.text(composition.height))
    var body = ""
    if composition.background.alpha > 0 {
      body += "<rect width=\"\(w)\" height=\"\(h)\"\(paint("fill", composition.background))/>"
    }
    for node in composition.nodes { body += try self.node(node, &out) }
    var text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\""
    text += " role=\"img\"><title>\(Self.escaped(title))</title>"
    if !out.sheet.isEmpty { text += "<style>" + out.sheet.text(for: out.defs + body) + "</style>" }
    if !out.defs.isEmpty { text += "<defs>" + out.defs + "</defs>" }
    text += out.sheet.expanded(body) + "</svg>\n"
    let bytes = Array(text.utf8)
    guard bytes.count <= Self.maxFileBytes else {
      throw FormatError.tooLarge(what: "the SVG is \(bytes.count) bytes", limit: Self.maxFileBytes)
    }
    return (bytes, out.warnings)
  }

  /// What the elements collect on the way.
  private struct Output {
    var sheet: SVGStyleSheet
    var defs = ""
    var ids = 0
    var warnings: [String] = []
    var glyphs: [String: String] = [:]
    var outliner: TextOutliner?

    mutating func id(_ prefix: String) -> String {
      ids += 1
      return prefix + String(ids - 1)
    }
  }

  // MARK: Nodes

  private func node(_ node: CompositionNode, _ out: inout Output) throws -> String {
    switch node {
    case .group(let group):
      if group.matte != nil { out.warnings.append("the track matte of '\(group.name)' is not written") }
      if group.fillColor != nil { out.warnings.append(LottieWriter.fillWarning(group)) }
      if group.blendMode != .normal { out.warnings.append("the blend mode of '\(group.name)' is not written") }
      if group.timeRemap != nil { out.warnings.append(LottieWriter.remapWarning(group)) }
      // A group that holds pictures itself is painted once (a group above it is written as a group).
      if group.children.contains(where: { if case .shape(let shape) = $0 { shape.smoothEdges } else { false } }) {
        let image = try CompositionPicture.image(of: group, in: composition)
        return clipped(group.masks, name: group.name, image: self.image(image), &out)
      }
      var children: [String] = []
      for child in group.children { children.append(try self.node(child, &out)) }
      var inner = Self.sharingPaint(children)
      inner = clipped(group.masks, name: group.name, inner, &out)
      if group.opacity != .constant(1) { inner = "<g\(opacity(group.opacity, &out))>" + inner + "</g>" }
      return transformed(group.transform, inner, &out)
    case .shape(let shape):
      return shapeElement(shape, &out)
    case .text(let text):
      return try textElement(text, &out)
    case .image(let image):
      return self.image(image)
    }
  }

  private func image(_ image: CompositionImage) -> String {
    guard let png = try? PNGCodec.encode(image.bitmap) else { return "" }
    return "<image x=\"\(SVGNumber.text(image.x))\" y=\"\(SVGNumber.text(image.y))\" width=\""
      + SVGNumber.text(image.width) + "\" height=\"\(SVGNumber.text(image.height))\""
      + " preserveAspectRatio=\"none\" href=\"data:image/png;base64,\(Data(png).base64EncodedString())\"/>"
  }

  /// Content inside a clip path of the masks that add (other masks warn and are left out).
  private func clipped(_ masks: [NodeMask], name: String, _ content: String, _ out: inout Output) -> String {
    guard !masks.isEmpty else { return content }
    var shapes = ""
    for mask in masks {
      guard mask.mode == .add, !mask.inverted, mask.opacity == .constant(1), let shape = staticGeometry(mask.geometry)
      else {
        out.warnings.append("a mask of '\(name)' is not written")
        continue
      }
      shapes += shape
    }
    guard !shapes.isEmpty else { return content }
    let id = out.id("c")
    out.defs += "<clipPath id=\"\(id)\">\(shapes)</clipPath>"
    return "<g clip-path=\"url(#\(id))\">" + content + "</g>"
  }

  private func clipped(_ masks: [NodeMask], name: String, image: String, _ out: inout Output) -> String {
    clipped(masks, name: name, image, &out)
  }

  // MARK: Transforms

  /// Content under a transform: constant parts as `transform` attributes, each animated part its own `<g>`.
  private func transformed(_ t: NodeTransform, _ content: String, _ out: inout Output) -> String {
    if t.autoOrient { out.warnings.append("an auto-orient is not written") }
    if t.skew != .constant(0) || t.skewAxis != .constant(0) {
      out.warnings.append("a skew is not written")
    }
    // Outside in: position, rotation, scale, anchor.
    var parts: [(fixed: String?, animated: String?)] = []
    if let orbit = SVGOrbit(t.position) {
      parts += orbiting(orbit, &out)
    } else {
      parts += position(t.position, &out)
    }
    if let angle = t.rotation.constantValue {
      parts.append((angle == 0 ? "" : "rotate(\(SVGNumber.text(angle * 180 / .pi, places: 3)))", nil))
    } else {
      let turn = sampler.channel(t.rotation, scale: 180 / .pi, period: 360)
      let keys = turn.keys
      if turn.isConstant {
        parts.append((keys[0].value == 0 ? "" : "rotate(\(SVGNumber.text(keys[0].value, places: 3)))", nil))
      } else {
        parts.append(
          (
            nil,
            out.sheet.animation(keys, tolerance: 0.02, turn: 360) {
              SVGTransformProperty.rotate($0, places: 2)
            }
          ))
      }
    }
    parts += point(t.scale, neutral: 1, &out) {
      SVGTransformProperty.scale($0, $1)
    } fixed: { s in
      s == Point(x: 1, y: 1) ? "" : "scale(\(SVGNumber.text(s.x, places: 4)) \(SVGNumber.text(s.y, places: 4)))"
    }
    let anchor = t.anchor.constantValue ?? t.anchor.value(in: sampler.frames[0])
    if t.anchor.constantValue == nil { out.warnings.append("a moving anchor is written at its first place") }
    parts.append(
      (
        anchor == Point(x: 0, y: 0)
          ? "" : "translate(\(SVGNumber.text(-anchor.x, places: 3)) \(SVGNumber.text(-anchor.y, places: 3)))", nil
      ))
    var result = content
    var pending: [String] = []
    func flush() {
      var kept = pending.filter { !$0.isEmpty }
      // Placed at its own anchor with nothing between: no transform at all.
      if kept.count == 2, Self.translation(kept[0]).map({ Point(x: -$0.x, y: -$0.y) }) == Self.translation(kept[1]) {
        kept = []
      }
      let joined = kept.reversed().joined(separator: " ")
      if !joined.isEmpty { result = "<g transform=\"\(joined)\">" + result + "</g>" }
      pending = []
    }
    for part in parts.reversed() {
      if let fixed = part.fixed {
        pending.append(fixed)
      } else if let name = part.animated {
        flush()
        result = "<g\(out.sheet.attributes([name]))>" + result + "</g>"
      }
    }
    flush()
    return result
  }

  /// A position as parts of a transform (`point`): a translation.
  private func position(_ p: AnimatedPoint, _ out: inout Output) -> [(fixed: String?, animated: String?)] {
    point(p, neutral: 0, &out) {
      SVGTransformProperty.translate($0, $1)
    } fixed: { p in
      p == Point(x: 0, y: 0) ? "" : "translate(\(SVGNumber.text(p.x, places: 3)) \(SVGNumber.text(p.y, places: 3)))"
    }
  }

  /// A point riding a circle as parts of a transform: to the centre, turned by the angle, out by the
  /// radius, turned back — two turns keyed as the angle is (a ramp: two keys), not a path sampled
  /// per frame. Turns are kept within 0.01 px at the radius.
  private func orbiting(_ orbit: SVGOrbit, _ out: inout Output) -> [(fixed: String?, animated: String?)] {
    let turn = sampler.channel(.expression(orbit.angle), scale: 180 / .pi, period: 360)
    let tolerance = min(0.02, 0.01 / max(orbit.radius, 1e-9) * 180 / .pi)
    var parts: [(fixed: String?, animated: String?)] = [
      ("translate(\(SVGNumber.text(orbit.center.x, places: 3)) \(SVGNumber.text(orbit.center.y, places: 3)))", nil)
    ]
    for sign in [1.0, -1.0] {
      if sign < 0 { parts.append(("translate(\(SVGNumber.text(orbit.radius, places: 3)) 0)", nil)) }
      if turn.isConstant {
        parts.append(("rotate(\(SVGNumber.text(sign * turn.keys[0].value, places: 3)))", nil))
        continue
      }
      let keys = turn.keys.map {
        LottieChannel.Key(frame: $0.frame, value: sign * $0.value, easing: $0.easing, hold: $0.hold)
      }
      parts.append(
        (
          nil,
          out.sheet.animation(keys, tolerance: tolerance, turn: 360) {
            SVGTransformProperty.rotate($0)
          }
        ))
    }
    return parts
  }

  /// A point as a fixed transform or the names of its animations (`css` writes a frame's value): one
  /// animation of both coordinates when they follow one channel, else one per coordinate (the other
  /// at `neutral`), each sampled per frame with the keys a straight line covers dropped.
  private func point(
    _ p: AnimatedPoint, neutral: Double, _ out: inout Output, _ css: (Double, Double) -> String,
    fixed: (Point) -> String
  ) -> [(fixed: String?, animated: String?)] {
    if let constant = p.constantValue { return [(fixed(constant), nil)] }
    if case .separate(let x, let y) = p {
      let (cx, cy) = (sampler.channel(x), sampler.channel(y))
      if cx.isConstant, cy.isConstant { return [(fixed(Point(x: cx.keys[0].value, y: cy.keys[0].value)), nil)] }
      if x == y { return [(nil, out.sheet.animation(cx.keys, tolerance: 0.002) { css($0, $0) })] }
      if cy.isConstant {
        let fy = cy.keys[0].value
        return [(nil, out.sheet.animation(cx.keys, tolerance: 0.002) { css($0, fy) })]
      }
      if cx.isConstant {
        let fx = cx.keys[0].value
        return [(nil, out.sheet.animation(cy.keys, tolerance: 0.002) { css(fx, $0) })]
      }
    }
    let values = sampler.frames.map { p.value(in: $0) }
    func keys(_ coordinate: (Point) -> Double) -> [LottieChannel.Key] {
      values.enumerated().map { LottieChannel.Key(frame: Double($0), value: coordinate($1), easing: nil, hold: false) }
    }
    return [
      (nil, out.sheet.animation(keys(\.x), tolerance: 0.02) { css($0, neutral) }),
      (nil, out.sheet.animation(keys(\.y), tolerance: 0.02) { css(neutral, $0) }),
    ]
  }

  private func opacity(_ number: AnimatedNumber, _ out: inout Output) -> String {
    if let constant = number.constantValue {
      return constant == 1 ? "" : " opacity=\"\(SVGNumber.text(constant, places: 4))\""
    }
    let channel = sampler.channel(number)
    if channel.isConstant {
      let value = channel.keys[0].value
      return value == 1 ? "" : " opacity=\"\(SVGNumber.text(value, places: 4))\""
    }
    let name = out.sheet.animation(channel.keys, tolerance: 0.002) {
      "opacity:\(SVGNumber.text($0, places: 4))"
    }
    return out.sheet.attributes([name])
  }

  // MARK: Shapes

  private func shapeElement(_ shape: CompositionShape, _ out: inout Output) -> String {
    if shape.blendMode != .normal { out.warnings.append("the blend mode of '\(shape.name)' is not written") }
    let alpha = opacity(shape.opacity, &out)
    switch shape.geometry {
    case .arc(let center, let radius, let start, let end):
      guard let stroke = shape.stroke else { return "" }
      if case .conicGradient(let sweep, let rotation) = stroke.paint {
        return conicArc(shape, center, radius, stroke, sweep, rotation, &out)
      }
      let width = stroke.width.constantValue ?? stroke.width.value(in: sampler.frames[0])
      return arc(
        center, radius: radius.constantValue ?? 0, start, end, width: width, cap: stroke.cap,
        paint: self.paint("stroke", stroke.paint, name: shape.name, &out), alpha, &out)
    case .sector(let center, let radius, let start, let end):
      guard let fill = shape.fill else { return "" }
      let r = radius.constantValue ?? 0
      return arc(
        center, radius: r / 2, start, end, width: r, cap: .butt,
        paint: self.paint("stroke", fill.paint, name: shape.name, &out), alpha, &out)
    case .sineRegion(let wave):
      return sineRegion(shape, wave, alpha, &out)
    case .ellipse(let center, let radii) where center.constantValue == nil || radii.constantValue == nil:
      // A moving or growing ellipse: an ellipse at the origin moved to its centre, or a unit circle
      // scaled by its radii there.
      var attributes = shape.fill.map { self.paint("fill", $0.paint, name: shape.name, &out) } ?? " fill=\"none\""
      if let stroke = shape.stroke {
        if radii.constantValue == nil { out.warnings.append("the stroke of '\(shape.name)' grows with its outline") }
        attributes += strokeAttributes(stroke, name: shape.name, &out)
      }
      let fixed = radii.constantValue
      let outline =
        fixed.map { staticGeometry(.ellipse(center: .zero, radii: .constant($0.x, $0.y)), open: true) ?? "" }
        ?? "<circle r=\"1\""
      let circle = outline + Self.mergedStyles(attributes) + "/>"
      let scaled = transformed(
        NodeTransform(position: center, scale: fixed == nil ? radii : .one), circle, &out)
      return Self.wrapped(scaled, alpha)
    case .ellipse(let center, let radii)
    where shape.fill == nil && Self.isThickRing(radii.constantValue, width: shape.stroke?.width.constantValue):
      // A thick stroked ring: a path of arcs, not a `<circle>` (see `ringPath`).
      let (c, r) = (center.constantValue ?? Point(x: 0, y: 0), radii.constantValue?.x ?? 0)
      var attributes = " fill=\"none\""
      if let stroke = shape.stroke { attributes += strokeAttributes(stroke, name: shape.name, &out) }
      return Self.wrapped("<path d=\"\(Self.ringPath(c, r))\"" + Self.mergedStyles(attributes) + "/>", alpha)
    default:
      guard let element = staticGeometry(shape.geometry, open: true) else {
        out.warnings.append("the moving outline of '\(shape.name)' is written at its first place")
        return ""
      }
      var attributes = ""
      attributes += shape.fill.map { self.paint("fill", $0.paint, name: shape.name, &out) } ?? " fill=\"none\""
      if let stroke = shape.stroke { attributes += strokeAttributes(stroke, name: shape.name, &out) }
      if shape.fill?.rule == .evenOdd { attributes += " fill-rule=\"evenodd\"" }
      return Self.wrapped(element + Self.mergedStyles(attributes) + "/>", alpha)
    }
  }

  /// An element for a fixed outline (`open`: without its closing `/>`), or `nil` for a moving one.
  private func staticGeometry(_ geometry: ShapeGeometry, open: Bool = false) -> String? {
    let end = open ? "" : "/>"
    switch geometry {
    case .ellipse(let center, let radii):
      guard let c = center.constantValue, let r = radii.constantValue else { return nil }
      let place = "cx=\"\(SVGNumber.text(c.x))\" cy=\"\(SVGNumber.text(c.y))\""
      if r.x == r.y { return "<circle \(place) r=\"\(SVGNumber.text(r.x))\"" + end }
      return "<ellipse \(place) rx=\"\(SVGNumber.text(r.x))\" ry=\"\(SVGNumber.text(r.y))\"" + end
    case .rectangle(let center, let size, let corner):
      guard let c = center.constantValue, let s = size.constantValue, let r = corner.constantValue else { return nil }
      return "<rect x=\"\(SVGNumber.text(c.x - s.x / 2))\" y=\"\(SVGNumber.text(c.y - s.y / 2))\" width=\""
        + "\(SVGNumber.text(s.x))\" height=\"\(SVGNumber.text(s.y))\"" + (r > 0 ? " rx=\"\(SVGNumber.text(r))\"" : "")
        + end
    case .path(let path):
      return "<path d=\"\(Self.pathData(path))\"" + end
    case .union(let parts):
      var d = ""
      for part in parts {
        guard case .path(let path) = part else { return nil }
        d += Self.pathData(path)
      }
      return "<path d=\"\(d)\"" + end
    case .arc, .sector, .sineRegion, .morph, .trimmed, .modified, .polystar:
      return nil
    }
  }

  /// An arc: a circle of `pathLength` 100 about its centre, its dash the sweep in percent, turned to the start.
  private func arc(
    _ center: AnimatedPoint, radius: Double, _ start: AnimatedNumber, _ end: AnimatedNumber, width: Double,
    cap: LineCap, paint: String, _ alpha: String, _ out: inout Output
  ) -> String {
    let c = center.constantValue ?? center.value(in: sampler.frames[0])
    let clockwise = sampler.clockwise(start, end)
    let from = sampler.expression(start)
    let sweep = NumberExpression.difference(sampler.expression(end), from)
    let fraction = NumberExpression.product(
      .quotient(clockwise ? sweep : .product(.constant(-1), sweep), .constant(2 * .pi)), .constant(100))
    let dash = sampler.mergedChannel(.expression(.clamped(fraction, lower: 0, upper: 100)))
    var attributes = paint + " stroke-width=\"\(SVGNumber.text(width))\"" + Self.capAttribute(cap)
    // Keys that all write the same dash (an arc of constant length, up to rounding) are no animation.
    if dash.isConstant || Set(dash.keys.map { SVGNumber.text($0.value, places: 2) }).count == 1 {
      attributes += " stroke-dasharray=\"\(SVGNumber.text(dash.keys[0].value, places: 3)) 100\""
    } else {
      let name = out.sheet.animation(dash.keys, tolerance: 0.01) {
        "stroke-dasharray:\(SVGNumber.text($0, places: 2)) 100"
      }
      attributes += out.sheet.attributes([name])
    }
    var circle = "<circle r=\"\(SVGNumber.text(radius))\" pathLength=\"100\" fill=\"none\""
    circle += Self.mergedStyles(attributes) + "/>"
    if !clockwise { circle = "<g transform=\"scale(1 -1)\">" + circle + "</g>" }
    // One turn per track the start reads (a spinner's turn, an arc's own offset), each periodic
    // on its own: nested, the first outermost.
    let turns = sampler.turnChannels(start, scale: clockwise ? 180 / .pi : -180 / .pi)
    let place = "translate(\(SVGNumber.text(c.x)) \(SVGNumber.text(c.y)))"
    if turns.count == 1, turns[0].isConstant {
      let angle = turns[0].keys[0].value * (clockwise ? 1 : -1)
      return "<g transform=\"\(place) rotate(\(SVGNumber.text(angle, places: 3)))\"\(alpha)>" + circle + "</g>"
    }
    for turn in turns.reversed() {
      if turn.isConstant {
        let angle = turn.keys[0].value * (clockwise ? 1 : -1)
        if SVGNumber.text(angle, places: 3) != "0" {
          circle = "<g transform=\"rotate(\(SVGNumber.text(angle, places: 3)))\">" + circle + "</g>"
        }
        continue
      }
      let name = out.sheet.animation(turn.keys, tolerance: 0.02, turn: 360) {
        SVGTransformProperty.rotate(clockwise ? $0 : -$0)
      }
      circle = "<g\(out.sheet.attributes([name]))>" + circle + "</g>"
    }
    return "<g transform=\"\(place)\"\(alpha)>" + circle + "</g>"
  }

  /// A stroke in a conic gradient: pieces in the gradient's colour at their middle, round ends as discs.
  private func conicArc(
    _ shape: CompositionShape, _ center: AnimatedPoint, _ radius: AnimatedNumber, _ stroke: ShapeStroke,
    _ sweep: ConicSweep, _ rotation: AnimatedNumber, _ out: inout Output
  ) -> String {
    let c = center.constantValue ?? sweep.center
    let r = radius.constantValue ?? 0
    let width = stroke.width.constantValue ?? 0
    var items = ""
    for piece in CompositionSampler.conicPieces(sweep, center: c, radius: r, pieces: LottieWriter.conicPieces) {
      items +=
        "<path d=\"\(Self.pathData(piece.path))\" fill=\"none\"\(paint("stroke", piece.color))"
        + " stroke-width=\"\(SVGNumber.text(width))\"/>"
    }
    if stroke.cap == .round {
      for (angle, color) in [(sweep.start, sweep.from), (sweep.end, sweep.to)] {
        items +=
          "<circle cx=\"\(SVGNumber.text(c.x + r * cos(angle)))\" cy=\"\(SVGNumber.text(c.y + r * sin(angle)))\""
          + " r=\"\(SVGNumber.text(width / 2))\"\(paint("fill", color))/>"
      }
    }
    let turn = NodeTransform.rotating(rotation, aboutX: sweep.center.x, y: sweep.center.y)
    return "<g\(opacity(shape.opacity, &out))>" + transformed(turn, items, &out) + "</g>"
  }

  private func sineRegion(_ shape: CompositionShape, _ wave: SineRegion, _ alpha: String, _ out: inout Output)
    -> String
  {
    let (shift, rise) = sampler.sineChannels(wave)
    let x = out.sheet.animation(shift.keys, tolerance: 0.01, turn: wave.wavelength) {
      SVGTransformProperty.translate($0, 0)
    }
    // The path covers the shifts of the one cycle written (the style sheet repeats it).
    let cycle = SVGStyleSheet.period(ofPlayed: x) ?? sampler.frameCount
    let track = shift.evaluator
    let shifts = (0...cycle).map { track.value(atCyclePosition: Double($0)) ?? 0 }
    let path = SVGSinePath.region(
      left: wave.left - (shifts.max() ?? 0), right: wave.right - (shifts.min() ?? 0), origin: wave.left,
      amplitude: wave.amplitude, wavelength: wave.wavelength,
      bottom: wave.bottom - (rise.keys.map(\.value).min() ?? 0))
    let fill = shape.fill.map { paint("fill", $0.paint, name: shape.name, &out) } ?? ""
    var element = Self.wrapped("<path d=\"\(Self.pathData(path))\"\(fill)/>", alpha)
    element = "<g\(out.sheet.attributes([x]))>" + element + "</g>"
    let y = out.sheet.animation(rise.keys, tolerance: 0.01) {
      SVGTransformProperty.translate(0, $0)
    }
    return "<g\(out.sheet.attributes([y]))>" + element + "</g>"
  }

  // MARK: Paints

  private func paint(_ property: String, _ color: RGBAColor) -> String {
    var text = " \(property)=\"\(Self.hex(color))\""
    if color.alpha < 1 { text += " \(property)-opacity=\"\(SVGNumber.text(color.alpha, places: 4))\"" }
    return text
  }

  /// A `fill` or `stroke` of a paint: a colour, animated when it changes (gradients as their first colour, warned).
  private func paint(_ property: String, _ source: PaintSource, name: String, _ out: inout Output) -> String {
    let color = CompositionSampler.color(of: source, name: name, warnings: &out.warnings)
    if let constant = color.constantValue { return paint(property, constant) }
    if let name = cycleAnimation(property, color, &out) { return out.sheet.attributes([name]) }
    let steps = sampler.frames.map { values -> String in
      let c = color.value(in: values)
      return "\(property):\(Self.hex(c));\(property)-opacity:\(SVGNumber.text(c.alpha, places: 4))"
    }
    // Colours fade linearly from frame to frame.
    let keys = steps.indices.filter { index in
      index == 0 || index == steps.count - 1 || steps[index] != steps[index - 1] || steps[index] != steps[index + 1]
    }.map { LottieChannel.Key(frame: Double($0), value: Double($0), easing: nil, hold: false) }
    let name = out.sheet.animation(keys) { steps[min(Int($0), steps.count - 1)] }
    return out.sheet.attributes([name])
  }

  /// A colour cycle keyed by its number's own keys, or `nil`. Exact when the number is an affine
  /// map of one track and goes from key to key within one blend (between two whole numbers, or
  /// held), as CSS blends the colours of neighbouring keys by the key's easing.
  private func cycleAnimation(_ property: String, _ color: AnimatedColor, _ out: inout Output) -> String? {
    guard case .cycle(let colors, let by) = color, !colors.isEmpty, let form = LinearForm(by), form.terms.count == 1
    else { return nil }
    // The colours repeat every `colors.count`: a cycle of the number may grow by that each time.
    let channel = sampler.channel(.expression(by), period: Double(colors.count))
    guard channel.isExact, !channel.isConstant else { return nil }
    let keys = channel.keys
    for (a, b) in zip(keys, keys.dropFirst()) where !a.hold {
      guard b.value.isFinite, a.value.isFinite,
        max(a.value, b.value).rounded(.up) - min(a.value, b.value).rounded(.down) <= 1
      else { return nil }
    }
    let opaque = colors.allSatisfy { $0.alpha >= 1 }
    return out.sheet.animation(keys) { value in
      let c = AnimatedColor.cycle(colors, by: .constant(value)).value(in: sampler.frames[0])
      return "\(property):\(Self.hex(c))" + (opaque ? "" : ";\(property)-opacity:\(SVGNumber.text(c.alpha, places: 4))")
    }
  }

  private func strokeAttributes(_ stroke: ShapeStroke, name: String, _ out: inout Output) -> String {
    var text = paint("stroke", stroke.paint, name: name, &out)
    text +=
      " stroke-width=\"\(SVGNumber.text(stroke.width.constantValue ?? stroke.width.value(in: sampler.frames[0])))\""
    text += Self.capAttribute(stroke.cap)
    switch stroke.join {
    case .round: text += " stroke-linejoin=\"round\""
    case .bevel: text += " stroke-linejoin=\"bevel\""
    case .miter: if stroke.miterLimit != 4 { text += " stroke-miterlimit=\"\(SVGNumber.text(stroke.miterLimit))\"" }
    }
    let dash = stroke.dash(in: sampler.frames[0])
    if stroke.animatedDash != nil {
      out.warnings.append("the changing dashes of '\(name)' are written as they are at the first frame")
    }
    if !dash.lengths.isEmpty {
      text += " stroke-dasharray=\"\(dash.lengths.map { SVGNumber.text($0) }.joined(separator: " "))\""
      if dash.offset != 0 { text += " stroke-dashoffset=\"\(SVGNumber.text(dash.offset))\"" }
    }
    return text
  }

  /// The offset of a `translate(x y)` transform's text, or `nil` for any other text.
  static func translation(_ text: String) -> Point? {
    guard text.hasPrefix("translate("), text.hasSuffix(")") else { return nil }
    let numbers = text.dropFirst("translate(".count).dropLast().split(separator: " ").compactMap { Double($0) }
    return numbers.count == 2 ? Point(x: numbers[0], y: numbers[1]) : nil
  }

  /// Sibling shapes painted alike (a spinner's spokes) with their paint written once, on a `<g>` around
  /// them, which they inherit; else the siblings as they are. Each sibling must be one element whose
  /// attributes from its `fill` on are the same fixed text (no animation among them).
  static func sharingPaint(_ children: [String]) -> String {
    guard children.count >= 3 else { return children.joined() }
    var paint: Substring?
    var stripped: [String] = []
    for child in children {
      guard child.components(separatedBy: "/>").count == 2, let end = child.range(of: "/>"),
        let start = child[..<end.lowerBound].range(of: " fill=\"", options: .backwards)
      else { return children.joined() }
      let run = child[start.lowerBound..<end.lowerBound]
      guard !run.contains("style="), !run.contains("<"), paint == nil || paint == run else { return children.joined() }
      paint = run
      stripped.append(String(child[..<start.lowerBound] + child[end.lowerBound...]))
    }
    guard let paint else { return children.joined() }
    return "<g\(paint)>" + stripped.joined() + "</g>"
  }

  /// An element inside a `<g>` with `attributes` (none: the element itself); a single element of its
  /// own without class or style takes them itself, after its name.
  static func wrapped(_ element: String, _ attributes: String) -> String {
    guard !attributes.isEmpty else { return element }
    for tag in ["<path ", "<circle ", "<rect ", "<ellipse "] where element.hasPrefix(tag) {
      guard element.hasSuffix("/>"), element.components(separatedBy: "/>").count == 2, !element.contains(" style="),
        !element.contains(" class=")
      else { break }
      return tag.dropLast() + attributes + element.dropFirst(tag.count - 1)
    }
    return "<g\(attributes)>" + element + "</g>"
  }

  /// Attributes with their ` style="animation-name:…"` parts joined into one (class `s` kept when
  /// every part had it).
  static func mergedStyles(_ attributes: String) -> String {
    let marker = " style=\"animation-name:"
    let stepping = " class=\"s\""
    let classes = attributes.components(separatedBy: stepping).count - 1
    var rest = attributes.replacingOccurrences(of: stepping, with: "")
    var names: [String] = []
    var kept = ""
    while let range = rest.range(of: marker) {
      kept += rest[..<range.lowerBound]
      let after = rest[range.upperBound...]
      guard let close = after.firstIndex(of: "\"") else { break }
      names.append(String(after[..<close]))
      rest = String(after[after.index(after: close)...])
    }
    kept += rest
    guard !names.isEmpty else { return kept }
    return kept + (classes == names.count ? stepping : "") + marker + names.joined(separator: ",") + "\""
  }

  static func capAttribute(_ cap: LineCap) -> String {
    switch cap {
    case .round: " stroke-linecap=\"round\""
    case .square: " stroke-linecap=\"square\""
    default: ""
    }
  }

  static func hex(_ color: RGBAColor) -> String {
    let bytes = [color.red, color.green, color.blue].map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
    let digits = Array("0123456789abcdef")
    var text = "#"
    // `#fff` for `#ffffff`: three digits where each byte repeats its digit.
    let short = bytes.allSatisfy { $0 >> 4 == $0 & 15 }
    for byte in bytes {
      text += String(digits[Int(byte >> 4)]) + (short ? "" : String(digits[Int(byte & 15)]))
    }
    return text
  }

  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  // MARK: Paths

  /// SVG path data of contours (`SVGPathData`).
  static func pathData(_ path: VectorPath, places: Int = 2) -> String {
    SVGPathData.text(path, places: places)
  }

  /// The pieces of a thick ring (`ringPath`).
  static let ringPieces = 16

  /// Whether a fixed circle stroked `width` wide is a thick ring, drawn as `ringPath`: its stroke at
  /// least a tenth of its radius, the radius at least 8.
  static func isThickRing(_ radii: Point?, width: Double?) -> Bool {
    guard let radii, let width, radii.x == radii.y, radii.x >= 8 else { return false }
    return width >= radii.x / 10
  }

  /// A circle as `ringPieces` arcs from its rightmost point, clockwise, as a `<circle>` runs.
  ///
  /// Skia (Chromium's and Firefox's rasterizer) offsets a thick stroke along a quarter-circle Bézier
  /// visibly off the true ring, more the thicker the stroke is against the radius, and Firefox draws
  /// a `<circle>` as four of them: download's track (radius 90, 13.3 wide, 200 px) is 0.98 % of
  /// pixels off Cairo's in Firefox, 0.65 % as 16 arcs (Chromium, which draws a `<circle>` as an
  /// exact oval: 0.47 and 0.66 %); rings of radius 45–60 and width 8–20 fall from 0.53–0.59 % to
  /// 0.16–0.32 % in both. Thin rings stay circles (thumb's 1.5 px track: 0.76/0.53 % as a circle,
  /// 0.90/0.89 % as arcs). The arcs are relative, their ends rounded first, so no error accumulates.
  static func ringPath(_ center: Point, _ radius: Double) -> String {
    func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
    let points = (0...ringPieces).map { index in
      let angle = 2 * Double.pi * Double(index % ringPieces) / Double(ringPieces)
      return Point(x: rounded(center.x + radius * cos(angle)), y: rounded(center.y + radius * sin(angle)))
    }
    let r = SVGNumber.text(radius)
    var d = "M\(SVGNumber.text(points[0].x)) \(SVGNumber.text(points[0].y))"
    for index in 1..<points.count {
      let x = SVGNumber.text(points[index].x - points[index - 1].x)
      let y = SVGNumber.text(points[index].y - points[index - 1].y)
      d += "a\(r) \(r) 0 0 1" + (x.hasPrefix("-") ? x : " " + x) + (y.hasPrefix("-") ? y : " " + y)
    }
    return d + "z"
  }

  /// SVG path data of a Lottie Bézier.
  static func pathData(_ bezier: LottieBezier) -> String {
    let vertices = bezier.v.indices.map { index in
      VectorPath.Vertex(
        Point(x: bezier.v[index][0], y: bezier.v[index][1]),
        inTangent: Point(x: bezier.i[index][0], y: bezier.i[index][1]),
        outTangent: Point(x: bezier.o[index][0], y: bezier.o[index][1]))
    }
    return pathData(VectorPath(contours: [VectorPath.Contour(vertices: vertices, closed: bezier.c)]))
  }

  // MARK: Text

  /// A text: every glyph it shows placed once — the same glyph at the same place and size in
  /// several strings (a percent's unchanged digits, its sign) is one `<use>` — and the glyphs shown
  /// at the same frames grouped, each group shown while the text shows one of its strings. The
  /// strings are laid out as the frames lay them out; halo strokes first, every layer under every fill.
  private func textElement(_ text: CompositionText, _ out: inout Output) throws -> String {
    if out.outliner == nil { out.outliner = try TextOutliner() }
    guard let outliner = out.outliner else { return "" }
    // Few strings shown: one group each may be smaller than glyphs shared among them. Both are
    // written; the smaller is kept.
    var byString = out
    let each = try textElement(text, outliner, shared: false, &byString)
    var byGlyph = out
    let shared = try textElement(text, outliner, shared: true, &byGlyph)
    func size(_ element: String, _ made: Output) -> Int {
      element.utf8.count + made.defs.utf8.count + made.sheet.text.utf8.count
    }
    if size(each, byString) < size(shared, byGlyph) {
      out = byString
      return each
    }
    out = byGlyph
    return shared
  }

  /// A text written with its glyphs placed once for all its strings (`shared`) or once per string.
  private func textElement(_ text: CompositionText, _ outliner: TextOutliner, shared: Bool, _ out: inout Output)
    throws -> String
  {
    // The frames each string shows at.
    var shown: [String: [Int]] = [:]
    var order: [String] = []
    let strings = text.content.strings()
    for (index, values) in sampler.frames.enumerated() {
      guard let string = strings(values), !string.isEmpty else { continue }
      if shown[string] == nil { order.append(string) }
      shown[string, default: []].append(index)
    }
    // The frames each placed glyph (its size and its `<use>`) shows at, in the order first placed.
    var placed: [TextPiece: [Int]] = [:]
    var pieces: [TextPiece] = []
    for string in order {
      guard let layout = try outliner.layout(string, of: text) else { continue }
      let scale = SVGNumber.text(layout.fontSize / GlyphOutline.size, places: 5)
      for use in try glyphUses(layout, font: text.font, outliner, &out) {
        let piece = TextPiece(scale: scale, use: use, string: shared ? "" : string)
        if placed[piece] == nil { pieces.append(piece) }
        placed[piece, default: []] += shown[string] ?? []
      }
    }
    // Glyphs of one size shown at the same frames: one group, switched by one stepped opacity.
    var groups: [(scale: String, frames: [Int], content: String)] = []
    var index: [TextPiece: Int] = [:]
    for piece in pieces {
      let frames = (placed[piece] ?? []).sorted()
      let key = TextPiece(scale: piece.scale, use: frames.map(String.init).joined(separator: ","), string: piece.string)
      if let kept = index[key] {
        groups[kept].content += piece.use
      } else {
        index[key] = groups.count
        groups.append((piece.scale, frames, piece.use))
      }
    }
    let switches = groups.map { group in
      group.frames.count == sampler.frameCount
        ? "" : " class=\"t\" style=\"animation-name:\(out.sheet.shown(group.frames))\""
    }
    var items: [(scale: String, element: String)] = []
    let halo = text.shadow.map { shadow in (shadow, shadow.layers.filter { $0.alpha > 0 }) }
    var body = ""
    if let (shadow, layers) = halo, shadow.color.alpha > 0, !layers.isEmpty {
      var ids: [String] = []
      for group in groups {
        let id = out.id("s")
        out.defs += "<g id=\"\(id)\">\(group.content)</g>"
        ids.append(id)
      }
      // Each halo stroke is one layer at its alpha, as the frames stroke the whole string at once:
      // a group's opacity around the opaque strokes of every group (only those shown at a frame
      // show), so where two glyphs' strokes overlap the halo is not darker. The halo is in glyph
      // units: each scale's strokes and offset are its own.
      var color = shadow.color
      color.alpha = 1
      for layer in layers {
        var strokes: [(scale: String, element: String)] = []
        for (number, group) in groups.enumerated() {
          let unit = 1 / max(Double(group.scale) ?? 1, 1e-9)
          var element = "<use href=\"#\(ids[number])\" transform=\"translate("
          element += "\(SVGNumber.text(shadow.offset.x * unit)) \(SVGNumber.text(shadow.offset.y * unit)))\""
          element += " fill=\"none\"\(paint("stroke", color)) stroke-width=\"\(SVGNumber.text(layer.width * unit))\""
          strokes.append((group.scale, element + " stroke-linejoin=\"round\"\(switches[number])/>"))
        }
        let content = Self.scaled(strokes)
        body += layer.alpha < 1 ? "<g opacity=\"\(SVGNumber.text(layer.alpha, places: 4))\">\(content)</g>" : content
      }
      for (number, group) in groups.enumerated() {
        items.append((group.scale, "<use href=\"#\(ids[number])\"\(switches[number])/>"))
      }
    } else {
      for (number, group) in groups.enumerated() {
        items.append(
          (group.scale, switches[number].isEmpty ? group.content : "<g\(switches[number])>\(group.content)</g>"))
      }
    }
    body += Self.scaled(items)
    let fill = paint("fill", .solid(text.color), name: text.name, &out)
    let place = text.position.constantValue.map {
      "translate(\(SVGNumber.text($0.x, places: 3)) \(SVGNumber.text($0.y, places: 3)))"
    }
    if let place { return "<g transform=\"\(place)\"\(fill)>" + body + "</g>" }
    let moving = transformed(NodeTransform(position: text.position), body, &out)
    return "<g\(fill)>" + moving + "</g>"
  }

  /// Elements in glyph units, each neighbouring run of one size in one scaled group.
  private static func scaled(_ items: [(scale: String, element: String)]) -> String {
    var body = ""
    var run: (scale: String, content: String)?
    for item in items {
      if let open = run, open.scale != item.scale {
        body += "<g transform=\"scale(\(open.scale))\">" + open.content + "</g>"
        run = nil
      }
      run = (item.scale, (run?.content ?? "") + item.element)
    }
    if let open = run { body += "<g transform=\"scale(\(open.scale))\">" + open.content + "</g>" }
    return body
  }

  /// One glyph of a text at one place and size: its scale's text and its `<use>`, and the string
  /// it belongs to when each string is its own group.
  private struct TextPiece: Hashable {
    var scale: String
    var use: String
    var string: String
  }

  /// The `<use>`s of a laid-out string's glyphs at size 100, lines centred on 0, the first baseline
  /// where the layout puts it.
  private func glyphUses(_ layout: LaidOutText, font: FontSpec, _ outliner: TextOutliner, _ out: inout Output) throws
    -> [String]
  {
    let unit = GlyphOutline.size / max(layout.fontSize, 1e-9)
    // Each point within 0.05 px where the glyph is drawn: decimals of a glyph unit, fewer for small type.
    let places = max(0, Int((log10(max(layout.fontSize, 1e-9) / 10) - 1e-9).rounded(.up)))
    var uses: [String] = []
    for (line, baseline) in zip(layout.lines, layout.baselines) {
      let glyphs = try line.map { try outliner.glyph($0, font: font) }
      var x = -glyphs.reduce(0) { $0 + $1.advance } / 2
      let y = SVGNumber.text(baseline * unit)
      for glyph in glyphs {
        defer { x += glyph.advance }
        guard !glyph.path.contours.isEmpty else { continue }
        let key = glyph.character + "\u{0}" + glyph.family + (glyph.bold ? "b" : "") + "\u{0}\(places)"
        let id: String
        if let kept = out.glyphs[key] {
          id = kept
        } else {
          id = out.id("g")
          out.glyphs[key] = id
          out.defs += "<path id=\"\(id)\" d=\"\(Self.pathData(glyph.path, places: places))\"/>"
        }
        uses.append(
          "<use href=\"#\(id)\" x=\"\(SVGNumber.text(x, places: 1))\"" + (y == "0" ? "" : " y=\"\(y)\"") + "/>")
      }
    }
    return uses
  }
}
