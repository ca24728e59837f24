import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderRaster

/// Every preset at the sizes apps put it (issue 19): the design scaled like a vector asset, the
/// platforms' own geometries at their sizes, nothing outside the canvas and no text outside the
/// ring. Painted on a transparent canvas so that a pixel's alpha is its ink.
@Suite struct DesignSizeTests {
  /// The sizes, in points at 1×, every preset is checked at (its design size is added).
  static let sizes = [20, 24, 32, 48, 64]

  static let cases: [(String, Int)] = Presets.all.flatMap { style in
    (sizes + [Int(style.size.rounded())]).map { (style.name, $0) }
  }

  /// The preset compiled for a canvas of `size` points at `scale`, on a transparent background.
  static func compiler(_ style: Style, _ size: Int, scale: Int = 1) -> PresetCompiler {
    PresetCompiler(style: style, pixelSize: size * scale, scale: scale)
  }

  static func composition(_ compiler: PresetCompiler) throws -> Composition {
    try compiler.composition(
      fps: compiler.style.fps, frameCount: 1, duration: compiler.style.duration, background: .clear,
      baseDirectory: nil)
  }

  /// Times across the style's timeline, and the peak of its `scale` track when it has one.
  static func times(_ style: Style) -> [Double] {
    var times = (0...12).map { style.duration * Double($0) / 12 }
    if let scale = style.tracks.first(where: { $0.name == "scale" }) {
      let timeline = Timeline(tracks: [scale])
      let peak = (0...400).map { style.duration * Double($0) / 400 }.max {
        (timeline.values(at: $0)["scale"] ?? 1) < (timeline.values(at: $1)["scale"] ?? 1)
      }
      if let peak { times.append(peak) }
    }
    return times
  }

  /// Alpha 0…1 of a pixel.
  static func ink(_ frame: Frame, _ x: Int, _ y: Int) -> Double { Double(frame.rgba(x: x, y: y).a) / 255 }

  /// Nothing a preset draws leaves its canvas, at any size and any time (the pulse's peak
  /// included): drawn on a canvas `pad` pixels larger each side, no ink lands outside.
  @Test(arguments: cases)
  func inkStaysInsideTheCanvas(name: String, size: Int) throws {
    let style = try Presets.named(name)
    let inner = try Self.composition(Self.compiler(style, size))
    let pad = 4
    var padded = inner
    padded.width += Double(2 * pad)
    padded.height += Double(2 * pad)
    padded.nodes = [
      .group(
        CompositionGroup(
          name: "padded", transform: NodeTransform(position: .constant(Double(pad), Double(pad))),
          children: inner.nodes))
    ]
    let painter = try CompositionRenderer(
      composition: padded,
      settings: PaintSettings(pixelSize: size + 2 * pad, scale: 1, edgeLevels: 17, background: .clear))
    let timeline = Timeline(tracks: style.tracks)
    var drawn = false
    for time in Self.times(style) {
      let frame = try painter.paint(timeline.scene(at: time))
      for y in 0..<frame.height {
        for x in 0..<frame.width {
          let alpha = Self.ink(frame, x, y)
          let outside = x < pad || y < pad || x >= pad + size || y >= pad + size
          if alpha > 0 { drawn = true }
          if outside && alpha > 0 {
            Issue.record(
              "\(name) at \(size) pt, \(time) s: ink \(alpha) at (\(x - pad), \(y - pad)), outside the canvas")
            return
          }
        }
      }
    }
    #expect(drawn, "\(name) at \(size) pt draws something")
  }

  /// A preset's labels stay inside the ring (the inside edge of its strokes and thumb; the disc of
  /// a picture) at every size, or are left out: the pixels they change lie within the room
  /// `LookGeometry` gives them, half a pixel of edge allowed (a halo may reach a pixel further).
  @Test(arguments: cases.filter { name, _ in !((try? Presets.named(name))?.look.labels ?? []).isEmpty })
  func textStaysInsideTheRing(name: String, size: Int) throws {
    let style = try Presets.named(name)
    var bare = style
    bare.look.labels = nil
    let compiler = Self.compiler(style, size)
    let room = compiler.geometry.labelRadius
    let halo = (compiler.style.look.labels ?? []).compactMap(\.shadow).map { $0.radius + abs($0.dy ?? 0) }.max() ?? 0
    let with = try CompositionRenderer(
      composition: Self.composition(compiler),
      settings: PaintSettings(pixelSize: size, scale: 1, edgeLevels: 17, background: .clear))
    let without = try CompositionRenderer(
      composition: Self.composition(Self.compiler(bare, size)),
      settings: PaintSettings(pixelSize: size, scale: 1, edgeLevels: 17, background: .clear))
    let timeline = Timeline(tracks: style.tracks)
    let c = Double(size) / 2
    for time in Self.times(style) {
      let values = timeline.scene(at: time)
      let (a, b) = (try with.paint(values), try without.paint(values))
      for y in 0..<size {
        for x in 0..<size where a.rgba(x: x, y: y) != b.rgba(x: x, y: y) {
          let dx = max(abs(Double(x) - c), abs(Double(x + 1) - c))
          let dy = max(abs(Double(y) - c), abs(Double(y + 1) - c))
          let reach = (dx * dx + dy * dy).squareRoot()
          // The pixel's farthest corner; its nearest point must be inside the room.
          let near = max(0, reach - 2.squareRoot())
          #expect(near <= room + halo + 0.5, "\(name) at \(size) pt, \(time) s: text at (\(x), \(y)), room \(room)")
          if near > room + halo + 0.5 { return }
        }
      }
    }
  }

  /// The stroke's width in pixels across the column through the centre, below the centre from
  /// `from` pixels on: the ink summed (a ring crosses that column at right angles, at 6 o'clock).
  static func strokeWidth(_ frame: Frame, from: Int = 0) -> Double {
    let x = frame.width / 2
    let columns = frame.width % 2 == 0 ? [x - 1, x] : [x]
    let sums = columns.map { column in
      (frame.height / 2 + from..<frame.height).map { ink(frame, column, $0) }.reduce(0, +)
    }
    return sums.reduce(0, +) / Double(sums.count)
  }

  /// (preset, the values that put its stroke across 6 o'clock and hide its labels, the design's width).
  static let strokes: [(String, [String: Double], Double)] = [
    ("download", ["progress": 1], 12),
    ("countdown", ["progress": 0.75, "remaining": 0, "scale": 1], 4),
    ("material", ["head": 0.75, "tail": 0, "rotation": 0], 4),
    ("thumb", ["progress": 0.9, "elapsed": 0], 4),
  ]

  /// The arc's width is the design's scaled to the canvas, within ±0.5 px (at least one pixel),
  /// or the platform's own at its sizes (MDC: 2.5 at 24 dp, 3 at 32 dp).
  @Test(arguments: strokes)
  func strokesFollowTheScaledDesign(name: String, values: [String: Double], width: Double) throws {
    let style = try Presets.named(name)
    for size in Self.sizes + [Int(style.size)] {
      let platform = style.look.sizes?.first { $0.size == Double(size) }?.width
      let expected = platform ?? max(1, width * Double(size) / style.size)
      let compiler = Self.compiler(style, size)
      let painter = try CompositionRenderer(
        composition: Self.composition(compiler),
        settings: PaintSettings(pixelSize: size, scale: 1, edgeLevels: 256, background: .clear))
      // From just inside the stroke: the labels in the middle are not counted.
      let from = Int((compiler.geometry.ringRadius - expected).rounded(.down))
      let measured = Self.strokeWidth(try painter.paint(TrackValues(time: 0, values: values)), from: from)
      #expect(abs(measured - expected) <= 0.5, "\(name) at \(size) pt: \(measured) px, expected \(expected)")
      if platform != nil { #expect(abs(measured - expected) <= 0.1, "\(name) at \(size) pt is the platform's") }
    }
  }

  /// MDC's circular indicator (mdc-circular-progress's README, its three SVG templates): large
  /// 48 px, radius 18, stroke 4, a 4 px margin; small 24 px, radius 8.75, stroke 2.5; medium a
  /// 32-unit box (radius 12.5, stroke 3) shown at 36 px, so radius 14.0625 and stroke 3.375 there:
  /// the ink along 3 o'clock spans exactly radius ± stroke/2, and nothing is drawn in the margin.
  @Test(arguments: [
    (48, 1, 18.0, 4.0), (24, 1, 8.75, 2.5), (24, 2, 8.75, 2.5), (48, 3, 18.0, 4.0), (32, 2, 12.5, 3.0),
    (36, 2, 14.0625, 3.375),
  ])
  func materialMatchesMDC(size: Int, scale: Int, radius: Double, stroke: Double) throws {
    let style = try Presets.named("material")
    let compiler = Self.compiler(style, size, scale: scale)
    #expect(abs(compiler.geometry.ringRadius - radius) < 1e-9)
    #expect(compiler.style.look.arc?.width == stroke)
    let painter = try CompositionRenderer(
      composition: Self.composition(compiler),
      settings: PaintSettings(pixelSize: size * scale, scale: scale, edgeLevels: 256, background: .clear))
    let frame = try painter.paint(TrackValues(time: 0, values: ["head": 0.75, "tail": 0, "rotation": 0]))
    let s = Double(scale)
    #expect(abs(Self.strokeWidth(frame) / s - stroke) <= 0.1 / s + 1e-9, "\(Self.strokeWidth(frame) / s)")
    // The outer edge where MDC puts it: on a pixel edge (full ink just inside, none outside), or
    // for medium's scaled box (15.75 pt) in the pixel it crosses, partly inked.
    let column = frame.width / 2
    let edge = (Double(size) / 2 + radius + stroke / 2) * s
    let outer = Int(edge.rounded(.up))
    #expect(
      Self.ink(frame, column, outer - 1) > (edge == edge.rounded() ? 0.95 : 0.3),
      "\(Self.ink(frame, column, outer - 1))")
    #expect(Self.ink(frame, column, outer) == 0, "\(Self.ink(frame, column, outer))")
    let margin = Double(size) / 2 - radius - stroke / 2
    #expect(margin == ([48: 4, 36: 2.25] as [Int: Double])[size] ?? 2)
  }

  /// UIKit's activity indicator at its two sizes: 20 pt (medium) and 37 pt (large), 8 spokes of
  /// width 2 and 3.5, inside a margin of 0.75 and 1.25; elsewhere the design scaled.
  @Test(arguments: [(20, 2.0, 0.75), (37, 3.5, 1.25), (40, 5.0, 0.0), (24, 3.0, 0.0)])
  func activityAtUIKitSizes(size: Int, width: Double, margin: Double) throws {
    let style = try Presets.named("activity")
    let compiler = Self.compiler(style, size, scale: 2)
    #expect(compiler.style.look.spokes?.width == width)
    #expect(compiler.style.look.spokes?.count == 8)
    // The brightest spoke's round cap reaches the margin.
    let reach = compiler.geometry.ringRadius + width / 2
    #expect(abs(reach - (Double(size) / 2 - margin)) <= 0.5 + 1e-9, "reach \(reach)")
    let painter = try CompositionRenderer(
      composition: Self.composition(compiler),
      settings: PaintSettings(pixelSize: size * 2, scale: 2, edgeLevels: 256, background: .clear))
    let frame = try painter.paint(TrackValues(time: 0, values: ["rotation": 0]))
    // Across the 12 o'clock spoke, half-way along it: its width in points.
    let y = Int((Double(size) / 2 - compiler.geometry.ringRadius * 0.9) * 2)
    let across = (0..<frame.width).map { Self.ink(frame, $0, y) }.reduce(0, +) / 2
    #expect(abs(across - width) <= 0.25, "\(size) pt: the spoke is \(across) pt wide")
  }

  /// A number is never wrapped: `download`'s "47" at 32 px is one line, shrunk if need be.
  @Test(arguments: [20, 24, 32, 48])
  func numbersAreNotWrapped(size: Int) throws {
    var style = try Presets.named("download")
    style = StyleOverrides(progress: 0.47).applied(to: style)
    let painter = try CompositionRenderer(
      composition: Self.composition(Self.compiler(style, size)),
      settings: PaintSettings(pixelSize: size, scale: 1, edgeLevels: 17, background: .clear))
    let fits = try painter.textFits(Timeline(tracks: style.tracks).scene(at: 1))
    let fit = try #require(fits.first)
    #expect(fit.text == "47")
    #expect(fit.fit.wrapWidth == nil && !fit.fit.breaksWords && !fit.fit.overflows, "\(fit.fit)")
  }
}
