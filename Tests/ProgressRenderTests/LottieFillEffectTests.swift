import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster

/// After Effects' Fill effect, as lottie-web draws it: every pixel the layer paints takes the
/// effect's colour (its third control), at the coverage times the effect's opacity (its seventh);
/// a disabled effect is not applied; nothing is warned.
@Suite struct LottieFillEffectTests {
  /// A Fill effect of `rgb` at `opacity` (0…1), enabled or not.
  static func fill(_ rgb: [Double], opacity: Double, enabled: Bool = true) -> String {
    let color = rgb.map { "\($0)" }.joined(separator: ",")
    return #","ef":[{"ty":21,"nm":"Fill","mn":"ADBE Fill","en":\#(enabled ? 1 : 0),"ef":["#
      + #"{"ty":3,"mn":"ADBE Fill-0001","v":{"a":0,"k":0}},{"ty":7,"mn":"ADBE Fill-0007","v":{"a":0,"k":0}},"#
      + #"{"ty":2,"mn":"ADBE Fill-0002","v":{"a":0,"k":[\#(color),1]}},{"ty":7,"mn":"ADBE Fill-0006","v":{"a":0,"k":0}},"#
      + #"{"ty":0,"mn":"ADBE Fill-0003","v":{"a":0,"k":0}},{"ty":0,"mn":"ADBE Fill-0004","v":{"a":0,"k":0}},"#
      + #"{"ty":0,"mn":"ADBE Fill-0005","v":{"a":0,"k":\#(opacity)}}]}]"#
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var effect: String
    var inside: [UInt8]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "none", effect: "", inside: [255, 0, 0, 255]),
    Case(name: "blue", effect: fill([0, 0, 1], opacity: 1), inside: [0, 0, 255, 255]),
    Case(name: "blue at half", effect: fill([0, 0, 1], opacity: 0.5), inside: [0, 0, 255, 128]),
    Case(name: "disabled", effect: fill([0, 0, 1], opacity: 1, enabled: false), inside: [255, 0, 0, 255]),
  ]

  @Test(arguments: cases)
  func recolorsTheLayer(_ c: Case) throws {
    let layer = LottieRenderTests.solid("#ff0000", 40, 40, extra: c.effect)
    let bytes = LottieImportTests.document("[\(layer)]")
    #expect(try LottieImporter().read(bytes).warnings.isEmpty)
    let frame = try LottieRenderTests.frame("[\(layer)]")
    let inside = LottieRenderTests.rgba(frame, 20, 20)
    for (got, want) in zip(inside, c.inside) { #expect(abs(Int(got) - Int(want)) <= 1, "\(inside)") }
    #expect(LottieRenderTests.rgba(frame, 60, 60) == LottieRenderTests.clear)
  }

  /// The SVG writer says that it writes the layer in its own colours.
  @Test func writersWarn() throws {
    let layer = LottieRenderTests.solid("#ff0000", 40, 40, extra: Self.fill([0, 0, 1], opacity: 1))
    let imported = try LottieImporter().read(LottieImportTests.document("[\(layer)]"))
    let (_, warnings) = try SVGWriter(composition: imported.composition, title: "t", loopCount: nil).document()
    #expect(warnings.contains { $0.hasPrefix("the fill effect of 'solid 1' is not written") }, "\(warnings)")
  }
}
