import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster

/// Time remapping (`tm` on a precomposition layer): the precomposition shows its frame tm(t) × fr,
/// tm in seconds keyed in the holding composition's frames; `st` and `sr` do not apply on top
/// (lottie-web's `ICompElement.prepareFrame`).
@Suite struct LottieTimeRemapTests {
  /// One remapped precomposition at one time, and where its solid is then.
  struct Case: Sendable, CustomTestStringConvertible {
    /// The layer's `tm`.
    var remap: String
    /// More members of the precomposition layer.
    var extra = ""
    /// Output seconds.
    var seconds: Double
    /// The solid's left edge then.
    var left: Int
    var testDescription: String { "tm \(remap)\(extra) at \(seconds) s → x \(left)" }
  }

  /// The precomposition's solid (20 × 20) moves right from x 0 at its frame 0 to x 60 at its frame
  /// 60: its left edge is the precomposition's frame.
  static let backwards = #"{"a":1,"k":[{"t":0,"s":[1]},{"t":60,"s":[0]}]}"#
  static let cases: [Case] = [
    Case(remap: #"{"a":0,"k":0.5}"#, seconds: 0, left: 30),
    Case(remap: #"{"a":0,"k":0.5}"#, seconds: 0.8, left: 30),
    Case(remap: #"{"a":0,"k":0.5}"#, extra: #","st":20,"sr":2"#, seconds: 0.2, left: 30),
    Case(remap: backwards, seconds: 0.25, left: 45),
    Case(remap: backwards, seconds: 0.75, left: 15),
    Case(remap: backwards, extra: #","st":-10"#, seconds: 0.75, left: 15),
  ]

  static func document(remap: String, extra: String) -> [UInt8] {
    let moving = #"{"p":{"a":1,"k":[{"t":0,"s":[0,40]},{"t":60,"s":[60,40]}]}}"#
    let solid = LottieRenderTests.solid("#ff0000", 20, 20, ks: moving, extra: #","ip":0,"op":60,"st":0"#)
    let assets = #"[{"id":"comp","layers":[\#(solid)]}]"#
    let layer =
      #"{"ty":0,"nm":"pre","ind":1,"refId":"comp","w":100,"h":100,"ip":0,"op":60,"st":0,"ks":{},"tm":\#(remap)\#(extra)}"#
    return LottieImportTests.document("[\(layer)]", assets: assets)
  }

  @Test(arguments: cases)
  func remappedFrame(_ test: Case) throws {
    let imported = try LottieImporter().read(Self.document(remap: test.remap, extra: test.extra))
    #expect(!imported.warnings.contains { $0.contains("time remap") })
    let renderer = try CompositionRenderer(
      composition: imported.composition,
      settings: PaintSettings(pixelSize: 100, scale: 1, edgeLevels: 256, background: .clear))
    let frame = try renderer.frame(at: test.seconds)
    #expect(LottieRenderTests.rgba(frame, test.left + 10, 50) == LottieRenderTests.red)
    #expect(LottieRenderTests.rgba(frame, test.left - 5, 50) == LottieRenderTests.clear)
    #expect(LottieRenderTests.rgba(frame, test.left + 25, 50) == LottieRenderTests.clear)
  }

  /// A group without a remap encodes none and decodes none; one with a remap keeps it.
  @Test(arguments: [nil, AnimatedNumber.constant(0.5)])
  func codable(remap: AnimatedNumber?) throws {
    let group = CompositionGroup(name: "g", timeRemap: remap, children: [])
    let data = try JSONEncoder().encode(group)
    #expect(String(decoding: data, as: UTF8.self).contains("timeRemap") == (remap != nil))
    #expect(try JSONDecoder().decode(CompositionGroup.self, from: data) == group)
  }
}
