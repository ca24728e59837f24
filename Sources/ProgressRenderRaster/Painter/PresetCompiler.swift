import Foundation
import ProgressRenderCore
import ProgressRenderSupport

/// Turns a style (tracks and look) and the render's settings into a composition: the one place
/// where a look's geometry is decided.
///
/// The tree is one group, the whole look scaled about the centre by the `scale` track, holding the
/// parts back to front: disc, image, wave (ring, fill, water), track, arc, pie, thumb (and its
/// label), spokes, dots, labels. Sizes come from `LookGeometry`, so nothing leaves the canvas even
/// at the largest scale the style reaches. Every number a part reads from a track is an expression
/// over the timeline, built in the order of operations the parts were designed with, so the
/// renderer paints exactly what the look describes:
/// - arc: from `startAngle` over `max(progress, minProgress)` of a turn, progress clamped to 0…1;
///   nothing at 0 (unless `minProgress`), a closed ring (no caps) at 1; turned by `rotation`. With a
///   `tailSource`, from the tail to the head (`source`), both in turns, over at most a turn; with
///   `colors`, in the colour the `colorSource` track picks. Over a disc or picture, an arc that
///   reaches their edge reaches one device pixel further, so that no fringe of them shows outside it.
/// - thumb: centred on the ring at the arc's end; its label centred on it.
/// - pie: `1 − progress` of the circle counter-clockwise from 12 o'clock; nothing at 1.
/// - wave: the ring's gap is centred on 12 o'clock at rotation 0 and turns clockwise as `rotation`
///   grows; round caps are trimmed so the visible gap is `gap` degrees; a `tailColor` fades the ring
///   from tail to head (a conic gradient turned with it). The water's mean line runs from one
///   amplitude below the inner circle's bottom (level 0: empty) to one amplitude above its top
///   (level 1: full); the waves slide left as `phase` grows.
/// - image: aspect-filled into the circle; without a path, a built-in landscape.
/// - spokes: `count` round-capped strokes from `inner` × the ring radius to the ring radius, the
///   brightest at 12 o'clock turned clockwise by `rotation` in whole steps of `2π / count`; each
///   spoke behind the brightest dimmer by an equal step, down to `minOpacity`.
/// - dots: a row centred on the canvas, `spacing` apart, each scaled and faded by its track's value
///   (0 rests at `minScale`, `minOpacity`; 1 is full); a row wider than the canvas is shrunk to fit.
/// - labels: centred (plus `offset`), fitted inside the ring (`TextFit`) at `minLegibleFontSize`
///   at least, over their halo.
///
/// The look is drawn at the canvas's size: its design (`Style.size`) scaled, or a platform's own
/// geometry for that size (`sized(_:designSize:size:pixelScale:)`). On a canvas that is not square
/// the design is drawn at the largest square size whose parts (`contentFraction(of:)`: the whole
/// square, or a dots row's strip) fit the canvas, centred on whole pixels.
public struct PresetCompiler {
  /// The style compiled, its look sized to the canvas (`sized(_:designSize:size:pixelScale:)`).
  public let style: Style
  /// Labels left out at this size: a thumb's label that would be drawn too small to read.
  public let leftOut: [LookLabel]
  /// Edge of the square the design is drawn in, in points (whole pixels ÷ scale, so the centre
  /// falls where the pixels put it): the canvas edge when the canvas is square.
  public let size: Double
  /// Canvas width and height in points.
  public let canvasWidth: Double
  public let canvasHeight: Double
  /// Where the design's square sits on the canvas (its top-left corner), in points.
  let offset: (x: Double, y: Double)
  /// Pixels per point.
  public let scale: Int
  /// Where the parts go.
  let geometry: LookGeometry

  /// The largest image accepted, in pixels (40 megapixels).
  public static let maxImagePixels = 40_000_000
  /// The largest picture file read, in bytes: a 40-megapixel PNG even stored uncompressed fits; a
  /// small PNG with a gigabyte appended does not.
  public static let maxImageBytes = 192 << 20

  /// Prepares a compiler.
  /// - Parameters:
  ///   - style: what to draw, overrides applied.
  ///   - pixelSize: canvas edge in pixels.
  ///   - scale: pixels per point.
  public init(style: Style, pixelSize: Int, scale: Int) {
    self.init(style: style, pixelWidth: pixelSize, pixelHeight: pixelSize, scale: scale)
  }

  /// Prepares a compiler for a canvas that may not be square.
  /// - Parameters:
  ///   - style: what to draw, overrides applied.
  ///   - pixelWidth: canvas width in pixels.
  ///   - pixelHeight: canvas height in pixels.
  ///   - scale: pixels per point.
  public init(style: Style, pixelWidth: Int, pixelHeight: Int, scale: Int) {
    self.scale = max(scale, 1)
    let points = Double(self.scale)
    canvasWidth = Double(pixelWidth) / points
    canvasHeight = Double(pixelHeight) / points
    var pixelSize = pixelWidth
    if pixelWidth != pixelHeight {
      let part = Self.contentFraction(of: style.look, designSize: style.size)
      let fit = min(Double(pixelWidth) / part.width, Double(pixelHeight) / part.height)
      pixelSize = max(1, Int((fit + 1e-9).rounded(.down)))
    }
    // Whole pixels, so a crisp design stays on the grid (half a pixel off centre at worst).
    offset = (
      (Double(pixelWidth - pixelSize) / 2).rounded(.down) / points,
      (Double(pixelHeight - pixelSize) / 2).rounded(.down) / points
    )
    size = Double(pixelSize) / points
    let sized = Self.sized(style.look, designSize: style.size, size: size, pixelScale: self.scale)
    var drawn = style
    drawn.look = sized.look
    self.style = drawn
    leftOut = sized.leftOut
    let crisp = pixelSize <= Self.crispPixelLimit
    geometry = LookGeometry(
      look: sized.look, size: size,
      maxScale: Timeline(tracks: style.tracks).maxValue(of: TrackUse.scale.track) ?? TrackUse.scale.fallback,
      grid: crisp ? (1 / Double(self.scale), pixelSize % 2 == 1) : nil)
  }

  /// The composition.
  /// - Parameters:
  ///   - fps: frames per second.
  ///   - frameCount: frames of the output.
  ///   - duration: output length in seconds (the style's timeline is stretched to it).
  ///   - background: the canvas colour.
  ///   - baseDirectory: the folder relative image paths are resolved against (`nil`: the working directory).
  /// - Returns: the scene.
  /// - Throws: `RasterError` for an image that cannot be read, `RasterError` for one that is not a valid PNG.
  public func composition(
    fps: Double, frameCount: Int, duration: Double, background: RGBAColor, baseDirectory: String?
  ) throws -> Composition {
    let look = style.look
    var parts: [CompositionNode] = []
    if let disc = look.disc {
      parts.append(
        .shape(
          CompositionShape(name: "disc", geometry: circle(geometry.outerRadius), fill: ShapeFill(.color(disc.color)))))
    }
    if let image = look.image { parts.append(try picture(image, baseDirectory: baseDirectory)) }
    if let wave = look.wave { parts += waveParts(wave) }
    if let track = look.track, track.width > 0 {
      parts.append(
        .shape(
          CompositionShape(
            name: "track", geometry: circle(geometry.ringRadius),
            stroke: ShapeStroke(.color(track.color), width: .constant(track.width)))))
    }
    if let arc = look.arc, arc.width > 0 { parts.append(arcPart(arc)) }
    if let pie = look.pie { parts.append(piePart(pie)) }
    if let thumb = look.thumb { parts += thumbParts(thumb) }
    if let spokes = look.spokes, spokes.width > 0 {
      parts.append(.group(CompositionGroup(name: "spokes", children: spokeParts(spokes))))
    }
    if let dots = look.dots, !dots.sources.isEmpty {
      parts.append(.group(CompositionGroup(name: "dots", children: dotParts(dots))))
    }
    for (index, label) in (look.labels ?? []).enumerated() {
      let c = geometry.center
      parts.append(
        .text(
          text(
            label, name: "label \(index + 1)", x: .constant(c), y: .constant(c + (label.offset ?? 0)),
            fit: TextFit(
              radius: geometry.labelRadius, offset: label.offset ?? 0,
              minFontSize: min(Self.minLegibleFontSize, label.font.size)))))
    }
    let c = geometry.center
    // A scale of (nearly) 0 draws nothing; huge ones are capped so the matrix stays invertible.
    let lookScale = NumberExpression.maximum(
      .minimum(.finite(track(TrackUse.scale), otherwise: 1), .constant(1e4)), .constant(0))
    let root = CompositionGroup(
      name: style.name,
      transform: NodeTransform(
        anchor: .constant(c, c), position: .constant(c + offset.x, c + offset.y),
        scale: AnimatedPoint(x: .expression(lookScale), y: .expression(lookScale))),
      children: parts)
    return Composition(
      name: style.name, width: canvasWidth, height: canvasHeight, duration: duration, frameRate: fps,
      frameCount: max(frameCount, 1),
      timeScale: duration > 0 ? style.duration / duration : 0, timeline: style.tracks, background: background,
      nodes: [.group(root)])
  }

  /// The share of the design's square its parts take, width and height: a look of dots alone is
  /// a strip (the row, its dots at full size, and 2 pt of margin around it); any other look takes
  /// the whole square (rings, discs, spokes reach its edge).
  /// - Parameters:
  ///   - look: the look.
  ///   - designSize: the square's edge in the design, in points.
  /// - Returns: fractions in 0…1 of the square's edge.
  public static func contentFraction(of look: Look, designSize: Double) -> (width: Double, height: Double) {
    guard let dots = look.dots, !dots.sources.isEmpty, designSize > 0,
      look.disc == nil, look.image == nil, look.wave == nil, look.track == nil, look.arc == nil, look.pie == nil,
      look.thumb == nil, look.spokes == nil, (look.labels ?? []).isEmpty
    else { return (1, 1) }
    let margin = 2.0
    let width = Double(dots.sources.count - 1) * dots.spacing + dots.diameter + 2 * margin
    let height = dots.diameter + 2 * margin
    func share(_ length: Double) -> Double { length.isFinite && length > 0 ? min(1, length / designSize) : 1 }
    return (share(width), share(height))
  }

  // MARK: Numbers

  /// The value of a track a part reads: the track's, else its fallback track's, else the default.
  func track(_ use: TrackUse) -> NumberExpression { Self.expression(for: use) }

  /// The expression of a track a part reads (see `track(_:)`).
  static func expression(for use: TrackUse) -> NumberExpression {
    .track(use.track, fallbackTrack: use.fallbackTrack, fallback: use.fallback)
  }

  /// A value limited to 0…1 (NaN counts as 0).
  func clamped(_ value: NumberExpression) -> NumberExpression { .clamped(value, lower: 0, upper: 1) }

  /// A turn in radians, non-finite counting as 0, less whole turns.
  func turn(_ value: NumberExpression) -> NumberExpression {
    .remainder(.finite(value, otherwise: 0), divisor: 2 * .pi)
  }

  /// A circle about the centre.
  func circle(_ radius: Double) -> ShapeGeometry {
    .circle(x: geometry.center, y: geometry.center, radius: radius)
  }

  /// The arc's start angle and signed sweep, in radians (the thumb rides its end).
  func arcAngles(_ arc: Arc?) -> (start: NumberExpression, sweep: NumberExpression) {
    var start = NumberExpression.sum(
      .constant((arc?.startAngle ?? -90) * .pi / 180), turn(.track("rotation", fallback: 0)))
    let minimum = NumberExpression.constant(min(max(arc?.minProgress ?? 0, 0), 1))
    let fraction: NumberExpression
    if let tail = TrackUse.tail(arc) {
      // An indeterminate arc: from the tail to the head, both in turns and unclamped.
      let head = NumberExpression.finite(track(TrackUse.arc(arc)), otherwise: 0)
      let from = NumberExpression.finite(track(tail), otherwise: 0)
      let turns = arc?.clockwise == false ? NumberExpression.product(.constant(-1), from) : from
      start = .sum(start, .product(.product(.remainder(turns, divisor: 1), .constant(2)), .constant(.pi)))
      fraction = .maximum(.minimum(.maximum(.difference(head, from), .constant(0)), .constant(1)), minimum)
    } else {
      fraction = .maximum(clamped(track(TrackUse.arc(arc))), minimum)
    }
    let sweep = NumberExpression.product(.product(fraction, .constant(2)), .constant(.pi))
    return (start, arc?.clockwise == false ? .product(.constant(-1), sweep) : sweep)
  }

  // MARK: Parts

  private func arcPart(_ arc: Arc) -> CompositionNode {
    let (start, sweep) = arcAngles(arc)
    let c = geometry.center
    // Over a disc or picture the arc's outer edge would blend with theirs: reach a device pixel past it.
    let covers = style.look.disc != nil || style.look.image != nil
    let reachesEdge = geometry.ringRadius + arc.width / 2 >= geometry.outerRadius - 1e-9
    let pad = covers && reachesEdge ? 1 / Double(scale) : 0
    let color: AnimatedColor
    if let colors = arc.colors, !colors.isEmpty, let use = TrackUse.color(arc) {
      color = .cycle(colors, by: track(use))
    } else {
      color = .constant(arc.color)
    }
    return .shape(
      CompositionShape(
        name: "arc",
        geometry: .arc(
          center: .constant(c, c), radius: .constant(geometry.ringRadius + pad / 2), start: .expression(start),
          end: .expression(.sum(start, sweep))),
        stroke: ShapeStroke(.solid(color), width: .constant(arc.width + pad), cap: arc.cap ?? .butt)))
  }

  private func piePart(_ pie: Pie) -> CompositionNode {
    let progress = clamped(track(.pie(pie)))
    let top = -Double.pi / 2
    let rest = NumberExpression.product(.product(.difference(.constant(1), progress), .constant(2)), .constant(.pi))
    return .shape(
      CompositionShape(
        name: "pie",
        geometry: .sector(
          center: .constant(geometry.center, geometry.center), radius: .constant(geometry.outerRadius),
          start: .constant(top), end: .expression(.difference(.constant(top), rest))),
        fill: ShapeFill(.color(pie.color))))
  }

  private func thumbParts(_ thumb: Thumb) -> [CompositionNode] {
    let (start, sweep) = arcAngles(style.look.arc)
    let angle = NumberExpression.sum(start, sweep)
    let c = NumberExpression.constant(geometry.center)
    let r = NumberExpression.constant(geometry.ringRadius)
    let x = NumberExpression.sum(c, .product(r, .cosine(angle)))
    let y = NumberExpression.sum(c, .product(r, .sine(angle)))
    let radius = max(0, thumb.diameter) / 2
    let strokeWidth = thumb.stroke == nil ? 0 : max(0, thumb.strokeWidth ?? 1)
    let outline = thumb.stroke.flatMap {
      strokeWidth > 0 ? ShapeStroke(.color($0), width: .constant(strokeWidth)) : nil
    }
    var parts: [CompositionNode] = [
      .shape(
        CompositionShape(
          name: "thumb",
          geometry: .ellipse(
            center: AnimatedPoint(x: .expression(x), y: .expression(y)), radii: .constant(radius, radius)),
          fill: ShapeFill(.color(thumb.fill)), stroke: outline))
    ]
    if let label = thumb.label {
      parts.append(
        .text(
          text(
            label, name: "thumb label", x: .expression(x), y: .expression(.sum(y, .constant(label.offset ?? 0))),
            fit: nil)))
    }
    return parts
  }

  private func spokeParts(_ spokes: Spokes) -> [CompositionNode] {
    let count = min(max(spokes.count, 1), 64)
    let n = Double(count)
    let c = geometry.center
    let outer = geometry.ringRadius
    let inner = outer * clampedConstant(spokes.inner)
    let dimmest = clampedConstant(spokes.minOpacity ?? 0.25)
    // The brightest spoke: whole steps of the rotation (a step counts once reached).
    let rotation = NumberExpression.finite(track(TrackUse.rotation(of: "spokes")), otherwise: 0)
    let steps = NumberExpression.floor(
      .sum(.product(.quotient(rotation, .constant(2 * .pi)), .constant(n)), .constant(1e-6)))
    let lead = NumberExpression.difference(steps, .product(.floor(.quotient(steps, .constant(n))), .constant(n)))
    return (0..<count).map { index in
      let angle = -Double.pi / 2 + Double(index) * 2 * .pi / Double(count)
      let behind = NumberExpression.remainder(
        .sum(.remainder(.difference(lead, .constant(Double(index))), divisor: n), .constant(n)), divisor: n)
      let opacity = NumberExpression.difference(
        .constant(1), .quotient(.product(.constant(1 - dimmest), behind), .constant(Double(max(count - 1, 1)))))
      return .shape(
        CompositionShape(
          name: "spoke \(index + 1)",
          geometry: .path(
            .line(
              from: Point(x: c + inner * cos(angle), y: c + inner * sin(angle)),
              to: Point(x: c + outer * cos(angle), y: c + outer * sin(angle)))),
          stroke: ShapeStroke(.color(spokes.color), width: .constant(max(0, spokes.width)), cap: .round),
          opacity: .expression(opacity)))
    }
  }

  private func dotParts(_ dots: Dots) -> [CompositionNode] {
    let count = dots.sources.count
    guard count > 0 else { return [] }
    let c = geometry.center
    let room = geometry.size / geometry.maxScale
    let span = max(0, dots.spacing) * Double(max(count - 1, 0)) + max(0, dots.diameter)
    let fit = span > room && span > 0 ? room / span : 1
    let spacing = max(0, dots.spacing) * fit
    let radius = max(0, dots.diameter) * fit / 2
    let smallest = clampedConstant(dots.minScale ?? 1)
    let faintest = clampedConstant(dots.minOpacity ?? 1)
    return TrackUse.dots(dots).enumerated().map { index, use in
      let x = c + (Double(index) - Double(count - 1) / 2) * spacing
      let pulse = clamped(track(use))
      let r = NumberExpression.product(
        .constant(radius), .sum(.constant(smallest), .product(.constant(1 - smallest), pulse)))
      let opacity = NumberExpression.sum(.constant(faintest), .product(.constant(1 - faintest), pulse))
      return .shape(
        CompositionShape(
          name: "dot \(index + 1)",
          geometry: .ellipse(center: .constant(x, c), radii: AnimatedPoint(x: .expression(r), y: .expression(r))),
          fill: ShapeFill(.color(dots.color)), opacity: .expression(opacity)))
    }
  }

  private func clampedConstant(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }

  private func waveParts(_ wave: Wave) -> [CompositionNode] {
    let c = geometry.center
    let r = geometry.ringRadius
    let ring = wave.ring
    var parts: [CompositionNode] = []
    if ring.width > 0 {
      let gap = min(max(ring.gap, 0), 360) * .pi / 180
      if gap == 0 {
        parts.append(
          .shape(
            CompositionShape(
              name: "wave ring", geometry: circle(r),
              stroke: ShapeStroke(.color(ring.color), width: .constant(ring.width)))))
      } else {
        // The gap is centred on 12 o'clock at rotation 0; the head leads clockwise. Round caps
        // are trimmed off the ends so that the visible gap is `gap` degrees on the centre line.
        let capAngle = r > 0 ? min(ring.width / 2 / r, .pi) : 0
        let rotation = turn(track(TrackUse.rotation))
        let tail = NumberExpression.sum(
          .sum(.sum(.constant(-Double.pi / 2), rotation), .constant(gap / 2)), .constant(capAngle))
        let head = NumberExpression.difference(
          .difference(.sum(.sum(.constant(-Double.pi / 2), rotation), .constant(2 * .pi)), .constant(gap / 2)),
          .constant(capAngle))
        let tail0 = -Double.pi / 2 + gap / 2 + capAngle
        let head0 = -Double.pi / 2 + 2 * .pi - gap / 2 - capAngle
        var paint = PaintSource.color(ring.color)
        if let tailColor = ring.tailColor, head0 > tail0 {
          let margin = gap / 2 + capAngle
          paint = .conicGradient(
            ConicSweep(
              center: Point(x: c, y: c), start: tail0, end: head0, from: tailColor, to: ring.color, lead: margin,
              trail: margin, band: (r - ring.width / 2)...(r + ring.width / 2)),
            rotation: .expression(rotation))
        }
        parts.append(
          .shape(
            CompositionShape(
              name: "wave ring",
              geometry: .arc(
                center: .constant(c, c), radius: .constant(r), start: .expression(tail),
                end: .expression(.maximum(head, tail))),
              stroke: ShapeStroke(paint, width: .constant(ring.width), cap: .round))))
      }
    }
    let inner = geometry.innerRadius
    guard inner > 0 else { return parts }
    if let fill = wave.fill {
      parts.append(.shape(CompositionShape(name: "water fill", geometry: circle(inner), fill: ShapeFill(.color(fill)))))
    }
    let level = clamped(track(TrackUse.level))
    let phase = turn(track(TrackUse.phase))
    let waves: [CompositionNode] = wave.layers.enumerated().map { index, layer in
      // Empty at level 0 (crests at the bottom), full at 1 (troughs at the top).
      let amplitude = max(0, layer.amplitude) * 2 * inner
      let baseline = NumberExpression.difference(
        .constant(c + inner + amplitude), .product(level, .constant(2 * inner + 2 * amplitude)))
      return .shape(
        CompositionShape(
          name: "wave \(index + 1)",
          geometry: .sineRegion(
            SineRegion(
              left: c - inner - 1, right: c + inner + 1, bottom: c + inner + 1, baseline: .expression(baseline),
              amplitude: amplitude, wavelength: max(layer.wavelength, 0.01) * 2 * inner,
              phase: .expression(.sum(.product(phase, .constant(layer.speed)), .constant(layer.offset ?? 0))))),
          fill: ShapeFill(.color(layer.color))))
    }
    if !waves.isEmpty {
      parts.append(.group(CompositionGroup(name: "water", masks: [NodeMask(circle(inner))], children: waves)))
    }
    return parts
  }

  private func text(_ label: LookLabel, name: String, x: AnimatedNumber, y: AnimatedNumber, fit: TextFit?)
    -> CompositionText
  {
    let content = Self.content(of: label)
    let shadow = label.shadow.map { shadow in
      TextShadow(
        color: shadow.color, offset: Point(x: shadow.dx ?? 0, y: shadow.dy ?? 0),
        layers: shadow.layers.map { TextShadow.Layer(width: $0.width, alpha: $0.alpha) })
    }
    return CompositionText(
      name: name, content: content, font: label.font, color: .constant(label.color),
      position: AnimatedPoint(x: x, y: y), fit: fit, shadow: shadow)
  }

  /// What a label says: its value looked up, multiplied and formatted with `LabelFormatter`, or
  /// plain text; a format that does not parse (refused earlier by the loader) is drawn as written.
  static func content(of label: LookLabel) -> TextContent {
    guard let formatter = try? LabelFormatter(format: label.format) else { return .fixed(label.format) }
    guard formatter.usesValue, label.source != nil else { return .fixed(formatter.string(for: 0)) }
    let raw =
      TrackUse.label(label).map(expression(for:)) ?? .time
    return .formatted(
      format: label.format, value: .product(raw, .constant(label.multiplier ?? 1)),
      hiddenAtZero: label.hiddenAtZero == true)
  }

  // MARK: Picture

  /// The look's picture clipped to the circle: a PNG aspect-filled into it, or the built-in landscape.
  private func picture(_ image: ImageFill, baseDirectory: String?) throws -> CompositionNode {
    let c = geometry.center
    let r = geometry.outerRadius
    let content: [CompositionNode]
    if let path = image.path {
      // The picture covers the circle: its shorter side spans 2r points, drawn at up to the look's
      // largest scale. Twice the pixels that needs are kept, for Cairo's filter.
      let drawnSide = 2 * r * Double(scale) * max(geometry.maxScale, 1)
      let bitmap = PictureReducer.reduced(
        try Self.loadPNG(path: path, baseDirectory: baseDirectory),
        minimumShortSide: Int(min(2 * drawnSide, Double(RenderLimits.maxPixelSize) * 4).rounded(.up)))
      content = [.image(.filling("image", bitmap: bitmap, center: c, radius: r))]
    } else {
      content = DefaultPicture.nodes(x: c - r, y: c - r, side: 2 * r)
    }
    return .group(CompositionGroup(name: "image", masks: [NodeMask(circle(r))], children: content))
  }

  /// Reads and decodes a PNG, naming the file in every error.
  /// - Throws: `RasterError.unreadableImage`, or `RasterError` for a file that is not a valid PNG.
  static func loadPNG(path: String, baseDirectory: String?) throws -> Frame {
    let resolved: String
    if path.hasPrefix("/") {
      resolved = path
    } else {
      let base = baseDirectory ?? FileManager.default.currentDirectoryPath
      resolved = URL(fileURLWithPath: base).appendingPathComponent(path).path
    }
    guard let bytes = try? InputFile.readBytes(resolved, limit: maxImageBytes) else {
      throw RasterError.unreadableImage(path: resolved)
    }
    return try PNGCodec.decode(bytes, source: resolved, maxPixels: maxImagePixels)
  }
}

extension PresetCompiler {
  /// Canvas edges of at most this many pixels have their strokes on half device pixels (at least
  /// one) and the ring's outer edge on a pixel edge, so that a small asset is crisp.
  public static let crispPixelLimit = 64
  /// The smallest font size a label is drawn at, in points: a label scaled below it is drawn at
  /// it (or its own size if smaller), and one that does not fit there is left out.
  public static let minLegibleFontSize = 6.0

  /// The look drawn on a canvas of `size` points: the design (`Style.size`) scaled like a vector
  /// asset — every width, diameter, spacing, margin, font size, offset and halo — or, where the
  /// look gives a platform's own geometry for this size (`Look.sizes`), that geometry.
  ///
  /// Labels are kept at `minLegibleFontSize` at least; a thumb's label that would be smaller is
  /// left out (`leftOut`). On a small canvas (`crispPixelLimit`) the strokes are rounded to half
  /// device pixels, at least one.
  /// - Parameters:
  ///   - look: the look at its design size.
  ///   - designSize: the canvas edge the look is drawn for, in points.
  ///   - size: the canvas edge of this render, in points.
  ///   - pixelScale: device pixels per point.
  /// - Returns: the look in this render's points, and the labels left out (a thumb's label that
  ///   would be drawn under `minLegibleFontSize`).
  static func sized(_ look: Look, designSize: Double, size: Double, pixelScale: Int) -> (
    look: Look, leftOut: [LookLabel]
  ) {
    let k = designSize > 0 && size > 0 && designSize.isFinite ? size / designSize : 1
    let platform = look.sizes?.first { abs($0.size - size) < 1e-6 }
    var look = look
    func s(_ value: Double) -> Double { value * k }
    func s(_ value: Double?) -> Double? { value.map { $0 * k } }
    look.strokeWidths { s($0) }
    if let width = platform?.width {
      if let arc = look.arc, let track = look.track, arc.width > 0 {
        look.track?.width = width * track.width / arc.width
      } else {
        look.track?.width = width
      }
      look.arc?.width = width
      look.wave?.ring.width = width
      look.spokes?.width = width
    }
    if let inner = platform?.inner { look.spokes?.inner = inner }
    look.margin = platform?.margin ?? s(look.margin)
    if var thumb = look.thumb {
      thumb.diameter = s(thumb.diameter)
      thumb.strokeWidth = s(thumb.strokeWidth)
      look.thumb = thumb
    }
    if var dots = look.dots {
      dots.diameter = s(dots.diameter)
      dots.spacing = s(dots.spacing)
      look.dots = dots
    }
    look.labels = look.labels?.map { sized($0, k) }
    var leftOut: [LookLabel] = []
    if let label = look.thumb?.label {
      if label.font.size * k < min(minLegibleFontSize, label.font.size) {
        leftOut.append(label)
        look.thumb?.label = nil
      } else {
        look.thumb?.label = sized(label, k)
      }
    }
    look.sizes = nil
    if Int((size * Double(pixelScale)).rounded()) <= crispPixelLimit {
      let pixel = 1 / Double(max(pixelScale, 1))
      func crisp(_ width: Double) -> Double {
        guard width > 0 else { return width }
        return max(pixel, (width / pixel * 2).rounded() / 2 * pixel)
      }
      look.strokeWidths { crisp($0) }
    }
    return (look, leftOut)
  }

  /// A label scaled by `k`: its font (kept at `minLegibleFontSize` at least, or its own size if
  /// smaller), offset and halo.
  private static func sized(_ label: LookLabel, _ k: Double) -> LookLabel {
    var label = label
    label.font.size = max(label.font.size * k, min(minLegibleFontSize, label.font.size))
    label.offset = label.offset.map { $0 * k }
    if var shadow = label.shadow {
      shadow.radius *= k
      shadow.dx = shadow.dx.map { $0 * k }
      shadow.dy = shadow.dy.map { $0 * k }
      label.shadow = shadow
    }
    return label
  }
}

extension Look {
  /// Changes the width of every stroke on the ring: the track, the arc, the wave's ring, the spokes.
  fileprivate mutating func strokeWidths(_ change: (Double) -> Double) {
    if let width = track?.width { track?.width = change(width) }
    if let width = arc?.width { arc?.width = change(width) }
    if let width = wave?.ring.width { wave?.ring.width = change(width) }
    if let width = spokes?.width { spokes?.width = change(width) }
  }
}
