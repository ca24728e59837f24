import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster

/// Lottie features painted by the composition renderer, checked at chosen pixels: solids and
/// parenting, masks, mattes, trims, gradients, repeaters, counter-clockwise outlines.
@Suite struct LottieRenderTests {
  /// The frame of a 100 × 100, 60 fps document at a time.
  static func frame(_ layers: String, at seconds: Double = 0, assets: String = "[]") throws -> Frame {
    let imported = try LottieImporter().read(LottieImportTests.document(layers, assets: assets))
    let renderer = try CompositionRenderer(
      composition: imported.composition,
      settings: PaintSettings(pixelSize: 100, scale: 1, edgeLevels: 256, background: .clear))
    return try renderer.frame(at: seconds)
  }

  /// A solid layer `color` of `w` × `h` with `extra` members (position, mask, matte…).
  static func solid(_ color: String, _ w: Int, _ h: Int, index: Int = 1, ks: String = "{}", extra: String = "")
    -> String
  {
    #"{"ty":1,"nm":"solid \#(index)","ind":\#(index),"sc":"\#(color)","sw":\#(w),"sh":\#(h),"ks":\#(ks)\#(extra)}"#
  }

  static func rgba(_ frame: Frame, _ x: Int, _ y: Int) -> [UInt8] {
    let p = frame.rgba(x: x, y: y)
    return [p.r, p.g, p.b, p.a]
  }

  static let red: [UInt8] = [255, 0, 0, 255]
  static let clear: [UInt8] = [0, 0, 0, 0]

  /// A child follows its parent's transform but not its opacity.
  @Test func parenting() throws {
    let parent = #"{"ty":3,"nm":"null","ind":1,"ks":{"p":{"a":0,"k":[50,50]},"o":{"a":0,"k":0}}}"#
    let child = Self.solid("#ff0000", 20, 20, index: 2, extra: #","parent":1"#)
    let frame = try Self.frame("[\(child),\(parent)]")
    #expect(Self.rgba(frame, 60, 60) == Self.red)
    #expect(Self.rgba(frame, 10, 10) == Self.clear)
    #expect(Self.rgba(frame, 75, 75) == Self.clear)
  }

  /// Masks: a subtracted square leaves a hole; an inverted added one keeps only the outside.
  static let maskCases: [(String, Bool, [UInt8], [UInt8])] = [
    ("s", false, clear, red), ("a", true, clear, red), ("a", false, red, clear), ("i", false, red, clear),
  ]

  @Test(arguments: maskCases)
  func masks(mode: String, inverted: Bool, center: [UInt8], corner: [UInt8]) throws {
    let square =
      #"{"a":0,"k":{"c":true,"v":[[25,25],[75,25],[75,75],[25,75]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}"#
    let mask = #","masksProperties":[{"mode":"\#(mode)","inv":\#(inverted),"pt":\#(square),"o":{"a":0,"k":100}}]"#
    let frame = try Self.frame("[\(Self.solid("#ff0000", 100, 100, extra: mask))]")
    #expect(Self.rgba(frame, 50, 50) == center)
    #expect(Self.rgba(frame, 5, 5) == corner)
  }

  /// A track matte above the layer: alpha shows inside the matte, inverted alpha outside.
  @Test(arguments: [(1, red, clear), (2, clear, red)])
  func trackMatte(type: Int, center: [UInt8], corner: [UInt8]) throws {
    let matte = Self.solid("#ffffff", 40, 40, index: 1, ks: #"{"p":{"a":0,"k":[30,30]}}"#, extra: #","td":1"#)
    let layer = Self.solid("#ff0000", 100, 100, index: 2, extra: #","tt":\#(type)"#)
    let frame = try Self.frame("[\(matte),\(layer)]")
    #expect(Self.rgba(frame, 50, 50) == center)
    #expect(Self.rgba(frame, 90, 90) == corner)
  }

  /// Blend modes (`bm`) of a fill, and of a whole layer: a rectangle (0.2, 0.6, 0.4) over the
  /// left half of a solid (0.8, 0.4, 0.2), by the PDF formulas; the right half keeps the solid.
  /// With 4 edge levels too (the coverage is rounded first, then painted with the mode).
  static let blendCases: [(mode: Int, onLayer: Bool, expected: [Double])] = [
    (0, false, [51, 153, 102]),  // normal: the rectangle
    (1, false, [40.8, 61.2, 20.4]),  // multiply
    (2, false, [214.2, 193.8, 132.6]),  // screen
    (4, false, [51, 102, 51]),  // darken
    (5, false, [204, 153, 102]),  // lighten
    (10, false, [153, 51, 51]),  // difference
    (4, true, [51, 102, 51]),  // darken on the layer
    (1, true, [40.8, 61.2, 20.4]),  // multiply on the layer
  ]

  @Test(arguments: blendCases, [256, 4])
  func blendModes(_ blend: (mode: Int, onLayer: Bool, expected: [Double]), edgeLevels: Int) throws {
    let fillBlend = blend.onLayer ? 0 : blend.mode
    let shapes =
      #"[{"ty":"rc","p":{"a":0,"k":[25,50]},"s":{"a":0,"k":[50,100]},"r":{"a":0,"k":0}},"#
      + #"{"ty":"fl","c":{"a":0,"k":[0.2,0.6,0.4,1]},"o":{"a":0,"k":100},"bm":\#(fillBlend)}]"#
    let top = LottieImportTests.shapeLayer(shapes, extra: blend.onLayer ? #","bm":\#(blend.mode)"# : "")
    let bottom = Self.solid("#cc6633", 100, 100, index: 2)
    let imported = try LottieImporter().read(LottieImportTests.document("[\(top),\(bottom)]"))
    #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    let renderer = try CompositionRenderer(
      composition: imported.composition,
      settings: PaintSettings(pixelSize: 100, scale: 1, edgeLevels: edgeLevels, background: .clear))
    let frame = try renderer.frame(at: 0)
    let inside = Self.rgba(frame, 20, 50)
    for (channel, value) in blend.expected.enumerated() {
      #expect(abs(Double(inside[channel]) - value) <= 1, "channel \(channel): \(inside)")
    }
    #expect(inside[3] == 255)
    #expect(Self.rgba(frame, 80, 50) == [204, 102, 51, 255])
  }

  /// A circle's stroke trimmed to its first half: clockwise from the top, so only the right side.
  @Test func trimPath() throws {
    let shapes = #"""
      [{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[80,80]}},
       {"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0},"m":1},
       {"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":6},"lc":1,"lj":1}]
      """#
    let frame = try Self.frame("[\(LottieImportTests.shapeLayer(shapes))]")
    #expect(Self.rgba(frame, 90, 50) == Self.red)
    #expect(Self.rgba(frame, 10, 50) == Self.clear)
  }

  /// A linear gradient from red to blue across the canvas, its colours animated to green.
  @Test func animatedGradient() throws {
    let g = #"{"p":2,"k":{"a":1,"k":[{"t":0,"s":[0,1,0,0,1,0,0,1]},{"t":60,"s":[0,0,1,0,1,0,1,0]}]}}"#
    let shapes = #"""
      [{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},
       {"ty":"gf","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[100,0]},"o":{"a":0,"k":100},"r":1,"g":\#(g)}]
      """#
    let layer = LottieImportTests.shapeLayer(shapes)
    let start = try Self.frame("[\(layer)]")
    #expect(Self.rgba(start, 0, 50)[0] > 250)
    #expect(Self.rgba(start, 99, 50)[2] > 250)
    let end = try Self.frame("[\(layer)]", at: 1)
    #expect(Self.rgba(end, 0, 50)[1] > 250)
    #expect(Self.rgba(end, 99, 50)[1] > 250)
  }

  /// Three copies of a square, each 30 points to the right of the one before.
  @Test func repeater() throws {
    let shapes = #"""
      [{"ty":"rc","p":{"a":0,"k":[15,50]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
       {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1},
       {"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,
        "tr":{"p":{"a":0,"k":[30,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},
              "so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}]
      """#
    let frame = try Self.frame("[\(LottieImportTests.shapeLayer(shapes))]")
    for x in [15, 45, 75] { #expect(Self.rgba(frame, x, 50) == Self.red, "copy at \(x)") }
    #expect(Self.rgba(frame, 30, 50) == Self.clear)
  }

  /// A counter-clockwise circle inside a clockwise rectangle makes a hole under the non-zero rule.
  @Test func counterClockwiseHole() throws {
    let shapes = #"""
      [{"ty":"rc","d":1,"p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[80,80]},"r":{"a":0,"k":0}},
       {"ty":"el","d":3,"p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]}},
       {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}]
      """#
    let frame = try Self.frame("[\(LottieImportTests.shapeLayer(shapes))]")
    #expect(Self.rgba(frame, 50, 50) == Self.clear)
    #expect(Self.rgba(frame, 15, 15) == Self.red)
  }
}
