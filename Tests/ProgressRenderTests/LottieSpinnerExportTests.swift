import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats
@testable import ProgressRenderPipeline
@testable import ProgressRenderRaster

/// `LottieExporter` on the indeterminate spinners: the arc's turn, tail and cycling colour keep their
/// tracks' keys, the spokes step with hold keys, the dots pulse with their tracks' easings, and where
/// keys cannot reproduce the painter the export falls back to one key per frame.
@Suite struct LottieSpinnerExportTests {
  typealias Export = LottieExportTests

  /// The items of a preset's layer, groups opened.
  static func items(_ name: String, layer: String) throws -> [LottieShape] {
    let animation = try Export.export(try Presets.named(name))
    return Export.items(try Export.layer(animation, layer).shapes ?? [])
  }

  /// A track's keys in output frames (fps × time) and values, repeated `cycles` times, each cycle
  /// grown by `growth`, the key shared by two cycles written once.
  static func unrolled(_ track: Track, fps: Double, cycles: Int, growth: Double) -> [(Double, Double)] {
    let length = track.keyframes.last?.time ?? 0
    var keys: [(Double, Double)] = []
    for cycle in 0..<cycles {
      for key in track.keyframes where !(cycle > 0 && key.time == 0) {
        keys.append(((key.time + Double(cycle) * length) * fps, key.value + Double(cycle) * growth))
      }
    }
    return keys
  }

  static func close(_ a: [Double], _ b: [Double], within tolerance: Double = 1e-3) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
  }

  /// A keyed number at a frame, as a Lottie player computes it: Bézier tangents as easings, holds held.
  static func evaluate(_ property: LottieProperty?, atFrame frame: Double) -> Double {
    switch property?.k {
    case .number(let value): return value
    case .vector(let value): return value[0]
    case .keyframes(let keys):
      let track = KeyframeTrack(
        keyframes: keys.map { key in
          TrackKeyframe(
            time: key.t, value: key.s[0],
            easing: key.o.flatMap { o in key.i.map { i in Easing.cubicBezier(o.x[0], o.y[0], i.x[0], i.y[0]) } },
            hold: key.h == 1)
        })
      return track.value(atCyclePosition: frame) ?? 0
    default: return .nan
    }
  }

  /// The first shape named `name` of a compiled preset.
  static func compiledShape(_ preset: String, _ name: String) throws -> (Composition, CompositionShape) {
    let style = try Presets.named(preset)
    let settings = RenderSettings(defaultsOf: style)
    let composition = try PresetCompiler(style: style, pixelSize: Int(settings.size), scale: 1).composition(
      fps: settings.fps, frameCount: settings.frameCount, duration: settings.duration, background: .clear,
      baseDirectory: nil)
    func find(_ nodes: [CompositionNode]) -> CompositionShape? {
      for node in nodes {
        switch node {
        case .shape(let shape) where shape.name == name: return shape
        case .group(let group): if let found = find(group.children) { return found }
        default: continue
        }
      }
      return nil
    }
    return (composition, try #require(find(composition.nodes)))
  }

  /// material: the trim's end is the arc's sweep and its offset the arc's start (modulo a turn) at
  /// every frame: head and tail move on different keys, so both are keyed frame by frame.
  @Test func materialTrimFollowsHeadAndTail() throws {
    let trim = try #require(try Self.items("material", layer: "arc").first { $0.ty == "tm" })
    let (composition, arc) = try Self.compiledShape("material", "arc")
    guard case .arc(_, _, let start, let end) = arc.geometry else {
      Issue.record("not an arc")
      return
    }
    #expect(trim.s == .number(0))
    for frame in 0..<composition.frameCount {
      let values = composition.values(at: composition.time(ofFrame: frame))
      let (from, to) = (start.value(in: values), end.value(in: values))
      #expect(
        abs(Self.evaluate(trim.e, atFrame: Double(frame)) - 100 * (to - from) / (2 * .pi)) < 1e-3, "frame \(frame)")
      var offset = (Self.evaluate(trim.o, atFrame: Double(frame)) - from * 180 / .pi).truncatingRemainder(
        dividingBy: 360)
      offset = min(abs(offset), 360 - abs(offset))
      #expect(offset < 1e-3, "frame \(frame)")
    }
  }

  /// material4: the stroke's colour is the colour the `color` track picks at every frame (the four
  /// colours blended where the track is between whole values), one key a frame; the opacity stays 100.
  @Test func material4CyclesItsColours() throws {
    let stroke = try #require(try Self.items("material4", layer: "arc").first { $0.ty == "st" })
    let (composition, arc) = try Self.compiledShape("material4", "arc")
    guard case .solid(let color) = arc.stroke?.paint else {
      Issue.record("not a solid paint")
      return
    }
    let keys = try Export.keys(stroke.c)
    #expect(keys.count > composition.frameCount / 2)
    for key in keys {
      let shown = color.value(in: composition.values(at: composition.time(ofFrame: Int(key.t))))
      #expect(Self.close(key.s, [shown.red, shown.green, shown.blue, 1]), "frame \(key.t)")
    }
    #expect(stroke.o == .number(100))
  }

  /// activity: eight round-capped spokes, top first; each opacity held for 3 frames (one spoke per
  /// 1/8 s at 24 fps), the brightest 100 % and the ones behind it dimmer by equal steps to 25 %.
  @Test func activitySpokesStepWithHoldKeys() throws {
    let animation = try Export.export(try Presets.named("activity"))
    let groups = try Export.layer(animation, "spokes").shapes ?? []
    #expect(groups.map(\.nm) == (1...8).reversed().map { "spoke \($0)" })
    for (index, group) in groups.reversed().enumerated() {
      let stroke = try #require(group.it?.first { $0.ty == "st" })
      #expect(stroke.lc == 2)
      let keys = try Export.keys(stroke.o)
      #expect(keys.dropLast().allSatisfy { $0.h == 1 })
      for frame in 0..<24 {
        let behind = Double((frame / 3 - index + 8) % 8)
        let expected = 100 * (1 - 0.75 * behind / 7)
        #expect(
          abs(Self.evaluate(stroke.o, atFrame: Double(frame)) - expected) < 1e-3, "spoke \(index + 1) frame \(frame)")
        #expect(abs(Self.evaluate(stroke.o, atFrame: Double(frame) + 0.5) - expected) < 1e-3, "held between frames")
      }
    }
  }

  /// dots: each dot's diameter (70 → 100 %) and opacity (35 → 100 %) keep its track's ease-in-out
  /// keys, the second and third 0.2 s (6 frames) and 0.4 s later.
  @Test func dotsPulseWithTheirTracks() throws {
    let animation = try Export.export(try Presets.named("dots"))
    let groups = try Export.layer(animation, "dots").shapes ?? []
    #expect(groups.map(\.nm).prefix(3) == ["dot 3", "dot 2", "dot 1"])
    for (index, group) in groups.prefix(3).reversed().enumerated() {
      let ellipse = try #require(group.it?.first { $0.ty == "el" })
      let fill = try #require(group.it?.first { $0.ty == "fl" })
      let size = try Export.keys(ellipse.s)
      let opacity = try Export.keys(fill.o)
      let begin = Double(6 * index)
      #expect(size.map(\.t) == [begin, begin + 9, begin + 18, begin + 36])
      let full = try #require(size.map { $0.s[0] }.max())
      #expect(Self.close(size.map { $0.s[0] / full }, [0.7, 1, 0.7, 0.7]))
      #expect(opacity.map(\.t) == size.map(\.t))
      #expect(opacity.map { $0.s[0] } == [35, 100, 35, 35])
      #expect(size[0].o == LottieTangent(x: [0.42, 0.42], y: [0, 0]))
      #expect(opacity[1].i == LottieTangent(x: [0.58], y: [1]))
    }
  }

  /// A linearly keyed number at a frame, as a player computes it.
  static func value(_ keys: [LottieKeyframe<[Double]>], atFrame frame: Double) -> Double {
    guard let after = keys.firstIndex(where: { $0.t > frame }) else { return keys.last?.s[0] ?? 0 }
    guard after > 0 else { return keys[0].s[0] }
    let (a, b) = (keys[after - 1], keys[after])
    return a.s[0] + (b.s[0] - a.s[0]) * (frame - a.t) / (b.t - a.t)
  }

  /// A spinner arc whose head and tail tracks are given; colours picked by a `color` track 0 → 2.
  static func spinner(head: [TrackKeyframe<Double>], tail: [TrackKeyframe<Double>]) -> Style {
    Style(
      name: "s", summary: "", size: 40, duration: 2, fps: 10, background: .white,
      tracks: [
        Track(name: "head", keyframes: head), Track(name: "tail", keyframes: tail),
        Track(name: "color", keyframes: [TrackKeyframe(time: 0, value: 0), TrackKeyframe(time: 2, value: 2)]),
      ],
      look: Look(
        arc: Arc(
          color: .black, width: 4, source: "head", tailSource: "tail", colors: [.black, .white, .black.withAlpha(0.5)]
        )))
  }

  /// Keys cannot reproduce a lead whose tracks key at different times, nor a colour span that
  /// crosses a colour: one key per frame then, each the painter's value at that frame.
  @Test func sampledWhereSpinnerKeysCannotReproduceFrames() throws {
    let style = Self.spinner(
      head: [TrackKeyframe(time: 0, value: 0.2), TrackKeyframe(time: 2, value: 1.5)],
      tail: [TrackKeyframe(time: 0, value: 0), TrackKeyframe(time: 1, value: 0.1), TrackKeyframe(time: 2, value: 1)])
    let animation = try Export.export(style)
    let items = Export.items(try Export.layer(animation, "arc").shapes ?? [])
    let ends = try Export.keys(try #require(items.first { $0.ty == "tm" }).e)
    let stroke = try #require(items.first { $0.ty == "st" })
    let colors = try Export.keys(stroke.c)
    let opacities = try Export.keys(stroke.o)
    #expect(ends.map(\.t) == (0..<20).map(Double.init))
    #expect(colors.map(\.t) == (0..<20).map(Double.init))
    #expect(opacities.count <= 20)  // equal runs merged
    let timeline = Timeline(tracks: style.tracks)
    let arc = try #require(style.look.arc)
    for frame in 0..<20 {
      let scene = TrackValues(time: Double(frame) / 10, values: timeline.values(at: Double(frame) / 10))
      let lead = (scene.values["head"] ?? 0) - (scene.values["tail"] ?? 0)
      #expect(abs(ends[frame].s[0] - 100 * min(max(lead, 0), 1)) < 1e-3)
      let color = AnimatedColor.cycle(arc.colors ?? [], by: .track("color")).value(in: scene)
      #expect(Self.close(colors[frame].s, [color.red, color.green, color.blue, 1]))
      #expect(abs(Self.value(opacities, atFrame: Double(frame)) - 100 * color.alpha) < 1e-3)
    }
  }
}
