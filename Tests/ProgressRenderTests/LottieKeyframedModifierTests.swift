import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster

/// Keyframed values that change an outline's structure, drawn at each time as lottie-web draws
/// them: a dash pattern's lengths and offset, a repeater's copy count (⌈c⌉ copies) and a
/// polystar's point count (⌊pt⌋ points); none of them warned about any more.
@Suite struct LottieKeyframedModifierTests {
  /// One keyframed shape list, and pixels that are red (or clear) at a time.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var shapes: String
    var seconds: Double
    var red: [[Int]]
    var clear: [[Int]]
    var testDescription: String { "\(name) at \(seconds) s" }
  }

  /// A red line from (10, 50) to (90, 50), 10 wide, butt caps, dashed 20 on, 20 off, its offset
  /// keyed 0 → 20 over the second (10 at 0.5 s: on 10…20, off 20…40, on 40…60).
  static let dash = #"""
    [{"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[10,50],[90,50]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}},
     {"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":10},"lc":1,"lj":1,"ml":4,
      "d":[{"n":"d","nm":"dash","v":{"a":0,"k":20}},{"n":"g","nm":"gap","v":{"a":0,"k":20}},
           {"n":"o","nm":"offset","v":{"a":1,"k":[{"t":0,"s":[0]},{"t":60,"s":[20]}]}}]}]
    """#

  /// A 10 × 10 red square at (15, 50) repeated 20 points to the right, its copies keyed 1 → 3
  /// over the second (1.8 at 0.4 s: two copies).
  static let repeater = #"""
    [{"ty":"rc","p":{"a":0,"k":[15,50]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
     {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1},
     {"ty":"rp","c":{"a":1,"k":[{"t":0,"s":[1]},{"t":60,"s":[3]}]},"o":{"a":0,"k":0},"m":1,
      "tr":{"p":{"a":0,"k":[20,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},
            "so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}]
    """#

  /// A red polygon of radius 30 about (50, 50), a vertex up, its points keyed 4 → 8 over the
  /// second: a diamond at 0 s, a hexagon at 0.5 s (its upper right edge runs (50, 20)–(76, 35)).
  static let polygon = #"""
    [{"ty":"sr","sy":2,"d":1,"pt":{"a":1,"k":[{"t":0,"s":[4]},{"t":60,"s":[8]}]},"p":{"a":0,"k":[50,50]},
      "or":{"a":0,"k":30},"os":{"a":0,"k":0},"r":{"a":0,"k":0}},
     {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}]
    """#

  static let cases: [Case] = [
    Case(
      name: "dash", shapes: dash, seconds: 0, red: [[15, 50], [25, 50], [55, 50]], clear: [[35, 50], [45, 50]]),
    Case(name: "dash", shapes: dash, seconds: 0.5, red: [[15, 50], [45, 50]], clear: [[25, 50], [35, 50]]),
    Case(name: "repeater", shapes: repeater, seconds: 0, red: [[15, 50]], clear: [[35, 50], [55, 50]]),
    Case(name: "repeater", shapes: repeater, seconds: 0.4, red: [[15, 50], [35, 50]], clear: [[55, 50]]),
    Case(
      name: "repeater", shapes: repeater, seconds: 0.99, red: [[15, 50], [35, 50], [55, 50]], clear: [[75, 50]]),
    Case(name: "polygon", shapes: polygon, seconds: 0, red: [[74, 50]], clear: [[70, 37]]),
    Case(name: "polygon", shapes: polygon, seconds: 0.5, red: [[74, 50], [70, 37]], clear: [[78, 50]]),
  ]

  @Test(arguments: cases)
  func drawnAtEachTime(_ test: Case) throws {
    let layers = "[\(LottieImportTests.shapeLayer(test.shapes))]"
    #expect(try LottieImporter().read(LottieImportTests.document(layers)).warnings.isEmpty)
    let frame = try LottieRenderTests.frame(layers, at: test.seconds)
    for pixel in test.red {
      #expect(LottieRenderTests.rgba(frame, pixel[0], pixel[1]) == LottieRenderTests.red, "red at \(pixel)")
    }
    for pixel in test.clear {
      #expect(LottieRenderTests.rgba(frame, pixel[0], pixel[1]) == LottieRenderTests.clear, "clear at \(pixel)")
    }
  }
}
