import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster

/// A layer's start time (`st`) does not move its own keyframes: they are frames of the composition
/// that holds it, as lottie-web plays them (it evaluates frame − st against key time − st). Only a
/// precomposition's content is shifted.
@Suite struct LottieStartTimeTests {
  /// A 20 × 20 red solid moving right from x 0 at frame 0 to x 60 at frame 60, given a start time
  /// on the solid itself or on its parent: at frame 30 (0.5 s) it covers x 30…50 whatever `st` is.
  static let cases: [(start: Double, onParent: Bool)] = [
    (0, false), (30, false), (-30, false), (12.5, false), (30, true), (-30, true),
  ]

  @Test(arguments: cases)
  func keyframesIgnoreStartTime(start: Double, onParent: Bool) throws {
    let moving = #""p":{"a":1,"k":[{"t":0,"s":[0,40]},{"t":60,"s":[60,40]}]}"#
    let layers: String
    if onParent {
      let parent = #"{"ty":3,"nm":"null","ind":1,"ip":0,"op":60,"st":\#(start),"ks":{\#(moving)}}"#
      let child = LottieRenderTests.solid(
        "#ff0000", 20, 20, index: 2, extra: #","ip":0,"op":60,"st":0,"parent":1"#)
      layers = "[\(child),\(parent)]"
    } else {
      layers =
        "[\(LottieRenderTests.solid("#ff0000", 20, 20, ks: "{\(moving)}", extra: #","ip":0,"op":60,"st":\#(start)"#))]"
    }
    let frame = try LottieRenderTests.frame(layers, at: 0.5)
    #expect(LottieRenderTests.rgba(frame, 40, 50) == LottieRenderTests.red)
    #expect(LottieRenderTests.rgba(frame, 25, 50) == LottieRenderTests.clear)
    #expect(LottieRenderTests.rgba(frame, 55, 50) == LottieRenderTests.clear)
  }

  /// The in and out points are frames of the holding composition too: a layer with `st` 30 and
  /// `ip` 20 shows from frame 20 (0.33 s), not 50.
  @Test(arguments: [(0.25, false), (0.4, true), (0.9, true)])
  func inPointIgnoresStartTime(seconds: Double, shown: Bool) throws {
    let layer = LottieRenderTests.solid("#ff0000", 100, 100, extra: #","ip":20,"op":60,"st":30"#)
    let frame = try LottieRenderTests.frame("[\(layer)]", at: seconds)
    #expect(LottieRenderTests.rgba(frame, 50, 50) == (shown ? LottieRenderTests.red : LottieRenderTests.clear))
  }
}
