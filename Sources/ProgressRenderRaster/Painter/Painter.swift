import Foundation
import ProgressRenderCore

/// Paints a style's look, frame after frame, onto one reused Cairo canvas.
///
/// Parts are painted back to front: disc, image, wave, track, arc, pie, thumb, spokes, dots, labels, all
/// scaled about the centre by the scene's `scale` value. Geometry comes from `LookGeometry`,
/// so nothing leaves the canvas even at the largest scale the style's `scale` track reaches.
///
/// How each part reads the scene (see `Look` for the track names):
/// - arc: from `startAngle` over `max(progress, minProgress)` of a turn, progress clamped to 0…1;
///   nothing at 0 (unless `minProgress`), a closed ring (no caps) at 1; turned by `rotation`. With a
///   `tailSource`, from the tail to the head (`source`), both in turns, over at most a turn; with
///   `colors`, in the colour the `colorSource` track picks (`Painter+Spinners.swift`). Over a disc or picture, an
///   arc that reaches their edge reaches one device pixel further, so that no fringe of them shows
///   outside it.
/// - thumb: centred on the ring at the arc's end; its label centred on it.
/// - pie: `1 − progress` of the circle counter-clockwise from 12 o'clock; nothing at 1.
/// - wave: the ring's gap is centred on 12 o'clock at rotation 0 and turns clockwise on screen as
///   `rotation` grows (counter-clockwise as it falls, as the `wave` preset's); round caps are trimmed so the visible gap is `gap` degrees. The water's mean line
///   runs from one amplitude below the inner circle's bottom (level 0: empty) to one amplitude
///   above its top (level 1: full), so both ends read exactly. The waves slide left as `phase` grows
///   (right as it falls, as the `wave` preset's).
/// - image: aspect-filled into the circle; without a path, a built-in landscape (`DefaultPicture`).
/// - spokes, dots: see `Painter+Spinners.swift`.
///
/// Each part is one canvas layer (`CairoCanvas.layer`), so its edges get the settings' `edgeLevels`
/// (17 by default: flat art fits one GIF palette); the picture under the pie keeps Cairo's own edge.
///
/// Static work is done once per painter: the back layers (background, disc, image) are painted
/// into a backdrop the first time a frame is drawn at scale 1 and copied into every later frame at
/// scale 1 (byte-identical to painting them again); the wave ring's gradient is computed once at
/// rotation 0 and turned per frame.
///
/// A painter is not thread-safe; use one per thread. Its caches are its own.
public final class Painter {
  private let style: Style
  private let settings: PaintSettings
  let geometry: LookGeometry
  let canvas: CairoCanvas
  private let text: TextRenderer
  /// The decoded image of the look's `image` part, or `nil` for the built-in picture.
  private let image: CairoImage?
  /// The wave ring's gradient at rotation 0 in device pixels and its top-left corner in points,
  /// or `nil` without a `tailColor`.
  private let ringGradient: (image: CairoImage, left: Double, top: Double)?
  /// The background with the disc and image painted at scale 1, made by the first frame that needs it.
  private var backdrop: Frame?
  /// Wraps and shrinks centre labels that would cross the ring.
  private var labelFitter: LabelFitter

  /// The largest image accepted, in pixels (40 megapixels).
  public static let maxImagePixels = 40_000_000

  /// Prepares a painter: sizes the canvas and loads the image, if any.
  /// - Parameters:
  ///   - style: what to draw.
  ///   - paint: canvas size in pixels, pixel scale, edges and background.
  ///   - baseDirectory: the folder relative image paths are resolved against (`nil`: the working directory).
  /// - Throws: `PainterError` for an image that cannot be read, `PNGError` for one that is not a valid PNG,
  ///   `CairoError` or `TextError` when the canvas or text layout cannot be set up.
  public init(style: Style, paint settings: PaintSettings, baseDirectory: String?) throws {
    self.style = style
    self.settings = settings
    // The canvas edge as rendered (whole pixels), so that the centre falls where the pixels put it.
    let edge = Double(settings.pixelSize) / Double(max(settings.scale, 1))
    geometry = LookGeometry(
      look: style.look, size: edge,
      maxScale: Timeline(tracks: style.tracks).maxValue(of: TrackUse.scale.track) ?? TrackUse.scale.fallback)
    canvas = try CairoCanvas(
      pixelWidth: settings.pixelSize, pixelHeight: settings.pixelSize, deviceScale: Double(settings.scale),
      edgeLevels: settings.edgeLevels)
    text = try TextRenderer()
    if let path = style.look.image?.path {
      image = try CairoImage(Self.loadPNG(path: path, baseDirectory: baseDirectory))
    } else {
      image = nil
    }
    ringGradient = try Self.ringGradient(style.look.wave, geometry: geometry, settings: settings)
    labelFitter = LabelFitter(radius: geometry.labelRadius)
  }

  /// Paints one frame.
  /// - Parameter scene: the time and track values to draw.
  /// - Returns: the frame, `settings.pixelSize` pixels square.
  /// - Throws: `CairoError` if Cairo failed while drawing, `TextError` if Pango could not lay out a label.
  /// - Complexity: O(pixels) for clearing and copying, plus the parts' paths.
  public func paint(_ scene: TrackValues) throws -> Frame {
    let look = style.look
    let c = geometry.center
    // A scale of (nearly) 0 draws nothing; huge ones are capped so the matrix stays invertible.
    let scale = min(Self.finite(Self.value(TrackUse.scale, in: scene), else: 1), 1e4)
    let hasBackLayers = look.disc != nil || look.image != nil
    let fromBackdrop = hasBackLayers && scale == 1
    if fromBackdrop {
      try canvas.beginFrame(backdrop: makeBackdrop())
    } else {
      try canvas.beginFrame(background: settings.background)
    }
    try canvas.withState {
      guard scale > 1e-6 else { return }
      if scale != 1 { canvas.scale(scale, about: c, c) }
      if !fromBackdrop { paintBackLayers() }
      if let wave = look.wave { paintWave(wave, scene) }
      if let track = look.track { paintTrack(track) }
      if let arc = look.arc { paintArc(arc, scene) }
      if let pie = look.pie { paintPie(pie, scene) }
      if let thumb = look.thumb { try paintThumb(thumb, scene) }
      if let spokes = look.spokes { paintSpokes(spokes, scene) }
      if let dots = look.dots { paintDots(dots, scene) }
      for label in look.labels ?? [] { try paintLabel(label, scene, x: c, y: c, fitted: true) }
    }
    return try canvas.snapshot()
  }

  /// The backdrop for frames at scale 1: painted exactly as `paint` paints these layers, then kept.
  private func makeBackdrop() throws -> Frame {
    if let backdrop { return backdrop }
    try canvas.beginFrame(background: settings.background)
    canvas.withState { paintBackLayers() }
    let made = try canvas.snapshot()
    backdrop = made
    return made
  }

  // MARK: Parts

  /// The parts that do not change from frame to frame: disc and image.
  private func paintBackLayers() {
    if let disc = style.look.disc { paintDisc(disc) }
    if style.look.image != nil { paintImage() }
  }

  private func paintDisc(_ disc: Disc) {
    canvas.layer(disc.color) {
      canvas.circle(centerX: geometry.center, centerY: geometry.center, radius: geometry.outerRadius)
      canvas.fill()
    }
  }

  private func paintImage() {
    let c = geometry.center
    let r = geometry.outerRadius
    canvas.withState {
      canvas.circle(centerX: c, centerY: c, radius: r)
      canvas.clip()
      guard let image else {
        DefaultPicture.paint(on: canvas, x: c - r, y: c - r, side: 2 * r)
        return
      }
      // Aspect fill: cover the circle's square, centred.
      let fit = max(2 * r / Double(image.width), 2 * r / Double(image.height))
      let w = Double(image.width) * fit
      let h = Double(image.height) * fit
      canvas.draw(image, x: c - w / 2, y: c - h / 2, width: w, height: h)
    }
  }

  private func paintWave(_ wave: Wave, _ scene: TrackValues) {
    let c = geometry.center
    let r = geometry.ringRadius
    let ring = wave.ring
    if ring.width > 0 {
      let gap = min(max(ring.gap, 0), 360) * .pi / 180
      if gap == 0 {
        canvas.layer(ring.color) {
          canvas.circle(centerX: c, centerY: c, radius: r)
          canvas.setLineWidth(ring.width)
          canvas.stroke()
        }
      } else {
        // The gap is centred on 12 o'clock at rotation 0; the head leads clockwise. Round caps
        // are trimmed off the ends so that the visible gap is `gap` degrees on the centre line.
        let capAngle = r > 0 ? min(ring.width / 2 / r, .pi) : 0
        let rotation = Self.finite(Self.value(TrackUse.rotation, in: scene), else: 0).truncatingRemainder(
          dividingBy: 2 * .pi)
        let tail = -Double.pi / 2 + rotation + gap / 2 + capAngle
        let head = -Double.pi / 2 + rotation + 2 * .pi - gap / 2 - capAngle
        if head > tail {
          canvas.layer {
            if let ringGradient {
              canvas.setSource(
                ringGradient.image, pixelsPerPoint: Double(max(settings.scale, 1)), left: ringGradient.left,
                top: ringGradient.top, rotation: rotation, aboutX: c, c)
            } else {
              canvas.setColor(ring.color)
            }
          } shape: {
            canvas.arc(centerX: c, centerY: c, radius: r, from: tail, to: head)
            canvas.setLineWidth(ring.width)
            canvas.setLineCap(LineCap.round)
            canvas.stroke()
          }
        }
      }
    }
    let inner = geometry.innerRadius
    guard inner > 0 else { return }
    let disc = CairoCanvas.Rect(x: c - inner - 1, y: c - inner - 1, width: 2 * inner + 2, height: 2 * inner + 2)
    if let fill = wave.fill {
      canvas.layer(fill, within: disc) {
        canvas.circle(centerX: c, centerY: c, radius: inner)
        canvas.fill()
      }
    }
    let level = Self.clamped(Self.value(TrackUse.level, in: scene))
    let phase = Self.finite(Self.value(TrackUse.phase, in: scene), else: 0).truncatingRemainder(dividingBy: 2 * .pi)
    for layer in wave.layers {
      // Empty at level 0 (crests at the bottom), full at 1 (troughs at the top).
      let amplitude = max(0, layer.amplitude) * 2 * inner
      let baseline = c + inner + amplitude - level * (2 * inner + 2 * amplitude)
      canvas.layer(layer.color, within: disc) {
        canvas.circle(centerX: c, centerY: c, radius: inner)
        canvas.clip()
        canvas.sineWaveRegion(
          left: c - inner - 1, right: c + inner + 1, baseline: baseline, amplitude: amplitude,
          wavelength: max(layer.wavelength, 0.01) * 2 * inner, phase: phase * layer.speed + (layer.offset ?? 0),
          bottom: c + inner + 1)
        canvas.fill()
      }
    }
  }

  private func paintTrack(_ track: RingStroke) {
    guard track.width > 0 else { return }
    canvas.layer(track.color) {
      canvas.circle(centerX: geometry.center, centerY: geometry.center, radius: geometry.ringRadius)
      canvas.setLineWidth(track.width)
      canvas.stroke()
    }
  }

  /// Start angle and signed sweep (radians) of the arc in a scene.
  package static func arcAngles(_ arc: Arc?, _ scene: TrackValues) -> (start: Double, sweep: Double) {
    var start = (arc?.startAngle ?? -90) * .pi / 180
    if let rotation = scene.values[TrackUse.rotation(of: "arc").track], rotation.isFinite {
      start += rotation.truncatingRemainder(dividingBy: 2 * .pi)
    }
    let minimum = min(max(arc?.minProgress ?? 0, 0), 1)
    let fraction: Double
    if let tail = TrackUse.tail(arc) {
      // An indeterminate arc: from the tail to the head, both in turns and unclamped.
      let head = Self.finite(Self.value(TrackUse.arc(arc), in: scene), else: 0)
      let from = Self.finite(Self.value(tail, in: scene), else: 0)
      let turn = arc?.clockwise == false ? -from : from
      start += turn.truncatingRemainder(dividingBy: 1) * 2 * .pi
      fraction = max(min(max(head - from, 0), 1), minimum)
    } else {
      fraction = max(Self.clamped(Self.value(TrackUse.arc(arc), in: scene)), minimum)
    }
    let sweep = fraction * 2 * .pi
    return (start, arc?.clockwise == false ? -sweep : sweep)
  }

  private func paintArc(_ arc: Arc, _ scene: TrackValues) {
    let (start, sweep) = Self.arcAngles(arc, scene)
    guard arc.width > 0, sweep != 0 else { return }
    let c = geometry.center
    // Over a disc or picture the arc's outer edge would blend with theirs: reach a device pixel past it.
    let covers = style.look.disc != nil || style.look.image != nil
    let reachesEdge = geometry.ringRadius + arc.width / 2 >= geometry.outerRadius - 1e-9
    let pad = covers && reachesEdge ? 1 / Double(max(settings.scale, 1)) : 0
    let radius = geometry.ringRadius + pad / 2
    canvas.layer(Self.arcColor(arc, scene)) {
      if abs(sweep) >= 2 * .pi - 1e-9 {
        canvas.circle(centerX: c, centerY: c, radius: radius)
      } else {
        canvas.arc(centerX: c, centerY: c, radius: radius, from: start, to: start + sweep, clockwise: sweep > 0)
      }
      canvas.setLineWidth(arc.width + pad)
      canvas.setLineCap(arc.cap ?? .butt)
      canvas.stroke()
    }
  }

  private func paintPie(_ pie: Pie, _ scene: TrackValues) {
    let progress = Self.clamped(Self.value(TrackUse.pie(pie), in: scene))
    guard progress < 1 else { return }
    let c = geometry.center
    let top = -Double.pi / 2
    canvas.layer(pie.color) {
      if progress <= 0 {
        canvas.circle(centerX: c, centerY: c, radius: geometry.outerRadius)
      } else {
        canvas.pieSlice(
          centerX: c, centerY: c, radius: geometry.outerRadius, from: top, to: top - (1 - progress) * 2 * .pi,
          clockwise: false)
      }
      canvas.fill()
    }
  }

  private func paintThumb(_ thumb: Thumb, _ scene: TrackValues) throws {
    let (start, sweep) = Self.arcAngles(style.look.arc, scene)
    let angle = start + sweep
    let x = geometry.center + geometry.ringRadius * cos(angle)
    let y = geometry.center + geometry.ringRadius * sin(angle)
    let radius = max(0, thumb.diameter) / 2
    let strokeWidth = thumb.stroke == nil ? 0 : max(0, thumb.strokeWidth ?? 1)
    let reach = radius + strokeWidth / 2 + 1
    let bounds = CairoCanvas.Rect(x: x - reach, y: y - reach, width: 2 * reach, height: 2 * reach)
    canvas.layer(thumb.fill, within: bounds) {
      canvas.circle(centerX: x, centerY: y, radius: radius)
      canvas.fill()
    }
    if let stroke = thumb.stroke, strokeWidth > 0 {
      canvas.layer(stroke, within: bounds) {
        canvas.circle(centerX: x, centerY: y, radius: radius)
        canvas.setLineWidth(strokeWidth)
        canvas.stroke()
      }
    }
    if let label = thumb.label { try paintLabel(label, scene, x: x, y: y) }
  }

  /// The value of a track a part reads (see `TrackUse`): the track's, else its fallback track's, else
  /// the default.
  package static func value(_ use: TrackUse, in scene: TrackValues) -> Double {
    scene.values[use.track] ?? use.fallbackTrack.flatMap { scene.values[$0] } ?? use.fallback
  }

  /// How each centre label's text is laid out in a scene to stay inside the ring (`LabelFitter`).
  /// - Returns: one entry per label shown, in the look's order (`index` into `look.labels`).
  /// - Throws: `TextError` if Pango could not lay out a label.
  package func labelFits(in scene: TrackValues) throws -> [(index: Int, text: String, fit: LabelFit)] {
    try (style.look.labels ?? []).enumerated().compactMap { index, label in
      guard let string = LabelText.string(for: label, in: scene) else { return nil }
      return (index, string, try labelFitter.fit(string, font: label.font, offset: label.offset ?? 0, text: text))
    }
  }

  private func paintLabel(_ label: LookLabel, _ scene: TrackValues, x: Double, y: Double, fitted: Bool = false) throws {
    guard let string = LabelText.string(for: label, in: scene) else { return }
    let fit = fitted ? try labelFitter.fit(string, font: label.font, offset: label.offset ?? 0, text: text) : nil
    let y = y + (label.offset ?? 0)
    if let shadow = label.shadow, shadow.color.alpha > 0 {
      let (sx, sy) = (x + (shadow.dx ?? 0), y + (shadow.dy ?? 0))
      for layer in shadow.layers {
        var color = shadow.color
        color.alpha = layer.alpha
        try text.draw(
          string, font: label.font, fit: fit, color: color, centerX: sx, centerY: sy, outline: layer.width,
          on: canvas)
      }
    }
    try text.draw(string, font: label.font, fit: fit, color: label.color, centerX: x, centerY: y, on: canvas)
  }

  /// The wave ring's gradient at rotation 0 (`tailColor` at the tail, `color` at the head, constant
  /// across the gap), computed per device pixel in a band just wider than the ring's stroke.
  private static func ringGradient(_ wave: Wave?, geometry: LookGeometry, settings: PaintSettings) throws
    -> (image: CairoImage, left: Double, top: Double)?
  {
    guard let ring = wave?.ring, let tailColor = ring.tailColor, ring.width > 0 else { return nil }
    let gap = min(max(ring.gap, 0), 360) * .pi / 180
    let r = geometry.ringRadius
    let capAngle = r > 0 ? min(ring.width / 2 / r, .pi) : 0
    let tail = -Double.pi / 2 + gap / 2 + capAngle
    let head = -Double.pi / 2 + 2 * .pi - gap / 2 - capAngle
    guard gap > 0, head > tail else { return nil }
    let margin = gap / 2 + capAngle
    let gradient = ConicGradient(
      centerX: geometry.center, centerY: geometry.center, start: tail, end: head, from: tailColor, to: ring.color,
      lead: margin, trail: margin)
    // Two device pixels of margin, so that bilinear sampling at the stroke's edge reads gradient colours.
    let s = Double(max(settings.scale, 1))
    let pad = 2 / s
    let made = gradient.frame(
      pixelsPerPoint: s, innerRadius: r - ring.width / 2 - pad, outerRadius: r + ring.width / 2 + pad)
    return (try CairoImage(made.frame), Double(made.x) / s, Double(made.y) / s)
  }

  // MARK: Helpers

  /// The value limited to 0…1 (NaN counts as 0).
  package static func clamped(_ value: Double) -> Double {
    value.isNaN ? 0 : min(max(value, 0), 1)
  }

  /// The value, or `fallback` when it is NaN or infinite.
  package static func finite(_ value: Double, else fallback: Double) -> Double {
    value.isFinite ? value : fallback
  }

  /// Reads and decodes a PNG, naming the file in every error.
  package static func loadPNG(path: String, baseDirectory: String?) throws -> Frame {
    let resolved: String
    if path.hasPrefix("/") {
      resolved = path
    } else {
      let base = baseDirectory ?? FileManager.default.currentDirectoryPath
      resolved = URL(fileURLWithPath: base).appendingPathComponent(path).path
    }
    guard let data = FileManager.default.contents(atPath: resolved) else {
      throw PainterError.unreadableImage(path: resolved)
    }
    return try PNGCodec.decode([UInt8](data), source: resolved, maxPixels: maxImagePixels)
  }
}
