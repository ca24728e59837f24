import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster

/// Files from Bodymovin before 4.1.9 write fill and stroke colours as 0…255, and before 4.4.18 a
/// path's closedness as `closed` on the item: both are read as the players read them.
@Suite struct LottieLegacyFormatTests {
  /// A 100 × 100 square filled with `fill` and stroked 20 wide with `stroke` along an open path
  /// marked `"closed": true`, in a file of version `version`; the pixel at (50, 50) is the fill,
  /// the one at (12, 50) — on the closing edge — is the stroke only when the path is closed.
  static func frame(version: String, fill: String, stroke: String) throws -> Frame {
    let path = #"{"v":[[10,10],[90,10],[90,90],[10,90]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}"#
    let shapes =
      #"[{"ty":"gr","it":[{"ty":"sh","closed":true,"ks":{"k":\#(path)}},"#
      + #"{"ty":"st","c":{"k":\#(stroke)},"o":{"k":100},"w":{"k":20}},"#
      + #"{"ty":"fl","c":{"k":\#(fill)},"o":{"k":100}},{"ty":"tr"}]}]"#
    let layer = LottieImportTests.shapeLayer(shapes)
    let json = #"{"v":"\#(version)","fr":60,"ip":0,"op":60,"w":100,"h":100,"assets":[],"layers":[\#(layer)]}"#
    let imported = try LottieImporter().read(Array(json.utf8))
    let renderer = try CompositionRenderer(
      composition: imported.composition,
      settings: PaintSettings(pixelSize: 100, scale: 1, edgeLevels: 256, background: .clear))
    return try renderer.frame(at: 0)
  }

  static let cases: [(version: String, fill: String, stroke: String, center: [UInt8], edge: [UInt8])] = [
    // Old colours and an old closing flag.
    ("4.0.0", "[0,0,255,255]", "[255,0,0,255]", [0, 0, 255, 255], [255, 0, 0, 255]),
    ("3.1.6", "[118,196,181,255]", "[255,0,0,255]", [118, 196, 181, 255], [255, 0, 0, 255]),
    // Colours 0…1 from 4.1.9; still the old closing flag.
    ("4.1.9", "[0,0,1,1]", "[1,0,0,1]", [0, 0, 255, 255], [255, 0, 0, 255]),
    // Current files: `c` absent in the values means open, so the closing edge is not stroked.
    ("4.4.18", "[0,0,1,1]", "[1,0,0,1]", [0, 0, 255, 255], [0, 0, 255, 255]),
    ("5.7.0", "[0,0,1,1]", "[1,0,0,1]", [0, 0, 255, 255], [0, 0, 255, 255]),
  ]

  @Test(arguments: cases)
  func oldFilesReadAsPlayersRead(
    version: String, fill: String, stroke: String, center: [UInt8], edge: [UInt8]
  ) throws {
    let frame = try Self.frame(version: version, fill: fill, stroke: stroke)
    #expect(LottieRenderTests.rgba(frame, 50, 50) == center)
    #expect(LottieRenderTests.rgba(frame, 50, 88) == [255, 0, 0, 255])
    #expect(LottieRenderTests.rgba(frame, 12, 50) == edge)
  }

  /// Versions compare part by part, missing parts as 0.
  @Test(arguments: [
    ([4, 0, 0], [4, 1, 9], true), ([4, 1, 9], [4, 1, 9], false), ([4, 1, 10], [4, 1, 9], false),
    ([3, 9], [4, 1, 9], true), ([5], [4, 4, 18], false), ([4, 4], [4, 4, 18], true),
  ])
  func versionOrder(version: [Int], minimum: [Int], before: Bool) {
    #expect(LottieLegacyFormat.isBefore(version, minimum) == before)
  }

  /// A mask's `cl` closes its path in old files.
  @Test func maskClosedFlag() throws {
    let mask =
      #"{"mode":"a","cl":true,"pt":{"k":{"v":[[0,0],[50,0],[50,100]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}}"#
    let upgraded = LottieLegacyFormat.upgrade(
      try JSONSerialization.jsonObject(
        with: Data(#"{"v":"4.0.0","layers":[{"ty":1,"masksProperties":[\#(mask)]}]}"#.utf8)))
    let node = LottieJSONNode(value: upgraded, path: "")
    let k = try #require(node["layers"]?.elements().first?["masksProperties"]?.elements().first?["pt"]?["k"])
    #expect(k.flag("c"))
  }
}
