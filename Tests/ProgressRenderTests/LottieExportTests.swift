import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats
@testable import ProgressRenderPipeline

/// `LottieExporter`: the layers and keyframes a style becomes, easings as tangents, text documents,
/// the embedded picture, the spinners' parts, determinism and the refusal of parts it does not know.
@Suite struct LottieExportTests {
  /// The animation of a style at its own settings.
  static func export(_ style: Style) throws -> LottieDocument {
    let settings = RenderSettings(defaultsOf: style)
    return try LottieExporter(
      style: style, size: settings.size, fps: settings.fps, duration: settings.duration,
      frameCount: settings.frameCount, background: settings.background
    ).animation()
  }

  /// The layer named `name`.
  static func layer(_ animation: LottieDocument, _ name: String) throws -> LottieLayer {
    try #require(animation.layers.first { $0.nm == name }, "no layer '\(name)'")
  }

  /// Every shape item of a layer, groups opened, depth first.
  static func items(_ shapes: [LottieShape]) -> [LottieShape] {
    shapes.flatMap { [$0] + items($0.it ?? []) }
  }

  /// The keyframes of an animated number property.
  static func keys(_ property: LottieProperty?) throws -> [LottieKeyframe<[Double]>] {
    guard case .keyframes(let keys) = try #require(property).k else {
      Issue.record("not keyframed: \(String(describing: property))")
      return []
    }
    return keys
  }

  /// The first trim's end of a layer.
  static func trimEnd(_ animation: LottieDocument, _ name: String) throws -> LottieProperty? {
    try items(Self.layer(animation, name).shapes ?? []).first { $0.ty == "tm" }?.e
  }

  /// The layers of each preset, top first: the look's parts in reverse painting order.
  static let layersOfPresets: [(String, [String], Int)] = [
    ("thumb", ["label 1", "thumb label", "thumb", "arc", "track", "background"], 0),
    ("download", ["label 1", "arc", "track", "background"], 0),
    ("countdown", ["label 1", "arc", "background"], 0),
    ("upload", ["label 1", "label 1 halo 3", "label 1 halo 2", "label 1 halo 1", "pie", "image", "background"], 1),
    ("wave", ["water", "water fill", "wave ring", "background"], 0),
    ("material", ["arc", "background"], 0),
    ("material4", ["arc", "background"], 0),
    ("activity", ["spokes", "background"], 0),
    ("dots", ["dots", "background"], 0),
  ]

  @Test(arguments: layersOfPresets)
  func presetLayers(name: String, layers: [String], assets: Int) throws {
    let style = try Presets.named(name)
    let animation = try Self.export(style)
    let settings = RenderSettings(defaultsOf: style)
    #expect(animation.layers.map(\.nm) == layers)
    #expect(animation.layers.map(\.ind) == Array(1...layers.count))
    #expect(animation.assets.count == assets)
    #expect(animation.w == Int(style.size) && animation.h == Int(style.size))
    #expect(animation.fr == style.fps)
    #expect(animation.ip == 0 && animation.op == Double(settings.frameCount))
    #expect(animation.layers.allSatisfy { $0.ip == 0 && $0.op == Double(settings.frameCount) })
  }

  /// Arcs and pies keep their tracks' keys: (preset, layer, frames, trim ends in percent).
  static let trimsOfPresets: [(String, String, [Double], [Double])] = [
    ("countdown", "arc", [0, 90], [0, 100]),  // progress 0 → 1 over 3 s at 30 fps
    ("thumb", "arc", [0, 600], [0, 100]),  // 60 s at 10 fps
    ("upload", "pie", [0, 75], [100, 0]),  // the pie is what is left: 1 − progress over 2.5 s
    ("countdown", "arc", [0, 90], [0, 100]),
  ]

  @Test(arguments: trimsOfPresets)
  func trimKeys(name: String, part: String, frames: [Double], ends: [Double]) throws {
    let animation = try Self.export(try Presets.named(name))
    let keys = try Self.keys(try Self.trimEnd(animation, part))
    #expect(keys.map(\.t) == frames)
    #expect(keys.map { $0.s[0] } == ends)
  }

  @Test func easeInOutBecomesTangents() throws {
    // download's ease-in-out, without its minProgress floor (which makes the trim one key per frame).
    var style = Presets.download
    style.look.arc?.minProgress = nil
    let animation = try Self.export(style)
    let first = try #require(try Self.keys(try Self.trimEnd(animation, "arc")).first)
    #expect(first.o == LottieTangent(x: [0.42], y: [0]))
    #expect(first.i == LottieTangent(x: [0.58], y: [1]))
    #expect(first.h == nil)
  }

  @Test func countdownPulseIsAKeyframedScale() throws {
    let animation = try Self.export(Presets.countdown)
    let keys = try Self.keys(try Self.layer(animation, "arc").ks.s)
    // begin 3 s, 0.3 s out and 0.3 s back (autoreverse), ease-in-out both ways.
    #expect(keys.map(\.t) == [90, 99, 108])
    #expect(keys.map(\.s) == [[100, 100, 100], [110, 110, 100], [100, 100, 100]])
    #expect(keys[0].o == LottieTangent(x: [0.42, 0.42, 0.42], y: [0, 0, 0]))
    #expect(keys[1].i == LottieTangent(x: [0.58, 0.58, 0.58], y: [1, 1, 1]))
  }

  @Test func waveRingKeepsTurning() throws {
    let animation = try Self.export(Presets.wave)
    let trim = try Self.items(Self.layer(animation, "wave ring").shapes ?? []).first { $0.ty == "tm" }
    let keys = try Self.keys(try #require(trim).o)
    // rotation 0 → −2π every 4 s (90°/s), over the 4 s loop.
    #expect(keys.map(\.t) == [0, 120])
    #expect(keys.map { $0.s[0] - keys[0].s[0] } == [0, -360])
  }

  @Test func labelsAreTextDocumentsPerChange() throws {
    let countdown = try Self.layer(try Self.export(Presets.countdown), "label 1")
    let documents = try #require(countdown.t).d.k
    #expect(documents.map(\.s.t) == ["3", "2", "1", ""])
    #expect(documents.map(\.t) == [0, 30, 60, 90])
    #expect(documents.allSatisfy { $0.s.f == "DejaVuSans-Bold" && $0.s.j == 2 })
    let thumb = try #require(try Self.layer(try Self.export(Presets.thumb), "thumb label").t).d.k
    #expect(thumb.count == 61)
    #expect(thumb.first?.s.t == "00:00" && thumb.last?.s.t == "01:00")
  }

  @Test func uploadPictureIsAnEmbeddedPNG() throws {
    let animation = try Self.export(Presets.upload)
    let asset = try #require(animation.assets.first)
    #expect(asset.e == 1 && asset.u == "")
    let prefix = "data:image/png;base64,"
    #expect(asset.p.hasPrefix(prefix))
    let png = try #require(Data(base64Encoded: String(asset.p.dropFirst(prefix.count))))
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let image = try Self.layer(animation, "image")
    #expect(image.ty == 2 && image.refId == asset.id && image.hasMask == true)
  }

  /// A one-track arc style whose progress runs 0 → 1 over 2 s with the given keys.
  static func arcStyle(_ keys: [TrackKeyframe<Double>], calculation: CalculationMode? = nil) -> Style {
    Style(
      name: "t", summary: "", size: 40, duration: 2, fps: 10, background: .white,
      tracks: [Track(name: "progress", keyframes: keys, calculation: calculation)],
      look: Look(arc: Arc(color: .black, width: 4)))
  }

  /// Easings and modes: the keys the arc's trim gets (frames, values, held).
  static let easingCases: [(String, Style, [Double], [Double], [Bool])] = [
    (
      "linear", arcStyle([TrackKeyframe(time: 0, value: 0), TrackKeyframe(time: 2, value: 1)]), [0, 20], [0, 100],
      [false, false]
    ),
    (
      "steps(4)",
      arcStyle([TrackKeyframe(time: 0, value: 0, easing: .steps(4, .jumpEnd)), TrackKeyframe(time: 2, value: 1)]),
      [0, 5, 10, 15, 20], [0, 25, 50, 75, 100], [true, true, true, true, false]
    ),
    (
      "hold",
      arcStyle([
        TrackKeyframe(time: 0, value: 0, hold: true), TrackKeyframe(time: 1, value: 0.5),
        TrackKeyframe(time: 2, value: 1),
      ]),
      [0, 10, 20], [0, 50, 100], [true, false, false]
    ),
    (
      "discrete",
      arcStyle(
        [TrackKeyframe(time: 0, value: 0), TrackKeyframe(time: 1, value: 0.5), TrackKeyframe(time: 2, value: 1)],
        calculation: .discrete),
      [0, 10, 20], [0, 50, 100], [true, true, false]
    ),
  ]

  @Test(arguments: easingCases)
  func easingKeys(label: String, style: Style, frames: [Double], values: [Double], holds: [Bool]) throws {
    let keys = try Self.keys(try Self.trimEnd(try Self.export(style), "arc"))
    #expect(keys.map(\.t) == frames, "\(label)")
    #expect(keys.map { $0.s[0] } == values, "\(label)")
    #expect(keys.map { $0.h == 1 } == holds, "\(label)")
    if label == "linear" {
      #expect(keys[0].o == LottieTangent(x: [0], y: [0]) && keys[0].i == LottieTangent(x: [1], y: [1]))
    }
  }

  /// Paced motion and a clamp that bites cannot be keys of the track: one key per frame instead.
  @Test func sampledWhereKeysCannotReproduceFrames() throws {
    let paced = Self.arcStyle(
      [TrackKeyframe(time: 0, value: 0), TrackKeyframe(time: 0.2, value: 0.1), TrackKeyframe(time: 2, value: 1)],
      calculation: .paced)
    let overshoot = Self.arcStyle([
      TrackKeyframe(time: 0, value: 0, easing: .cubicBezier(0.34, 1.56, 0.64, 1)), TrackKeyframe(time: 2, value: 1),
    ])
    for style in [paced, overshoot] {
      let keys = try Self.keys(try Self.trimEnd(try Self.export(style), "arc"))
      #expect(keys.count > 3)
      #expect(keys.allSatisfy { (0...100).contains($0.s[0]) })
      let timeline = Timeline(tracks: style.tracks)
      for key in keys where key.t < 20 {
        let value = min(max(timeline.values(at: key.t / 10)["progress"] ?? 0, 0), 1)
        #expect(abs(key.s[0] - 100 * value) < 1e-3)
      }
    }
  }

  @Test(arguments: Presets.names)
  func sameBytesTwice(name: String) throws {
    let style = try Presets.named(name)
    let first = try Self.export(style).json()
    let second = try Self.export(style).json()
    #expect(first == second)
    let text = String(decoding: first, as: UTF8.self)
    // rlottie reads an item's kind first: every layer and shape object starts with "ty".
    #expect(text.contains("{\"ty\":4,") && !text.contains(",\"ty\":"))
    #expect(try JSONDecoder().decode(LottieDocument.self, from: Data(first)) == Self.export(style))
  }

  /// The ring a stroke follows is written as a closed path of short Bézier pieces on the circle (no
  /// `el`, whose four quarters Chromium's stroker shades visibly off): every vertex on the radius,
  /// every piece at most `strokedPieceLength` long, a multiple of four of them.
  @Test(arguments: [("download", "track"), ("download", "arc"), ("thumb", "track"), ("wave", "wave ring")])
  func strokedRingsAreShortPieces(name: String, layer: String) throws {
    let animation = try Self.export(try Presets.named(name))
    let items = Self.items(try Self.layer(animation, layer).shapes ?? [])
    #expect(!items.contains { $0.ty == "el" })
    let path = try #require(items.first { $0.ty == "sh" }?.ks)
    guard case .path(let bezier) = path.k else {
      Issue.record("not a static path: \(path)")
      return
    }
    let center = (
      x: bezier.v.map { $0[0] }.reduce(0, +) / Double(bezier.v.count),
      y: bezier.v.map { $0[1] }.reduce(0, +) / Double(bezier.v.count)
    )
    let radius = hypot(bezier.v[0][0] - center.x, bezier.v[0][1] - center.y)
    #expect(bezier.c && bezier.v.count % 4 == 0 && bezier.v.count >= 8)
    #expect(bezier.v.count == LottiePaths.strokedPieces(radius: radius))
    for vertex in bezier.v { #expect(abs(hypot(vertex[0] - center.x, vertex[1] - center.y) - radius) < 0.01) }
    #expect(2 * Double.pi * radius / Double(bezier.v.count) <= LottiePaths.strokedPieceLength)
  }

  /// upload's halo copies are set in a font of their own (the family, style "Regular Halo") whose
  /// glyphs are the label's filleted: more vertices where it has corners (lottie-web's canvas renderer miters
  /// text strokes); the label itself keeps the exact glyphs.
  @Test func haloCopiesUseFilletedGlyphs() throws {
    let animation = try Self.export(try Presets.named("upload"))
    let fonts = try #require(animation.fonts?.list)
    let label = try #require(fonts.first { !$0.fStyle.hasSuffix(" Halo") })
    let halo = try #require(fonts.first { $0.fStyle == label.fStyle + " Halo" })
    #expect(halo.fFamily == label.fFamily && halo.fName == label.fName + "-Halo")
    func font(_ layer: String) throws -> Set<String> {
      Set(try #require(try Self.layer(animation, layer).t).d.k.map(\.s.f))
    }
    #expect(try font("label 1") == [label.fName])
    for index in 1...3 { #expect(try font("label 1 halo \(index)") == [halo.fName]) }
    let chars = try #require(animation.chars)
    func vertices(_ style: String, _ character: String) throws -> Int {
      let glyph = try #require(chars.first { $0.ch == character && $0.style == style })
      return Self.items(glyph.data.shapes).reduce(0) { count, item in
        guard case .path(let bezier)? = item.ks?.k else { return count }
        return count + bezier.v.count
      }
    }
    for character in ["7", "%", "."] {
      #expect(try vertices(halo.fStyle, character) > vertices(label.fStyle, character), "\(character)")
    }
    // A glyph smooth all round has nothing to fillet.
    #expect(try vertices(halo.fStyle, "0") == vertices(label.fStyle, "0"))
  }

  @Test(arguments: [(1.0, 4), (20.0, 12), (90.0, 48), (1e6, 128), (Double.infinity, 4), (Double.nan, 4)])
  func strokedPieceCount(radius: Double, pieces: Int) {
    #expect(LottiePaths.strokedPieces(radius: radius) == pieces)
  }

  @Test func refusesAPartItDoesNotKnow() throws {
    #expect(throws: FormatError.unsupportedPart(part: "gauge", style: "s")) {
      try LottieExporter.checkParts(named: ["arc", "gauge", "track"], style: "s")
    }
    try LottieExporter.checkParts(named: ["arc", "dots", "spokes", "thumb"], style: "s")
    let error = FormatError.unsupportedPart(part: "gauge", style: "s")
    #expect(error.kind == .badInput)
    #expect(error.description.hasPrefix("style 's' has a part 'gauge' that cannot be written as Lottie yet"))
    for style in Presets.all { try LottieExporter.checkParts(of: style) }
    // Planning names the output that asks for Lottie.
    let planned = RenderError.lottie(error)
    #expect(planned.key == .out && planned.kind == .badInput)
    #expect(
      planned.description(naming: { "--" + $0.name })
        == "--out (Lottie): style 's' has a part 'gauge' that cannot be written as Lottie yet (supported: disc, "
        + "image, wave, track, arc, pie, thumb, spokes, dots, labels); write a GIF or PNG instead")
  }
}
