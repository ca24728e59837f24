import Foundation
import Testing

@testable import ProgressRenderCore

@Suite struct StyleJSONTests {
  static let label = LookLabel(
    format: "%.0f%%", source: "progress", multiplier: 100,
    font: FontSpec(family: "DejaVu Sans", size: 14, weight: .bold),
    color: .black, offset: 2, hiddenAtZero: true, role: .value)
  static let waveRing = WaveRing(color: RGBAColor(r: 0, g: 128, b: 255), width: 3, gap: 40, tailColor: .white)
  static let waveLayer = WaveLayer(
    color: RGBAColor(r: 0, g: 0, b: 255, a: 128), amplitude: 0.05, wavelength: 0.8, speed: -1, offset: 1)
  static let timing = Timing(
    begin: 1.5, speed: 2, repeatCount: 1.5, repeatForever: false, autoreverses: true, fill: .forwards)
  static let keyframe = TrackKeyframe<Double>(time: 0, value: 1, easing: .cubicBezier(0.34, 1.56, 0.64, 1), hold: false)
  static let look = Look(
    track: RingStroke(color: .black, width: 8),
    arc: Arc(
      color: RGBAColor(r: 214, g: 214, b: 214), width: 12, cap: .round, startAngle: -90, clockwise: true,
      minProgress: 0.01, source: "progress", tailSource: "progress", colors: [.black, .white], colorSource: "scale"),
    thumb: Thumb(diameter: 30, fill: RGBAColor(r: 170, g: 170, b: 170), stroke: .white, strokeWidth: 1, label: label),
    disc: Disc(color: RGBAColor(r: 255, g: 165, b: 0)), image: ImageFill(path: "pictures/photo.png"),
    pie: Pie(color: RGBAColor(r: 0, g: 0, b: 0, a: 102), source: "progress"),
    wave: Wave(ring: waveRing, inset: 0.09, fill: .clear, layers: [waveLayer]),
    spokes: Spokes(color: .black, count: 12, width: 3, inner: 0.5, minOpacity: 0.25),
    dots: Dots(
      color: .black, diameter: 8, spacing: 12, minScale: 0.5, minOpacity: 0.4, sources: ["progress", "scale"]),
    labels: [label])
  /// A style with every field set.
  static let style = Style(
    name: "test", summary: "A ring/with slashes", size: 100, duration: 2.5, fps: 30, background: .white,
    tracks: [
      Track(
        name: "progress",
        keyframes: [TrackKeyframe(time: 0, value: 0, easing: .easeInOut), TrackKeyframe(time: 1.5, value: 1)]),
      Track(
        name: "scale",
        keyframes: [keyframe, TrackKeyframe(time: 0.3, value: 1.1, easing: .steps(3, .jumpBoth), hold: true)],
        calculation: .paced, timing: timing),
    ],
    look: look)

  @Test func roundTrip() throws {
    let json = try Self.style.canonicalJSON()
    #expect(try StyleLoader.decode(data: Data(json.utf8), source: "mem") == Self.style)
    #expect(try Self.style.canonicalJSON() == json)
    #expect(json.hasSuffix("}\n"))
    #expect(json.contains(#""summary" : "A ring/with slashes""#))
    #expect(json.contains(#""easing" : "cubic-bezier(0.34, 1.56, 0.64, 1)""#))
    #expect(json.contains(#""easing" : "steps(3, jump-both)""#))
    #expect(json.contains(##""color" : "#d6d6d6""##))
    // Keys sorted: background first at the top level.
    #expect(json.hasPrefix("{\n  \"background\" : \"#ffffff\",\n  \"duration\" : 2.5,\n"))
  }

  @Test func decodeThenEncodeIsStable() throws {
    let text = """
      {"name":"x","summary":"","size":1e2,"duration":2.50,"fps":30.0,"background":"WHITE","tracks":[
      {"name":"p","keyframes":[{"time":0,"value":0,"easing":"easeInEaseOut"},{"time":1,"value":1}]}],"look":{}}
      """
    let style = try StyleLoader.decode(data: Data(text.utf8), source: "mem")
    let json = try style.canonicalJSON()
    #expect(json.contains(#""easing" : "ease-in-out""#))
    #expect(json.contains(#""size" : 100,"#))
    #expect(try StyleLoader.decode(data: Data(json.utf8), source: "mem").canonicalJSON() == json)
  }

  /// Every preset passes validation, and its canonical JSON reads back to the same JSON.
  /// (Colours are written as 8-bit hex, so a preset colour such as white 0.86 reads back as
  /// 219/255: the text is a fixed point, the value only up to that rounding.)
  @Test(arguments: Presets.all)
  func presetsRoundTrip(preset: Style) throws {
    try StyleLoader.validate(preset, source: preset.name)
    let json = try preset.canonicalJSON()
    let decoded = try StyleLoader.decode(data: Data(json.utf8), source: preset.name)
    #expect(try decoded.canonicalJSON() == json)
    #expect(decoded.tracks == preset.tracks)
  }

  static func keys(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label).sorted() }

  /// The schema of allowed keys lists exactly the stored properties of each style type, so a
  /// field added to a type without a schema entry fails here.
  @Test func schemaMatchesTheTypes() throws {
    let schema = StyleSchema.style
    let look = try #require(schema["look"])
    let track = try #require(schema["tracks"]).element
    let wave = try #require(look["wave"])
    let pairs: [(Any, StyleSchema?)] = [
      (Self.style, schema), (Self.style.tracks[1], track), (Self.keyframe, track?["keyframes"]?.element),
      (Self.timing, track?["timing"]), (Self.look, look), (Self.look.track!, look["track"]),
      (Self.look.arc!, look["arc"]),
      (Self.look.thumb!, look["thumb"]), (Self.look.disc!, look["disc"]), (Self.look.image!, look["image"]),
      (Self.look.pie!, look["pie"]), (Self.look.wave!, wave), (Self.waveRing, wave["ring"]),
      (Self.waveLayer, wave["layers"]?.element), (Self.label, look["labels"]?.element),
      (Self.label.font, look["labels"]?.element?["font"]), (Self.label, look["thumb"]?["label"]),
      (Self.look.spokes!, look["spokes"]), (Self.look.dots!, look["dots"]),
    ]
    for (value, shape) in pairs {
      let shape = try #require(shape, "no schema for \(type(of: value))")
      #expect(Self.keys(value) == shape.keys, "schema of \(type(of: value))")
    }
  }
}
