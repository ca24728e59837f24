import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster

/// Text layers drawn from their embedded glyphs (`chars`), as lottie-web lays them out: each
/// character at its advance × size / 100 plus the tracking, lines `lh` apart, each line justified
/// about the layer's origin; documents keyframed several times switch at their keys; animators are
/// warned about.
@Suite struct LottieTextLayerTests {
  /// One layout and the pixels it must (and must not) paint red.
  struct Layout: Sendable, CustomTestStringConvertible {
    var text: String
    var justification: Int
    var tracking: Double
    var red: [[Int]]
    var clear: [[Int]]
    var testDescription: String { "'\(text)' j \(justification) tr \(tracking)" }
  }

  /// A document for a text layer at (50, 50): 50-point 'Test' text in red.
  static func document(_ text: String, j: Int = 0, tr: Double = 0, frame: Int = 0) -> String {
    #"{"t":\#(frame),"s":{"s":50,"f":"Test-Regular","t":"\#(text)","j":\#(j),"tr":\#(tr),"lh":30,"ls":0,"fc":[1,0,0]}}"#
  }

  /// A text layer showing `documents` (keyframes), with `extra` members of `t`.
  static func layer(_ documents: [String], extra: String = "") -> String {
    #"[{"ty":5,"nm":"text","ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[50,50]}},"t":{"d":{"k":[\#(documents.joined(separator: ","))]}\#(extra)}}]"#
  }

  /// A 100 × 100 document whose font 'Test-Regular' has one glyph, 'I': a 20-unit square standing on
  /// the baseline from x 0, advance 30 (at size 50: 10 px wide, 15 px advance).
  static func file(_ layers: String) -> [UInt8] {
    let square =
      #"{"a":0,"k":{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[0,0],[20,0],[20,-20],[0,-20]],"c":true}}"#
    let glyph =
      #"{"ch":"I","size":100,"style":"Regular","w":30,"fFamily":"Test","data":{"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":\#(square)}]}]}}"#
    let fonts = #"{"list":[{"fName":"Test-Regular","fFamily":"Test","fStyle":"Regular","ascent":75}]}"#
    return Array(
      #"{"v":"5.7.0","fr":60,"ip":0,"op":60,"w":100,"h":100,"nm":"test","fonts":\#(fonts),"chars":[\#(glyph)],"layers":\#(layers)}"#
        .utf8)
  }

  static func frame(_ layers: String, at seconds: Double = 0) throws -> Frame {
    let imported = try LottieImporter().read(file(layers))
    let renderer = try CompositionRenderer(
      composition: imported.composition,
      settings: PaintSettings(pixelSize: 100, scale: 1, edgeLevels: 256, background: .clear))
    return try renderer.frame(at: seconds)
  }

  /// "II" is 30 px wide (two 15 px advances less the trailing tracking): left from x 50, right
  /// ending at 50, centred about 50; tracking 200 (10 px at 50 points) moves the second 'I' right;
  /// a return starts a line 30 px lower.
  static let layouts: [Layout] = [
    Layout(
      text: "II", justification: 0, tracking: 0, red: [[55, 45], [70, 45]], clear: [[45, 45], [62, 45], [55, 55]]),
    Layout(text: "II", justification: 1, tracking: 0, red: [[25, 45], [40, 45]], clear: [[55, 45], [32, 45]]),
    Layout(
      text: "II", justification: 2, tracking: 0, red: [[40, 45], [55, 45]], clear: [[30, 45], [47, 45], [65, 45]]),
    Layout(text: "II", justification: 0, tracking: 200, red: [[55, 45], [80, 45]], clear: [[70, 45]]),
    Layout(text: "II", justification: 1, tracking: 200, red: [[15, 45], [40, 45]], clear: [[30, 45], [55, 45]]),
    Layout(text: #"I\rI"#, justification: 0, tracking: 0, red: [[55, 45], [55, 75]], clear: [[70, 45], [55, 60]]),
  ]

  @Test(arguments: layouts)
  func glyphsAreLaidOut(_ layout: Layout) throws {
    let layers = Self.layer([Self.document(layout.text, j: layout.justification, tr: layout.tracking)])
    #expect(try LottieImporter().read(Self.file(layers)).warnings.isEmpty)
    let frame = try Self.frame(layers)
    for pixel in layout.red {
      #expect(LottieRenderTests.rgba(frame, pixel[0], pixel[1]) == LottieRenderTests.red, "at \(pixel)")
    }
    for pixel in layout.clear {
      #expect(LottieRenderTests.rgba(frame, pixel[0], pixel[1]) == LottieRenderTests.clear, "at \(pixel)")
    }
  }

  /// A document keyed again at frame 30 (0.5 s) is shown from there: one 'I', then two.
  @Test(arguments: [(0.0, false), (0.45, false), (0.55, true), (0.9, true)])
  func documentsSwitchAtTheirKeys(seconds: Double, second: Bool) throws {
    let layers = Self.layer([Self.document("I"), Self.document("II", frame: 30)])
    let frame = try Self.frame(layers, at: seconds)
    #expect(LottieRenderTests.rgba(frame, 55, 45) == LottieRenderTests.red)
    #expect(LottieRenderTests.rgba(frame, 70, 45) == (second ? LottieRenderTests.red : LottieRenderTests.clear))
  }

  /// Animators are not applied (the text is drawn as its document says), with a warning naming the
  /// layer; so is a character with no embedded glyph, which takes no room.
  @Test func unsupportedPartsWarn() throws {
    let animator = #","a":[{"nm":"Animator 1","s":{},"a":{"o":{"a":0,"k":0}}}]"#
    let layers = Self.layer([Self.document("IXI")], extra: animator)
    let imported = try LottieImporter().read(Self.file(layers))
    #expect(
      imported.warnings == [
        "layer 'text': text animators are not applied",
        "layer 'text': no glyph in 'chars' for 'X' of font 'Test-Regular'; those characters are not drawn",
      ])
    let frame = try Self.frame(layers)
    #expect(LottieRenderTests.rgba(frame, 55, 45) == LottieRenderTests.red)
    #expect(LottieRenderTests.rgba(frame, 70, 45) == LottieRenderTests.red)
  }

  /// A file without `chars` whose font is `family`, showing 50-point red `text` justified `j` at (50, 50).
  static func systemFontFile(family: String, text: String, j: Int) -> [UInt8] {
    let fonts = #"{"list":[{"fName":"F","fFamily":"\#(family)","fStyle":"Book","ascent":75}]}"#
    let document = #"{"t":0,"s":{"s":50,"f":"F","t":"\#(text)","j":\#(j),"tr":0,"lh":60,"ls":0,"fc":[1,0,0]}}"#
    return Array(
      #"{"v":"5.7.0","fr":60,"ip":0,"op":60,"w":100,"h":100,"fonts":\#(fonts),"layers":\#(layer([document]))}"#.utf8)
  }

  /// The columns of a frame with any red pixel above the baseline (y 50).
  static func redColumns(_ bytes: [UInt8]) throws -> [Int] {
    let imported = try LottieImporter().read(bytes)
    let renderer = try CompositionRenderer(
      composition: imported.composition,
      settings: PaintSettings(pixelSize: 100, scale: 1, edgeLevels: 256, background: .clear))
    let frame = try renderer.frame(at: 0)
    return (0..<100).filter { x in
      (0..<50).contains { y in LottieRenderTests.rgba(frame, x, y) == LottieRenderTests.red }
    }
  }

  /// Without `chars`, the text is outlined from fontconfig's font of the family, laid out the same
  /// way: an 'I' in DejaVu Sans stands right of the origin when left-justified, left of it when
  /// right-justified, across it when centred; nothing is drawn below the baseline's row band.
  @Test(arguments: [0, 1, 2]) func textWithoutCharsUsesFontconfig(justification: Int) throws {
    let columns = try Self.redColumns(Self.systemFontFile(family: "DejaVu Sans", text: "I", j: justification))
    let (low, high) = (try #require(columns.first), try #require(columns.last))
    #expect(high - low >= 3, "the stem of a 50-point I is about 5 px wide")
    switch justification {
    case 0: #expect(low > 50 && high < 65)
    case 1: #expect(low > 35 && high < 50)
    default: #expect(low < 50 && high > 50)
    }
    let imported = try LottieImporter().read(Self.systemFontFile(family: "DejaVu Sans", text: "I", j: justification))
    #expect(imported.warnings.isEmpty)
  }

  /// A family that is not installed is drawn in fontconfig's fallback, with a warning naming both.
  @Test func missingFamilyFallsBackWithAWarning() throws {
    let bytes = Self.systemFontFile(family: "No Such Family 42", text: "II", j: 0)
    let imported = try LottieImporter().read(bytes)
    #expect(imported.warnings.count == 1)
    #expect(
      imported.warnings.first?.hasPrefix(
        "layer 'text': font family 'No Such Family 42' is not installed; its text is drawn in '")
        == true)
    #expect(try Self.redColumns(bytes).count >= 6)
  }

  /// A justification that is none of 0, 1, 2 (even one past `Int.max`) is drawn left, as lottie-web's
  /// switch draws it; a document of more characters than the limit is refused, naming the path.
  @Test func hostileDocumentsAreBounded() throws {
    let odd = #"{"t":0,"s":{"s":50,"f":"Test-Regular","t":"I","j":1e300,"tr":0,"lh":30,"ls":0,"fc":[1,0,0]}}"#
    let frame = try Self.frame(Self.layer([odd]))
    #expect(LottieRenderTests.rgba(frame, 55, 45) == LottieRenderTests.red)
    let long = Self.layer([Self.document(String(repeating: "I", count: 10_001))])
    #expect {
      try LottieImporter().read(Self.file(long))
    } throws: { error in
      "\(error)".contains("layers[0].t.d.k[0].s.t") && "\(error)".contains("more than 10000 characters")
    }
  }
}
