import Foundation
import Testing

@testable import ProgressRenderLottie

/// What cannot be rendered is named: each effect and layer style by its name (or type), and each
/// expression by its JSON path, on the layer that holds it; expression controls, which draw
/// nothing, are not.
@Suite struct LottieEffectWarningTests {
  static let tenEffects = "[" + (0..<10).map { #"{"ty":5,"nm":"e\#($0)"}"# }.joined(separator: ",") + "]"

  static let cases: [(String, [String])] = [
    (#","ef":[{"ty":29,"nm":"Gaussian Blur"}]"#, ["layer 'shape': effect 'Gaussian Blur' is not rendered"]),
    (#","ef":[{"ty":5}]"#, ["layer 'shape': effect of type 5 is not rendered"]),
    (
      #","ef":[{"ty":29,"nm":"Blur"},{"ty":25,"nm":"Drop Shadow"}]"#,
      ["layer 'shape': effect 'Blur' is not rendered", "layer 'shape': effect 'Drop Shadow' is not rendered"]
    ),
    (#","sy":[{"ty":1,"nm":"Drop Shadow"}]"#, ["layer 'shape': layer style 'Drop Shadow' is not rendered"]),
    (
      ",\"ef\":\(tenEffects)",
      (0..<8).map { "layer 'shape': effect 'e\($0)' is not rendered" } + [
        "layer 'shape': 2 more effects are not rendered"
      ]
    ),
    (#","ef":[]"#, []),
    // Expression controls and pseudo effects draw nothing: nothing is said of them.
    (#","ef":[{"ty":5,"nm":"Amount","mn":"ADBE Slider Control"}]"#, []),
    (#","ef":[{"ty":5,"nm":"Rig","mn":"Pseudo/ADBE Trace Path"},{"ty":5,"nm":"C","mn":"ADBE Color Control"}]"#, []),
    (
      #","ef":[{"ty":5,"nm":"Amount","mn":"ADBE Slider Control"},{"ty":5,"nm":"Wiggle","mn":"ADBE CM WigglePosition"}]"#,
      ["layer 'shape': effect 'Wiggle' is not rendered"]
    ),
  ]

  @Test(arguments: cases)
  func effectsAreNamed(extra: String, warnings: [String]) throws {
    let layer = LottieImportTests.shapeLayer("[]", extra: extra)
    #expect(try LottieImportTests.read(LottieImportTests.document("[\(layer)]")).warnings == warnings)
  }

  /// An expression is named by its path; the keyframed value is drawn.
  @Test func expressionIsNamed() throws {
    let layer =
      #"{"ty":4,"nm":"wiggly","ind":1,"ip":0,"op":60,"st":0,"ks":{"o":{"a":0,"k":50,"x":"wiggle(2, 10)"}},"shapes":[]}"#
    let imported = try LottieImportTests.read(LottieImportTests.document("[\(layer)]"))
    #expect(
      imported.warnings == [
        "layer 'wiggly': expressions (layers[0].ks.o.x) are not evaluated; the keyframed value is used"
      ])
  }
}
