import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats
@testable import ProgressRenderRaster

/// `LottieExporter` on the indeterminate spinners: the arc's turn, tail and cycling colour keep their
/// tracks' keys, the spokes step with hold keys, the dots pulse with their tracks' easings, and where
/// keys cannot reproduce the painter the export falls back to one key per frame.
@Suite struct LottieSpinnerExportTests {
  typealias Export = LottieExportTests

  /// The items of a preset's layer, groups opened.
  static func items(_ name: String, layer: String) throws -> [LottieShape] {
    let animation = try Export.export(try #require(Presets.named(name)))
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

  /// material: the trim's offset follows the tail (degrees) and its end the head's lead (percent),
  /// both with the tracks' keys and Bézier easings, over two cycles of 5⅓ s in the 6⅔ s output.
  @Test func materialTrimFollowsHeadAndTail() throws {
    let style = try #require(Presets.named("material"))
    let head = try #require(style.tracks.first { $0.name == "head" })
    let tail = try #require(style.tracks.first { $0.name == "tail" })
    let trim = try #require(try Self.items("material", layer: "arc").first { $0.ty == "tm" })
    let ends = try Export.keys(trim.e)
    let offsets = try Export.keys(trim.o)
    let heads = Self.unrolled(head, fps: 30, cycles: 2, growth: 3)
    let tails = Self.unrolled(tail, fps: 30, cycles: 2, growth: 3)
    #expect(ends.map(\.t) == heads.map { $0.0.rounded() })
    #expect(offsets.map(\.t) == tails.map { $0.0.rounded() })
    #expect(Self.close(ends.map { $0.s[0] }, zip(heads, tails).map { 100 * ($0.1 - $1.1) }))
    #expect(Self.close(offsets.map { $0.s[0] }, tails.map { 360 * $0.1 }))
    #expect(trim.s == .number(0))
    for key in ends.dropLast() + offsets.dropLast() {
      #expect(key.o == LottieTangent(x: [0.4], y: [0]) && key.i == LottieTangent(x: [0.2], y: [1]) && key.h == nil)
    }
  }

  /// material: the arc's group turns about the centre with the `rotation` track, unrolled.
  @Test func materialArcKeepsTurning() throws {
    let turn = try #require(try Self.items("material", layer: "arc").last { $0.ty == "tr" })
    let keys = try Export.keys(turn.r)
    let period = 1.5686274509803921 * 30  // one turn every 1.5686 s at 30 fps; 200 frames
    #expect(Self.close(keys.map(\.t), (0...5).map { Double($0) * period }))
    #expect(keys.map { $0.s[0] } == [0, 360, 720, 1080, 1440, 1800])
    #expect(turn.a == .vector([24, 24]) && turn.p == .vector([24, 24]))
  }

  /// material4: the stroke's colour keys are the four colours where the `color` track is whole,
  /// blended with the track's easing between them; the opacity stays 100.
  @Test func material4CyclesItsColours() throws {
    let style = try #require(Presets.named("material4"))
    let colors = try #require(style.look.arc?.colors)
    let track = try #require(style.tracks.first { $0.name == "color" })
    let stroke = try #require(try Self.items("material4", layer: "arc").first { $0.ty == "st" })
    let keys = try Export.keys(stroke.c)
    let expected = Self.unrolled(track, fps: 30, cycles: 6, growth: 4)  // 960 frames ≥ the 800 of the output
    #expect(keys.map(\.t) == expected.map { $0.0.rounded() })
    for (key, (_, value)) in zip(keys, expected) {
      let color = colors[Int(value) % colors.count]
      #expect(Self.close(key.s, [color.red, color.green, color.blue, 1]))
    }
    #expect(keys[1].o == LottieTangent(x: [0.4, 0.4, 0.4, 0.4], y: [0, 0, 0, 0]))
    #expect(stroke.o == .number(100))
  }

  /// activity: eight round-capped spokes, top first; each opacity held for 3 frames (one spoke per
  /// 1/8 s at 24 fps), the brightest 100 % and the ones behind it dimmer by equal steps to 25 %.
  @Test func activitySpokesStepWithHoldKeys() throws {
    let animation = try Export.export(try #require(Presets.named("activity")))
    let groups = try Export.layer(animation, "spokes").shapes ?? []
    #expect(groups.map(\.nm) == (1...8).reversed().map { "spoke \($0)" })
    for (index, group) in groups.reversed().enumerated() {
      let stroke = try #require(group.it?.first { $0.ty == "st" })
      #expect(stroke.lc == 2)
      let keys = try Export.keys(stroke.o)
      #expect(keys.map(\.t) == (0..<8).map { Double(3 * $0) })
      #expect(keys.dropLast().allSatisfy { $0.h == 1 })
      let expected = (0..<8).map { (lead: Int) -> Double in
        let behind = Double((lead - index + 8) % 8)
        return 100 * (1 - 0.75 * behind / 7)
      }
      #expect(Self.close(keys.map { $0.s[0] }, expected), "spoke \(index + 1)")
    }
  }

  /// dots: each dot's scale (70 → 100 %) and opacity (35 → 100 %) follow its track's ease-in-out
  /// keys, the second and third 0.2 s (6 frames) and 0.4 s later.
  @Test func dotsPulseWithTheirTracks() throws {
    let animation = try Export.export(try #require(Presets.named("dots")))
    let groups = try Export.layer(animation, "dots").shapes ?? []
    #expect(groups.map(\.nm) == ["dot 3", "dot 2", "dot 1"])
    for (index, group) in groups.reversed().enumerated() {
      let transform = try #require(group.it?.last)
      let fill = try #require(group.it?.first { $0.ty == "fl" })
      let scale = try Export.keys(transform.s)
      let opacity = try Export.keys(fill.o)
      let begin = Double(6 * index)
      #expect(scale.map(\.t) == [begin, begin + 9, begin + 18, begin + 36])
      #expect(scale.map { $0.s[0] } == [70, 100, 70, 70])
      #expect(opacity.map(\.t) == scale.map(\.t))
      #expect(opacity.map { $0.s[0] } == [35, 100, 35, 35])
      #expect(scale[0].o == LottieTangent(x: [0.42, 0.42, 0.42], y: [0, 0, 0]))
      #expect(opacity[1].i == LottieTangent(x: [0.58], y: [1]))
    }
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
    #expect(opacities.count == 20)
    let timeline = Timeline(tracks: style.tracks)
    let arc = try #require(style.look.arc)
    for frame in 0..<20 {
      let scene = TrackValues(time: Double(frame) / 10, values: timeline.values(at: Double(frame) / 10))
      let lead = (scene.values["head"] ?? 0) - (scene.values["tail"] ?? 0)
      #expect(abs(ends[frame].s[0] - 100 * min(max(lead, 0), 1)) < 1e-3)
      let color = Painter.arcColor(arc, scene)
      #expect(Self.close(colors[frame].s, [color.red, color.green, color.blue, 1]))
      #expect(abs(opacities[frame].s[0] - 100 * color.alpha) < 1e-3)
    }
  }
}
