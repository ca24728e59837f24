import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster

/// Masks of partial opacity, as lottie-web's SVG masks draw them: an added mask at 50 % shows the
/// layer at half alpha inside it, a subtracted one removes half, an intersected one keeps half of
/// what the masks before it kept; lighten is drawn as add.
@Suite struct LottieMaskOpacityTests {
  /// A red 100 × 100 solid under masks of the square 25…75, and its alpha inside and outside it.
  struct Case: Sendable, CustomTestStringConvertible {
    /// The masks (`masksProperties` items, `SQUARE` for the square's path).
    var masks: [String]
    /// Output seconds.
    var seconds = 0.0
    /// Alpha at the centre and at a corner.
    var center: Int
    var corner: Int
    var testDescription: String { masks.joined(separator: " ") + " at \(seconds) s" }
  }

  static func mask(_ mode: String, opacity: String = #"{"a":0,"k":50}"#, inverted: Bool = false) -> String {
    #"{"mode":"\#(mode)","inv":\#(inverted),"pt":SQUARE,"o":\#(opacity)}"#
  }

  static let rising = #"{"a":1,"k":[{"t":0,"s":[0]},{"t":60,"s":[100]}]}"#
  static let cases: [Case] = [
    Case(masks: [mask("a")], center: 128, corner: 0),
    Case(masks: [mask("s")], center: 128, corner: 255),
    Case(masks: [mask("i")], center: 128, corner: 0),
    Case(masks: [mask("a", inverted: true)], center: 0, corner: 128),
    Case(masks: [mask("l")], center: 128, corner: 0),
    Case(masks: [mask("a", opacity: rising)], seconds: 0.5, center: 128, corner: 0),
    Case(masks: [mask("a", opacity: rising)], seconds: 0.25, center: 64, corner: 0),
    // Opaque: the clip path; an add after a subtract adds back (a union, not an intersection).
    Case(masks: [mask("a", opacity: #"{"a":0,"k":100}"#)], center: 255, corner: 0),
    Case(
      masks: [mask("s", opacity: #"{"a":0,"k":100}"#), mask("a", opacity: #"{"a":0,"k":100}"#)], center: 255,
      corner: 255),
  ]

  @Test(arguments: cases)
  func maskAlpha(_ test: Case) throws {
    let square =
      #"{"a":0,"k":{"c":true,"v":[[25,25],[75,25],[75,75],[25,75]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}"#
    let masks = test.masks.map { $0.replacingOccurrences(of: "SQUARE", with: square) }.joined(separator: ",")
    let layer = LottieRenderTests.solid("#ff0000", 100, 100, extra: #","masksProperties":[\#(masks)]"#)
    let imported = try LottieImporter().read(LottieImportTests.document("[\(layer)]"))
    #expect(!imported.warnings.contains { $0.contains("mask") })
    let renderer = try CompositionRenderer(
      composition: imported.composition,
      settings: PaintSettings(pixelSize: 100, scale: 1, edgeLevels: 256, background: .clear))
    let frame = try renderer.frame(at: test.seconds)
    for (x, alpha) in [(50, test.center), (5, test.corner)] {
      let pixel = LottieRenderTests.rgba(frame, x, x)
      #expect(abs(Int(pixel[3]) - alpha) <= 1, "alpha at (\(x), \(x)): \(pixel)")
      if alpha > 0 { #expect(pixel[0] >= 254 && pixel[1] == 0 && pixel[2] == 0, "colour at (\(x), \(x)): \(pixel)") }
    }
  }

  /// Darken and difference are drawn as add, as lottie-web draws them, and say so.
  @Test(arguments: ["d", "f"])
  func unsupportedModesWarn(mode: String) throws {
    let square =
      #"{"a":0,"k":{"c":true,"v":[[25,25],[75,25],[75,75],[25,75]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}"#
    let mask = #","masksProperties":[{"mode":"\#(mode)","pt":\#(square),"o":{"a":0,"k":100}}]"#
    let imported = try LottieImporter().read(
      LottieImportTests.document("[\(LottieRenderTests.solid("#ff0000", 100, 100, extra: mask))]"))
    #expect(imported.warnings.contains { $0.contains("mask mode '\(mode)'") && $0.contains("lottie-web") })
  }
}
