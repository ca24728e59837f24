import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderPipeline
@testable import ProgressRenderRaster

/// The indeterminate spinners (issue 14): `material`, `activity` and `dots`, measured in pixels
/// against the platforms' published timing, and looped seamlessly.
@Suite struct SpinnerPresetTests {
  /// The colour an arc is painted in, as its compiled composition paints it.
  static func arcColor(_ arc: Arc, _ values: TrackValues) throws -> RGBAColor {
    let style = Style(
      name: "a", summary: "", size: 40, duration: 1, fps: 1, background: .clear, tracks: [], look: Look(arc: arc))
    let composition = try PresetCompiler(style: style, pixelSize: 40, scale: 1).composition(
      fps: 1, frameCount: 1, duration: 1, background: .clear, baseDirectory: nil)
    guard case .group(let root) = composition.nodes[0], case .shape(let shape) = root.children[0],
      case .solid(let color) = shape.stroke?.paint
    else { return .clear }
    return color.value(in: values)
  }

  /// The brightest of `count` spokes at a rotation (0 at 12 o'clock, clockwise), as compiled.
  static func brightestSpoke(rotation: Double, count: Int) throws -> Int {
    let style = Style(
      name: "s", summary: "", size: 40, duration: 1, fps: 1, background: .clear, tracks: [],
      look: Look(spokes: Spokes(color: .black, count: count, width: 2, inner: 0.5)))
    let composition = try PresetCompiler(style: style, pixelSize: 40, scale: 1).composition(
      fps: 1, frameCount: 1, duration: 1, background: .clear, baseDirectory: nil)
    guard case .group(let root) = composition.nodes[0], case .group(let spokes) = root.children[0] else { return -1 }
    let values = TrackValues(time: 0, values: ["rotation": rotation])
    let opacities = spokes.children.map { node -> Double in
      guard case .shape(let shape) = node else { return 0 }
      return shape.opacity.value(in: values)
    }
    return opacities.firstIndex(of: opacities.max() ?? 1) ?? -1
  }

  /// Pixels per point of the measured renders.
  static let scale = 4

  static func renderer(_ style: Style) throws -> Renderer {
    var settings = RenderSettings(defaultsOf: style)
    settings.scale = scale
    return try Renderer(style: style, settings: settings)
  }

  /// The pixel at a point given in points from the centre (x right, y down).
  static func pixel(_ frame: Frame, _ style: Style, dx: Double, dy: Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
  {
    let s = Double(scale)
    let x = Int((style.size / 2 + dx) * s)
    let y = Int((style.size / 2 + dy) * s)
    return frame.rgba(x: min(max(x, 0), frame.width - 1), y: min(max(y, 0), frame.height - 1))
  }

  // MARK: material

  /// MDC-web's `mdc-circular-progress` (packages/mdc-circular-progress/_keyframes.scss and
  /// _variables.scss), evaluated independently of the preset: the container turns 360° every
  /// 1333 × 360 / 306 ms; the spinner layer turns 135° every half arc time with
  /// cubic-bezier(0.4, 0, 0.2, 1); within it the left half-circle spins 265° → 130° → 265° and the
  /// right one −265° → −130° → −265° over one arc time (1333 ms), with the same curve. Returns the
  /// tail and head, in degrees clockwise from 12 o'clock.
  static func mdcArc(at t: Double) -> (tail: Double, head: Double) {
    let arcTime = 1.333
    let ease = Easing.cubicBezier(0.4, 0, 0.2, 1)
    let container = 360 * t / (arcTime * 360 / 306)
    let halves = t / (arcTime / 2)
    let half = halves.rounded(.down)
    let layer = 135 * (half.truncatingRemainder(dividingBy: 8) + ease(halves - half))
    let u = t.truncatingRemainder(dividingBy: arcTime) / arcTime
    let left: Double
    let right: Double
    if u < 0.5 {
      left = 265 - 135 * ease(2 * u)
      right = -265 + 135 * ease(2 * u)
    } else {
      left = 130 + 135 * ease(2 * u - 1)
      right = -130 - 135 * ease(2 * u - 1)
    }
    // The graphic is the bottom half circle (an SVG circle's dash from 3 o'clock, half its
    // length); each clipper shows it within its half of the box.
    return (container + layer + 90 + left, container + layer + 630 + right)
  }

  /// The arc's extent on screen: tail and length in degrees clockwise from 12 o'clock, from the
  /// pixels on the ring's centre line every half degree.
  static func measuredArc(_ frame: Frame, _ style: Style) -> (tail: Double, length: Double) {
    let radius = style.size / 2 - (style.look.margin ?? 0) - (style.look.arc?.width ?? 0) / 2
    let steps = 720
    let covered = (0..<steps).map { i -> Bool in
      let angle = Double(i) / 2 * .pi / 180
      let p = pixel(frame, style, dx: radius * sin(angle), dy: -radius * cos(angle))
      return Int(p.r) + Int(p.g) + Int(p.b) < 600  // not the white background
    }
    let count = covered.filter { $0 }.count
    guard count > 0, count < steps else { return (0, Double(count) / 2) }
    // The tail is the first covered sample after an uncovered one.
    let start = (0..<steps).first { covered[$0] && !covered[($0 + steps - 1) % steps] } ?? 0
    return (Double(start) / 2, Double(count) / 2)
  }

  static func degreesApart(_ a: Double, _ b: Double) -> Double {
    let d = (a - b).truncatingRemainder(dividingBy: 360)
    return min(abs(d), 360 - abs(d))
  }

  /// At known times the arc's tail, head and length are within 3° of MDC-web's published curves.
  @Test(arguments: [0.05, 0.2, 0.4, 0.6, 0.9, 1.1, 1.3, 2.0, 3.1, 4.45, 5.5, 6.3])
  func materialFollowsMDCWeb(time: Double) throws {
    let style = try Presets.named("material")
    let frame = try Self.renderer(style).frame(at: time)
    let measured = Self.measuredArc(frame, style)
    let expected = Self.mdcArc(at: time)
    let length = expected.head - expected.tail
    #expect(length >= 10 - 1e-9 && length <= 280 + 1e-9)
    #expect(abs(measured.length - length) <= 3, "length at \(time) s")
    #expect(Self.degreesApart(measured.tail, expected.tail) <= 3, "tail at \(time) s")
  }

  /// The arc's length swings between MDC's 10° and 280°: shortest at the start of each 1333 ms
  /// cycle, longest half-way.
  @Test func materialArcLengthSwings() throws {
    let style = try Presets.named("material")
    let renderer = try Self.renderer(style)
    let shortest = Self.measuredArc(try renderer.frame(at: 4.0 / 3), style).length
    let longest = Self.measuredArc(try renderer.frame(at: 4.0 / 3 + 2.0 / 3), style).length
    #expect(abs(shortest - 10) <= 2)
    #expect(abs(longest - 280) <= 2)
  }

  /// `material4` draws each arc cycle in the next of MDC-web's four colours (blue, red,
  /// yellow, green) and cross-fades during the last 10 % of each (from 15 % to 25 % of 4 × 1333 ms
  /// for the second colour): the same geometry as `material`.
  @Test(arguments: [(0.6, "#4285f4"), (1.9, "#db4437"), (3.2, "#f4b400"), (4.5, "#0f9d58"), (5.9, "#4285f4")])
  func materialColorsCycle(time: Double, hex: String) throws {
    let style = try Presets.named("material4")
    let plain = try Presets.named("material")
    let frame = try Self.renderer(style).frame(at: time)
    let measured = Self.measuredArc(frame, style)
    #expect(measured.length > 30)
    #expect(
      Self.degreesApart(measured.tail, Self.measuredArc(try Self.renderer(plain).frame(at: time), plain).tail) <= 1)
    let radius = style.size / 2 - (style.look.margin ?? 0) - (style.look.arc?.width ?? 0) / 2
    let middle = (measured.tail + measured.length / 2) * .pi / 180
    let p = Self.pixel(frame, style, dx: radius * sin(middle), dy: -radius * cos(middle))
    let expected = try RGBAColor.parse(hex)
    #expect(abs(Double(p.r) - expected.red * 255) <= 2 && abs(Double(p.g) - expected.green * 255) <= 2)
    #expect(abs(Double(p.b) - expected.blue * 255) <= 2, "\(p) at \(time) s")
    // Half-way through the cross-fade into red the colour is between blue and red.
    let fade = try Self.renderer(style).frame(at: 0.2 * 16 / 3)
    let arc = Self.measuredArc(fade, style)
    let m = (arc.tail + arc.length / 2) * .pi / 180
    let q = Self.pixel(fade, style, dx: radius * sin(m), dy: -radius * cos(m))
    #expect(q.r > 0x42 + 20 && q.r < 0xdb - 20, "\(q)")
  }

  /// Its colour cycle: an arc with `colors` shows each colour in turn, blending between them.
  @Test func arcColorsCycle() throws {
    let colors = [RGBAColor(r: 255, g: 0, b: 0), RGBAColor(r: 0, g: 0, b: 255), RGBAColor(r: 0, g: 255, b: 0)]
    let arc = Arc(color: .black, width: 2, colors: colors, colorSource: "hue")
    func color(_ value: Double) throws -> RGBAColor {
      try Self.arcColor(arc, TrackValues(time: 0, values: ["hue": value]))
    }
    #expect(try color(0) == colors[0])
    #expect(try color(1) == colors[1])
    #expect(try color(5) == colors[2])
    #expect(try color(-1) == colors[2])
    #expect(try color(2.5) == RGBAColor(red: 0.5, green: 0.5, blue: 0))
    #expect(try Self.arcColor(Arc(color: .white, width: 2), TrackValues(time: 0, values: ["color": 1])) == .white)
  }

  /// A `rotation` track turns a ring's arc (it used to be ignored): `download` at a quarter of
  /// progress covers 12 → 3 o'clock, turned a quarter turn it covers 3 → 6 o'clock.
  @Test(arguments: [(0.0, 45.0, 135.0), (Double.pi / 2, 135.0, 45.0), (-Double.pi / 2, 315.0, 45.0)])
  func rotationTurnsTheArc(rotation: Double, inked: Double, blank: Double) throws {
    var style = try Presets.named("download")
    style.tracks = [
      Track(name: "progress", keyframes: [TrackKeyframe(time: 0, value: 0.25)]),
      Track(name: "rotation", keyframes: [TrackKeyframe(time: 0, value: rotation)]),
    ]
    let frame = try Self.renderer(style).frame(at: 0)
    let radius = style.size / 2 - (style.look.margin ?? 0) - (style.look.arc?.width ?? 0) / 2
    func level(_ degrees: Double) -> Int {
      let p = Self.pixel(frame, style, dx: radius * sin(degrees * .pi / 180), dy: -radius * cos(degrees * .pi / 180))
      return Int(p.r)
    }
    // The arc is light grey (214) on a black track.
    #expect(level(inked) > 150, "at \(inked)°")
    #expect(level(blank) < 60, "at \(blank)°")
  }

  // MARK: activity

  /// Angle (degrees clockwise from 12 o'clock) of the darkest spoke, measured half-way along each.
  static func darkestSpoke(_ frame: Frame, _ style: Style, count: Int) -> (index: Int, levels: [Int]) {
    let spokes = style.look.spokes!
    let outer = style.size / 2 - spokes.width / 2
    let middle = outer * (1 + spokes.inner) / 2
    let levels = (0..<count).map { i -> Int in
      let angle = Double(i) * 2 * .pi / Double(count)
      let p = pixel(frame, style, dx: middle * sin(angle), dy: -middle * cos(angle))
      return Int(p.r) + Int(p.g) + Int(p.b)
    }
    return (levels.indices.min { levels[$0] < levels[$1] } ?? -1, levels)
  }

  /// With 12 spokes (UIKit's large style before iOS 13) the brightest spoke steps 30° clockwise
  /// every 1/12 s, and the spokes behind it fade evenly; with the preset's 8, 45° every 1/8 s.
  @Test(arguments: [8, 12])
  func activityStepsOneSpokeAtATime(count: Int) throws {
    let style = StyleOverrides(spokes: count).applied(to: try Presets.named("activity"))
    let renderer = try Self.renderer(style)
    for step in 0..<count {
      // Mid-step, and just after the step begins.
      for offset in [0.5, 0.05] {
        let frame = try renderer.frame(at: (Double(step) + offset) / Double(count))
        let measured = Self.darkestSpoke(frame, style, count: count)
        #expect(measured.index == step, "\(count) spokes at step \(step)")
        // Going back round from the brightest, each spoke is lighter than the one before.
        let behind = (0..<count).map { measured.levels[((step - $0) % count + count) % count] }
        #expect(zip(behind, behind.dropFirst()).allSatisfy { $0 < $1 }, "\(behind)")
      }
    }
  }

  @Test func brightestSpokeIndex() throws {
    let step = 2 * Double.pi / 12
    #expect(try Self.brightestSpoke(rotation: 0, count: 12) == 0)
    #expect(try Self.brightestSpoke(rotation: step * 3, count: 12) == 3)
    #expect(try Self.brightestSpoke(rotation: step * 3 - 0.01, count: 12) == 2)
    #expect(try Self.brightestSpoke(rotation: -step / 2, count: 12) == 11)
    #expect(try Self.brightestSpoke(rotation: 2 * .pi * 5 + step, count: 12) == 1)
    #expect(try Self.brightestSpoke(rotation: .nan, count: 12) == 0)
  }

  // MARK: dots

  /// Dark pixels (on white) within a dot's box: its size × opacity.
  static func ink(_ frame: Frame, _ style: Style, dot index: Int) -> Int {
    let dots = style.look.dots!
    let centre = (Double(index) - Double(dots.sources.count - 1) / 2) * dots.spacing
    var total = 0
    let half = Int(dots.diameter / 2 * Double(scale)) + 2
    let cx = Int((style.size / 2 + centre) * Double(scale))
    let cy = Int(style.size / 2 * Double(scale))
    for y in (cy - half)...(cy + half) {
      for x in (cx - half)...(cx + half) {
        let p = frame.rgba(x: x, y: y)
        total += 765 - Int(p.r) - Int(p.g) - Int(p.b)
      }
    }
    return total
  }

  /// The three dots peak in order, left to right, 0.2 s apart, and each grows and darkens.
  @Test func dotsPulseInSequence() throws {
    let style = try Presets.named("dots")
    let renderer = try Self.renderer(style)
    let times = (0..<36).map { Double($0) / 30 }
    var peaks: [Double] = []
    for index in 0..<3 {
      let inks = try times.map { Self.ink(try renderer.frame(at: $0), style, dot: index) }
      let peak = inks.indices.max { inks[$0] < inks[$1] } ?? 0
      peaks.append(times[peak])
      #expect(inks.max()! > 2 * inks.min()!, "dot \(index) pulses")
    }
    #expect(zip(peaks, [0.3, 0.5, 0.7]).allSatisfy { abs($0 - $1) < 0.02 }, "\(peaks)")
  }

  // MARK: schema

  /// The new parts' track names must name tracks, with the JSON path in the message.
  @Test func spinnerSourcesMustNameTracks() throws {
    var dots = try Presets.named("dots")
    dots.look.dots?.sources[1] = "dot9"
    var material = try Presets.named("material")
    material.look.arc?.tailSource = "tale"
    var colored = try Presets.named("material")
    colored.look.arc?.colorSource = "hue"
    let cases = [
      (dots, "look.dots.sources[1]: no track named 'dot9'"), (material, "look.arc.tailSource: no track named 'tale'"),
      (colored, "look.arc.colorSource: no track named 'hue'"),
    ]
    for (style, message) in cases {
      do {
        try StyleLoader.validate(style, source: "s.json")
        Issue.record("\(message): accepted")
      } catch {
        #expect(error.description.hasPrefix("s.json: " + message), "\(error.description)")
      }
    }
  }

  /// Spoke counts and dot sizes outside their ranges are refused naming the path and the range.
  @Test(arguments: [
    (#""count" : 8"#, #""count" : 65"#, "look.spokes.count: expected a number in 1…64, found 65"),
    (#""inner" : 0.5"#, #""inner" : 1.5"#, "look.spokes.inner: expected a number in 0…1, found 1.5"),
  ])
  func spokeLimits(from: String, to: String, message: String) throws {
    let json = try Presets.named("activity").canonicalJSON()
    #expect(json.contains(from))
    let bad = json.replacingOccurrences(of: from, with: to)
    #expect(throws: StyleError.self) { try StyleLoader.decode(data: Data(bad.utf8), source: "s.json") }
    do {
      _ = try StyleLoader.decode(data: Data(bad.utf8), source: "s.json")
    } catch {
      #expect(error.description == "s.json: " + message)
    }
  }

  /// A decoded style is held to the same ranges (command-line overrides and code reach it).
  @Test(arguments: [0, 65, 1_000_000])
  func decodedSpokeCountsAreChecked(count: Int) throws {
    let style = StyleOverrides(spokes: count).applied(to: try Presets.named("activity"))
    #expect(throws: StyleError.self) { try StyleLoader.validate(style, source: "activity") }
  }

  // MARK: seamless loops

  /// Each spinner loops seamlessly: its default length is a whole number of frames, the frame at
  /// the end (where the next loop starts) is exactly the first frame, so the step from the last
  /// frame to the first is a normal one-frame step; and the animation does move. (The last frame
  /// may equal the first: the dots rest together for a moment.)
  @Test(arguments: ["material", "material4", "activity", "dots"])
  func loopsSeamlessly(name: String) throws {
    let style = try Presets.named(name)
    let settings = RenderSettings(defaultsOf: style)
    let frames = settings.frameCount
    #expect(abs(Double(frames) - style.duration * style.fps) < 1e-9)
    let renderer = try Renderer(style: style, settings: settings)
    let first = try renderer.frame(at: 0)
    #expect(try renderer.frame(at: Double(frames) / style.fps) == first)
    #expect(try renderer.frame(at: 0.5 * style.duration) != first)
  }
}
