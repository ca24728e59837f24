import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster

/// Keyframed stars and polygons: a keyframed radius or roundness morphs between the keyed
/// outlines; a keyframed position or rotation moves and turns the outline (a keyframed point count:
/// `LottieKeyframedModifierTests`).
@Suite struct LottiePolystarTests {
  /// A red four-point polygon (a diamond: points up, right, down, left) in a shape layer.
  static func diamond(position: String, radius: String, rotation: String, points: String = #"{"a":0,"k":4}"#)
    -> String
  {
    let star =
      #"{"ty":"sr","nm":"star","sy":2,"d":1,"pt":\#(points),"p":\#(position),"or":\#(radius),"os":{"a":0,"k":0},"r":\#(rotation)}"#
    let fill = #"{"ty":"fl","nm":"fill","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
    return "[\(LottieImportTests.shapeLayer("[\(star),\(fill)]"))]"
  }

  static let still = #"{"a":0,"k":[50,50]}"#
  static let upright = #"{"a":0,"k":0}"#

  /// (position, radius, rotation, time, pixel, red there?): the radius grows 10 → 40 over frames
  /// 0…60 (25 at 0.5 s); the rotation turns 0 → 90° (45° at 0.5 s: the diamond of radius 30 is a
  /// square reaching 21.2 px out along both axes); the position moves x 20 → 80 (50 at 0.5 s).
  static let cases: [(String, String, String, Double, [Int], Bool)] = [
    (still, #"{"a":1,"k":[{"t":0,"s":[10]},{"t":60,"s":[40]}]}"#, upright, 0.5, [72, 50], true),
    (still, #"{"a":1,"k":[{"t":0,"s":[10]},{"t":60,"s":[40]}]}"#, upright, 0.5, [78, 50], false),
    (still, #"{"a":1,"k":[{"t":0,"s":[10]},{"t":60,"s":[40]}]}"#, upright, 0, [72, 50], false),
    (still, #"{"a":0,"k":30}"#, #"{"a":1,"k":[{"t":0,"s":[0]},{"t":60,"s":[90]}]}"#, 0.5, [69, 69], true),
    (still, #"{"a":0,"k":30}"#, #"{"a":1,"k":[{"t":0,"s":[0]},{"t":60,"s":[90]}]}"#, 0.5, [50, 22], false),
    (still, #"{"a":0,"k":30}"#, #"{"a":1,"k":[{"t":0,"s":[0]},{"t":60,"s":[90]}]}"#, 0, [69, 69], false),
    (#"{"a":1,"k":[{"t":0,"s":[20,50]},{"t":60,"s":[80,50]}]}"#, #"{"a":0,"k":10}"#, upright, 0.5, [50, 50], true),
    (#"{"a":1,"k":[{"t":0,"s":[20,50]},{"t":60,"s":[80,50]}]}"#, #"{"a":0,"k":10}"#, upright, 0, [50, 50], false),
  ]

  @Test(arguments: cases)
  func keyframed(position: String, radius: String, rotation: String, seconds: Double, pixel: [Int], red: Bool)
    throws
  {
    let layers = Self.diamond(position: position, radius: radius, rotation: rotation)
    #expect(try LottieImporter().read(LottieImportTests.document(layers)).warnings.isEmpty)
    let frame = try LottieRenderTests.frame(layers, at: seconds)
    #expect(
      LottieRenderTests.rgba(frame, pixel[0], pixel[1]) == (red ? LottieRenderTests.red : LottieRenderTests.clear))
  }
}
