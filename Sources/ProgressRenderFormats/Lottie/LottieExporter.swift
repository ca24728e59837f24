import Foundation
import ProgressRenderCore
import ProgressRenderRaster

/// Writes a style as a Lottie animation that plays like the tool's own render.
///
/// The canvas is `size` points square and frame i of the output is Lottie frame i (`fr` = fps,
/// `op` = frame count). Parts become layers, bottom to top as the painter paints them, each scaled
/// about the centre by the `scale` track: the background a rectangle; the disc an ellipse fill; the
/// image an embedded PNG (`e: 1`) masked to the circle; the wave a ring stroke turned by `rotation`
/// and, per wave, a sine region under a circular mask, moved sideways by `phase` and up by the level;
/// the track an ellipse stroke; the arc a circle from its start angle, stroked with its cap and
/// trimmed (`tm`) to the progress; the pie a stroke as wide as the radius on a circle of half the
/// radius, trimmed (a trimmed wedge); the thumb a disc turned about the centre to the arc's end;
/// the spokes and dots a stroke or ellipse each (`LottieExporter+Spinners.swift`, as are the arc's
/// turn, tail and cycling colour); labels text layers, one text document per change of text.
///
/// Numbers follow their tracks' keys where the keys reproduce every frame (easings become Bézier
/// tangents, steps and discrete tracks hold keys, repeats are unrolled), else one key per frame
/// (`LottieChannel`). LookLabel shadows are not written.
public struct LottieExporter {
  /// The style to write.
  public let style: Style
  /// Canvas edge in points.
  public let size: Double
  /// Frames per second.
  public let fps: Double
  /// Output length in seconds; the style's timeline is stretched to it.
  public let duration: Double
  /// Number of frames.
  public let frameCount: Int
  /// Canvas background (`clear`: none).
  public let background: RGBAColor
  /// Folder relative image paths are resolved against (`nil`: the working directory).
  public let baseDirectory: String?

  /// The parts of a look the exporter writes; a look with any other part is refused.
  public static let supportedParts = [
    "disc", "image", "wave", "track", "arc", "pie", "thumb", "spokes", "dots", "labels",
  ]

  let geometry: LookGeometry
  let timeline: Timeline

  /// Prepares an export.
  /// - Parameters:
  ///   - style: what to draw, overrides applied.
  ///   - size: canvas edge in points.
  ///   - fps: frames per second.
  ///   - duration: output length in seconds.
  ///   - frameCount: number of frames (round(duration × fps), at least 1).
  ///   - background: canvas colour.
  ///   - baseDirectory: where relative image paths are resolved.
  public init(
    style: Style, size: Double, fps: Double, duration: Double, frameCount: Int, background: RGBAColor,
    baseDirectory: String? = nil
  ) {
    self.style = style
    self.size = size.rounded()
    self.fps = fps
    self.duration = duration
    self.frameCount = max(frameCount, 1)
    self.background = background
    self.baseDirectory = baseDirectory
    timeline = Timeline(tracks: style.tracks)
    geometry = LookGeometry(
      look: style.look, size: size.rounded(),
      maxScale: timeline.maxValue(of: TrackUse.scale.track) ?? TrackUse.scale.fallback)
  }

  /// Checks that every part of the style's look is one the exporter writes.
  /// - Throws: `LottieExportError.unsupportedPart` naming the first other part.
  public static func checkParts(of style: Style) throws(LottieExportError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    guard let data = try? encoder.encode(style.look),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return }
    try checkParts(named: object.filter { !($0.value is NSNull) }.map(\.key), style: style.name)
  }

  /// Checks part names (the look's JSON keys) against `supportedParts`.
  /// - Throws: `LottieExportError.unsupportedPart` naming the first other part, in sorted order.
  static func checkParts(named parts: [String], style: String) throws(LottieExportError) {
    for part in parts.sorted() where !supportedParts.contains(part) {
      throw .unsupportedPart(part: part, style: style)
    }
  }

  /// The animation.
  /// - Returns: the Lottie animation.
  /// - Throws: `LottieExportError.unsupportedPart`, or the errors of reading the look's image
  ///   (`PainterError`, `PNGError`) or drawing the built-in one (`CairoError`).
  /// - Complexity: O(frames × parts) for the checks and samples, plus the image's pixels.
  public func animation() throws -> LottieDocument {
    try LottieExporter.checkParts(of: style)
    var layers: [LottieLayer] = []  // bottom first; reversed at the end
    var assets: [LottieAsset] = []
    let look = style.look
    if background.alpha > 0 { layers.append(backgroundLayer()) }
    if let disc = look.disc { layers.append(shapeLayer("disc", [discShape(disc)])) }
    if look.image != nil {
      let (layer, asset) = try imageLayer()
      layers.append(layer)
      assets.append(asset)
    }
    if let wave = look.wave { layers += waveLayers(wave) }
    if let track = look.track, track.width > 0 { layers.append(shapeLayer("track", [trackShape(track)])) }
    if let arc = look.arc, arc.width > 0 { layers.append(shapeLayer("arc", [arcShape(arc)])) }
    if let pie = look.pie { layers.append(shapeLayer("pie", [pieShape(pie)])) }
    var fonts: [LottieFont] = []
    if let thumb = look.thumb {
      layers.append(shapeLayer("thumb", [thumbShape(thumb)]))
      if let label = thumb.label { layers.append(textLayer(label, name: "thumb label", onThumb: true, fonts: &fonts)) }
    }
    if let spokes = look.spokes, spokes.width > 0 { layers.append(shapeLayer("spokes", spokesShapes(spokes))) }
    if let dots = look.dots, !dots.sources.isEmpty { layers.append(shapeLayer("dots", dotsShapes(dots))) }
    for (index, label) in (look.labels ?? []).enumerated() {
      layers.append(textLayer(label, name: "label \(index + 1)", onThumb: false, fonts: &fonts))
    }
    let numbered = layers.reversed().enumerated().map { index, layer in
      var layer = layer
      layer.ind = index + 1
      return layer
    }
    return LottieDocument(
      fr: LottieNumber.clean(fps), op: Double(frameCount), w: Int(size), h: Int(size), nm: style.name,
      assets: assets, fonts: fonts.isEmpty ? nil : LottieFontList(list: fonts), layers: numbered)
  }

  // MARK: Time

  /// Output frames per second of the style's timeline.
  var framesPerTimelineSecond: Double {
    style.duration > 0 && duration > 0 ? fps * duration / style.duration : .infinity
  }

  /// The scene at output frame `index`, as the renderer makes it.
  func scene(atFrame index: Int) -> TrackValues {
    let time = Double(index) / fps
    let timelineTime = duration > 0 ? time * (style.duration / duration) : 0
    return TrackValues(time: time, values: timeline.values(at: timelineTime))
  }

  /// The track a part reads for a use (its own, else its fallback track), as the scene resolves it.
  func track(for use: TrackUse) -> Track? {
    style.tracks.last { $0.name == use.track }
      ?? use.fallbackTrack.flatMap { name in style.tracks.last { $0.name == name } }
  }

  /// The channel of a part's number read through `use`.
  func channel(
    _ use: TrackUse, period: Double? = nil, affine: (Double) -> Double, clamped: (Double) -> Double
  ) -> LottieChannel {
    LottieChannel(
      track: track(for: use), frameCount: frameCount, framesPerSecond: framesPerTimelineSecond, period: period,
      affine: affine, sample: { clamped(Painter.value(use, in: scene(atFrame: $0))) })
  }

  /// The look's scale about the centre, in percent (0 below a millionth, as the painter draws nothing).
  func scaleChannel() -> LottieChannel {
    channel(.scale, affine: { 100 * $0 }) { value in
      let scale = min(value.isFinite ? value : 1, 1e4)
      return scale > 1e-6 ? 100 * scale : 0
    }
  }

  // MARK: Layers

  /// A layer's transform: the look's scale about the centre.
  func lookTransform() -> LottieTransform {
    let c = geometry.center
    return LottieTransform(anchor: [c, c], position: [c, c], scale: scaleChannel().property { [$0, $0, 100] })
  }

  /// A shape layer of the look, scaled with it.
  func shapeLayer(_ name: String, _ shapes: [LottieShape]) -> LottieLayer {
    var layer = LottieLayer(ind: 0, ty: 4, nm: name, ks: lookTransform(), ip: 0, op: Double(frameCount))
    layer.shapes = shapes
    return layer
  }

  private func backgroundLayer() -> LottieLayer {
    var layer = LottieLayer(
      ind: 0, ty: 4, nm: "background", ks: LottieTransform(anchor: [0, 0], position: [0, 0]), ip: 0,
      op: Double(frameCount))
    layer.shapes = [
      .group("background", [.rectangle(x: size / 2, y: size / 2, width: size, height: size), .fill(background)])
    ]
    return layer
  }
}
