import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats
@testable import ProgressRenderPipeline
@testable import ProgressRenderRaster

/// `SVGWriter`: one self-contained animated SVG per preset — deterministic bytes, accessible
/// (`role="img"`, `<title>`), a reduced-motion rule, the loop count, glyphs defined once, easings as
/// CSS timing functions.
@Suite struct SVGWriterTests {
  /// The SVG of a preset at its own settings.
  static func svg(_ name: String, loop: Int? = nil, title: String = "t") throws -> String {
    let style = try Presets.named(name)
    let settings = RenderSettings(defaultsOf: style)
    let composition = try PresetCompiler(style: style, pixelSize: Int(settings.size), scale: 1).composition(
      fps: settings.fps, frameCount: settings.frameCount, duration: settings.duration,
      background: settings.background, baseDirectory: nil)
    let (bytes, _) = try SVGWriter(composition: composition, title: title, loopCount: loop).document()
    return String(decoding: bytes, as: UTF8.self)
  }

  static let presets = [
    "thumb", "download", "countdown", "upload", "wave", "material", "material4", "activity", "dots",
  ]

  @Test(arguments: presets)
  func sameBytesTwiceAndAccessible(name: String) throws {
    let first = try Self.svg(name, title: "Loading <50%> & more")
    #expect(first == (try Self.svg(name, title: "Loading <50%> & more")))
    #expect(first.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(first.contains(" role=\"img\"><title>Loading &lt;50%&gt; &amp; more</title>"))
    #expect(first.hasSuffix("</svg>\n"))
    #expect(first.contains("@media (prefers-reduced-motion:reduce)"))
    #expect(first.contains("infinite"))
  }

  /// The GIF's loop count: plays once, or n plays.
  @Test(arguments: [(1, "1 both"), (3, "3 both")])
  func loopCount(plays: Int, text: String) throws {
    #expect(try Self.svg("activity", loop: plays).contains(" linear \(text)}"))
  }

  /// Each glyph is one path in `<defs>`, reused by every string that shows it.
  @Test(arguments: ["download", "upload", "countdown"])
  func glyphsDefinedOnce(name: String) throws {
    let svg = try Self.svg(name)
    let glyphs = svg.components(separatedBy: "<path id=\"g").count - 1
    let uses = svg.components(separatedBy: "<use href=\"#g").count - 1
    #expect(glyphs > 0 && glyphs <= 16, "\(glyphs) glyph paths")
    #expect(uses >= glyphs)
  }

  /// Easings become timing functions: countdown's pulse is eased (ease-in-out, CSS's own name for
  /// its curve), activity's spokes step.
  @Test func easingsAreTimingFunctions() throws {
    #expect(try Self.svg("countdown").contains("animation-timing-function:ease-in-out"))
    #expect(try Self.svg("activity").contains("class=\"s\""))
  }

  /// Keys that a straight line covers are dropped; holds keep only their changes.
  @Test func simplifiedKeys() {
    typealias Key = LottieChannel.Key
    let line = (0...10).map { Key(frame: Double($0), value: Double($0) * 2, easing: nil, hold: false) }
    #expect(SVGStyleSheet.simplified(line, tolerance: 0.001).map(\.frame) == [0, 10])
    let held = [0, 0, 1, 1, 2].enumerated().map { Key(frame: Double($0), value: Double($1), easing: nil, hold: true) }
    #expect(SVGStyleSheet.simplified(held, tolerance: 0).map(\.frame) == [0, 2, 4])
    let bent = [0.0, 1, 2, 5, 8].enumerated().map { Key(frame: Double($0), value: $1, easing: nil, hold: false) }
    #expect(SVGStyleSheet.simplified(bent, tolerance: 0.01).map(\.frame) == [0, 2, 4])
  }

  /// A label places each glyph once per place and size: download's 0…100 is one `<use>` per digit
  /// and place (at most 10 digits × 6 places), not one per value shown; the glyphs shown at the same
  /// frames share one switch.
  @Test(arguments: [("download", 40, 40), ("upload", 60, 150), ("thumb", 30, 20)])
  func labelGlyphsArePlacedOnce(name: String, uses: Int, switches: Int) throws {
    let svg = try Self.svg(name)
    #expect(svg.components(separatedBy: "<use href=\"#g").count - 1 <= uses)
    #expect(svg.components(separatedBy: "class=\"t\"").count - 1 <= switches)
  }

  /// A halo's strokes are all drawn before any fill: glyphs shown together but grouped apart
  /// (upload's changing and unchanging digits) never stroke over each other's fill.
  @Test func haloStrokesComeBeforeEveryFill() throws {
    let svg = try Self.svg("upload")
    let strokes = svg.ranges(of: "stroke-linejoin=\"round\"")
    let fills = svg.ranges(of: "<use href=\"#s")
      .filter { !svg[$0.upperBound...].prefix(40).contains("transform") }
    #expect(!strokes.isEmpty && !fills.isEmpty)
    if let lastStroke = strokes.last, let firstFill = fills.first {
      #expect(lastStroke.lowerBound < firstFill.lowerBound)
    }
  }

  /// Each halo stroke's alpha is one group's opacity around the opaque strokes of every glyph group,
  /// as the frames stroke the whole string as one layer: where two glyphs' strokes overlap (even of
  /// groups shown together) the halo is not darker.
  @Test func haloAlphaIsOneGroupOpacityPerStroke() throws {
    let svg = try Self.svg("upload")
    let strokes = svg.ranges(of: "stroke-linejoin=\"round\"")
    let layers = svg.ranges(of: "<g opacity=\".4698\">")
    #expect(layers.count == 3)
    #expect(strokes.count > 3 * 10)
    for stroke in strokes {
      let use = try #require(svg[..<stroke.lowerBound].range(of: "<use", options: .backwards))
      #expect(!svg[use.lowerBound..<stroke.lowerBound].contains("stroke-opacity"))
    }
    // Every stroke is inside a layer's group: after its opening, before the first fill.
    let firstFill = try #require(svg.range(of: "<use href=\"#s13\" class"))
    #expect(strokes.allSatisfy { $0.lowerBound > layers[0].upperBound && $0.lowerBound < firstFill.lowerBound })
  }

  /// A thick stroked ring (download's track, stroke ≥ a tenth of the radius) is a path of 16
  /// relative arcs from its rightmost point, clockwise, whose ends lie on the circle and close it; a
  /// thin one (thumb's track) stays a `<circle>`.
  @Test func thickRingsAreArcsThinRingsCircles() throws {
    let download = try Self.svg("download")
    let path = try #require(download.firstRange(of: #/<path d="(M[^"]*a[^"]*z)" fill="none" stroke="#000"/#))
    let d = String(download[path].split(separator: "\"")[1])
    #expect(d.components(separatedBy: "a").count - 1 == SVGWriter.ringPieces)
    #expect(!download.contains("<circle cx="))
    let thumb = try Self.svg("thumb")
    #expect(thumb.contains("<circle cx=") && thumb.contains("fill=\"none\" stroke=\"#dbdbdb\""))
    #expect(SVGWriter.isThickRing(Point(x: 90, y: 90), width: 13.33))
    #expect(!SVGWriter.isThickRing(Point(x: 87.87, y: 87.87), width: 1.47))
    #expect(!SVGWriter.isThickRing(Point(x: 5, y: 5), width: 4))
    #expect(!SVGWriter.isThickRing(Point(x: 20, y: 30), width: 10))
    #expect(!SVGWriter.isThickRing(nil, width: 10))
  }

  /// The ring's arcs end on the circle (within the rounding) and come back to the start.
  @Test(arguments: [(100.0, 100.0, 90.0), (60.0, 40.0, 25.5), (0.0, 0.0, 8.0)])
  func ringPathEndsOnTheCircle(x: Double, y: Double, radius: Double) throws {
    let d = SVGWriter.ringPath(Point(x: x, y: y), radius)
    #expect(d.hasPrefix("M\(SVGNumber.text(x + radius)) \(SVGNumber.text(y))") && d.hasSuffix("z"))
    let numbers = d.dropFirst().dropLast().replacingOccurrences(of: "-", with: " -")
      .split(whereSeparator: { $0 == " " || $0 == "a" }).compactMap { Double($0) }
    var point = Point(x: numbers[0], y: numbers[1])
    let arcs = numbers.dropFirst(2)
    #expect(arcs.count == 7 * SVGWriter.ringPieces)
    for index in stride(from: arcs.startIndex, to: arcs.endIndex, by: 7) {
      #expect(arcs[index] == radius && arcs[index + 4] == 1)
      point = Point(x: point.x + arcs[index + 5], y: point.y + arcs[index + 6])
      #expect(abs(point.distance(to: Point(x: x, y: y)) - radius) < 0.01)
    }
    #expect(point.distance(to: Point(x: x + radius, y: y)) < 1e-9)
  }

  /// material's arc turns by the spinner's rotation and by its own tail: one nested turn each, each
  /// its track's own keys — the rotation two keys over the output, the tail eased as the track eases
  /// (the easing once, as the element's timing function; a held stretch one rule of two selectors).
  @Test func anArcTurnedByTwoTracksNestsOneTurnEach() throws {
    let svg = try Self.svg("material")
    #expect(svg.contains("{0%{rotate:-90deg}100%{rotate:1440deg}}"))
    #expect(svg.contains("{0%,10%{rotate:-5deg}20%,30%{rotate:265deg}"))
    #expect(svg.contains(".e0{animation-timing-function:cubic-bezier(.4,0,.2,1)}"))
    #expect(svg.contains("<g class=\"e0\" style=\"animation-name:k1\">"))
    #expect(!svg.contains("rotate(67.208deg)"))
  }

  /// An easing that every keyframe of a spinner shares is written once, as a class's timing
  /// function, not on each keyframe; the same 100% is written once.
  @Test(arguments: ["material", "material4", "dots"])
  func anEasingIsWrittenOnce(name: String) throws {
    let svg = try Self.svg(name)
    #expect(svg.components(separatedBy: "animation-timing-function:").count - 1 == 1, "\(svg)")
    #expect(!svg.contains(";animation-timing-function:"))
    for rule in svg.components(separatedBy: "@keyframes ").dropFirst() {
      let selectors = rule.split(separator: "}").compactMap { $0.split(separator: "{").dropFirst().first }
        .flatMap { $0.split(separator: ",") }.filter { $0.hasSuffix("%") }
      #expect(Set(selectors).count == selectors.count, "\(rule.prefix(40))")
    }
  }

  /// thumb's thumb and its timer ride the ring: turned about its centre by the arc's end, out by the
  /// radius, turned back — two keys a turn, shared by both, not a path sampled frame by frame.
  @Test func aThumbRidesItsRingByTwoTurns() throws {
    let svg = try Self.svg("thumb")
    #expect(svg.contains("{0%{rotate:-90deg}98.3607%,100%{rotate:270deg}}"))
    #expect(svg.contains("{0%{rotate:90deg}98.3607%,100%{rotate:-270deg}}"))
    #expect(svg.components(separatedBy: "<g transform=\"translate(119.5 0)\">").count - 1 == 2)
    #expect(!svg.contains("translate:"))
  }

  /// material's dash (head − tail) is keyed by its tracks, which move one at a time: three keys a
  /// cycle, eased as the tracks, not one per frame.
  @Test func aDashOfTracksMovingInTurnIsKeyedByThem() throws {
    let svg = try Self.svg("material")
    #expect(svg.contains("{0%,100%{stroke-dasharray:2.78 100}50%{stroke-dasharray:77.78 100}}"))
    #expect(svg.contains("class=\"e0\" style=\"animation-name:k0;animation-duration:1.3333s\""))
    #expect(!svg.contains("stroke-dasharray:3.21 100"))
  }

  /// material4's colour cycle is keyed by its track: one period (160 frames of 800), its easing kept.
  @Test func aColourCycleIsKeyedByItsTrack() throws {
    let svg = try Self.svg("material4")
    #expect(svg.contains("{0%,15%,100%{stroke:#4285f4}25%,40%{stroke:#db4437}"))
    #expect(svg.contains("animation-duration:5.3333s"))
    #expect(!svg.contains("stroke:#4384f2"))
  }

  /// Sizes: every spinner within issue 20's 1.5 KB, the labelled rings within 12 KB.
  @Test(arguments: [
    ("dots", 1_500), ("activity", 1_500), ("countdown", 2_600), ("material", 1_500), ("material4", 1_500),
    ("download", 12_000), ("thumb", 12_000),
  ])
  func sizes(name: String, limit: Int) throws {
    #expect(try Self.svg(name).utf8.count <= limit)
  }
}
