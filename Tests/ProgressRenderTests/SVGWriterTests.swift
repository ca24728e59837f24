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

  /// Easings become timing functions: countdown's pulse is eased with cubic-bezier, activity's spokes step.
  @Test func easingsAreTimingFunctions() throws {
    #expect(try Self.svg("countdown").contains("animation-timing-function:cubic-bezier("))
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

  /// Sizes: spinners and the rings' shapes stay small.
  @Test(arguments: [("dots", 1_500), ("activity", 1_500), ("countdown", 4_000), ("material", 6_000)])
  func sizes(name: String, limit: Int) throws {
    #expect(try Self.svg(name).utf8.count <= limit)
  }
}
