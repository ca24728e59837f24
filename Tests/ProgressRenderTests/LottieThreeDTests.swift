import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster

/// A 3D layer's turn about x or y, drawn as lottie-web's SVG renderer draws it without a camera:
/// seen from straight ahead, a turn by θ about x squeezes the layer's height by cos θ, about y its
/// width; the turns about z (`rz`, `or`'s third) add to its rotation.
@Suite struct LottieThreeDTests {
  /// A 3D solid layer, 60 × 40, its anchor at its centre, placed at (50, 50), with `ks` members.
  static func layer(_ ks: String) -> String {
    LottieRenderTests.solid(
      "#ff0000", 60, 40,
      ks: #"{"a":{"a":0,"k":[30,20,0]},"p":{"a":0,"k":[50,50,0]}\#(ks.isEmpty ? "" : ",")\#(ks)}"#,
      extra: #","ddd":1,"ip":0,"op":60,"st":0"#)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var ks: String
    /// The red box drawn, in whole pixels: its width and height (±1).
    var width: Int
    var height: Int
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "no turn", ks: "", width: 60, height: 40),
    Case(name: "rx 60°: height × 0.5", ks: #""rx":{"a":0,"k":60}"#, width: 60, height: 20),
    Case(name: "ry 60°: width × 0.5", ks: #""ry":{"a":0,"k":60}"#, width: 30, height: 40),
    Case(name: "or x 60° adds to rx 0", ks: #""or":{"a":0,"k":[60,0,0]}"#, width: 60, height: 20),
    Case(name: "rx 30° and or x 30°", ks: #""rx":{"a":0,"k":30},"or":{"a":0,"k":[30,0,0]}"#, width: 60, height: 20),
    Case(name: "ry 180°: mirrored, same size", ks: #""ry":{"a":0,"k":180}"#, width: 60, height: 40),
    Case(name: "or z 90°: turned", ks: #""or":{"a":0,"k":[0,0,90]}"#, width: 40, height: 60),
    Case(
      name: "rz 90° then ry 60°: the turned box squeezed across", ks: #""rz":{"a":0,"k":90},"ry":{"a":0,"k":60}"#,
      width: 20, height: 60),
  ]

  /// The bounding box of the pixels at least half red.
  static func box(_ frame: Frame) -> (width: Int, height: Int) {
    var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
    for y in 0..<frame.height {
      for x in 0..<frame.width where frame.rgba(x: x, y: y).a >= 128 {
        (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
      }
    }
    return maxX < minX ? (0, 0) : (maxX - minX + 1, maxY - minY + 1)
  }

  @Test(arguments: cases)
  func turnsSqueezeTheLayer(_ c: Case) throws {
    let frame = try LottieRenderTests.frame("[\(Self.layer(c.ks))]")
    let (width, height) = Self.box(frame)
    #expect(abs(width - c.width) <= 1 && abs(height - c.height) <= 1, "\(width) × \(height)")
    // Squeezed about its anchor: the centre stays red.
    #expect(frame.rgba(x: 50, y: 50).r == 255)
  }

  /// A keyframed turn is evaluated at each time: 0° at the start, 60° from frame 30 (0.5 s at 60 fps).
  @Test func keyframedTurn() throws {
    let ks = #""rx":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":30,"s":[60]}]}"#
    let layer = Self.layer(ks)
    #expect(Self.box(try LottieRenderTests.frame("[\(layer)]", at: 0)).height == 40)
    let late = Self.box(try LottieRenderTests.frame("[\(layer)]", at: 0.75)).height
    #expect(abs(late - 20) <= 1, "\(late)")
  }

  /// Turns about both x and y are warned about (and drawn flat); one axis is not.
  @Test(arguments: [
    (#""rx":{"a":0,"k":30}"#, false), (#""rx":{"a":0,"k":30},"ry":{"a":0,"k":30}"#, true),
    (#""ry":{"a":0,"k":30},"or":{"a":0,"k":[0,0,45]}"#, true), (#""or":{"a":0,"k":[0,0,45]}"#, false),
  ])
  func turnsAboutTwoAxesAreWarned(ks: String, warned: Bool) throws {
    let imported = try LottieImporter().read(LottieImportTests.document("[\(Self.layer(ks))]"))
    let axes = imported.warnings.filter { $0.contains("more than one axis") }
    #expect(axes.count == (warned ? 1 : 0), "\(imported.warnings)")
    #expect(imported.warnings.contains { $0.contains("seen from straight ahead") })
  }
}
