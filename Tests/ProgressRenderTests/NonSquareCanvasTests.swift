import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderPipeline
@testable import ProgressRenderRaster

/// `--size WIDTHxHEIGHT`: a canvas that is not square, the design drawn at the largest size whose
/// parts fit it, centred.
@Suite struct NonSquareCanvasTests {
  static let kind = OptionKind.canvas(1...4096, unit: "pixels")

  @Test(arguments: [
    ("64", OptionValue.integer(64)), ("50x16", .canvas(width: 50, height: 16)),
    (" 120x48 ", .canvas(width: 120, height: 48)),
    ("16x16", .canvas(width: 16, height: 16)),
  ])
  func sizesParse(_ text: String, _ value: OptionValue) throws {
    #expect(try Self.kind.parse(text) == value)
  }

  @Test(arguments: [
    ("10x", "is not a whole number or WIDTHxHEIGHT"), ("x10", "is not a whole number or WIDTHxHEIGHT"),
    ("5x5x5", "is not a whole number or WIDTHxHEIGHT"), ("50×16", "is not a whole number or WIDTHxHEIGHT"),
    ("4097x10", "out of range"), ("0x16", "out of range"), ("50x0", "out of range"),
  ])
  func badSizesAreRefused(_ text: String, _ reason: String) {
    #expect {
      try Self.kind.parse(text)
    } throws: { error in
      "\(error)".contains(reason)
        || (error as? RenderError).map { $0 == .valueOutOfRange(expected: Self.kind.expectation) } == true
    }
  }

  /// The request keeps the width in `size` and the height beside it; a square size clears the height.
  @Test func theOptionSetsWidthAndHeight() throws {
    let option = try #require(RenderOption.all.first { $0.key == .size })
    var request = RenderRequest()
    option.set(.canvas(width: 50, height: 16), in: &request)
    #expect(request.size == 50 && request.height == 16)
    #expect(option.value(in: request) == .canvas(width: 50, height: 16))
    #expect(request.canonicalText.contains("\"size\":\"50x16\""))
    option.set(.integer(40), in: &request)
    #expect(request.size == 40 && request.height == nil)
    #expect(option.value(in: request) == .integer(40))
  }

  /// A dots row is a strip: its share of the design's square; other looks take the whole square.
  @Test func contentFractions() throws {
    let dots = try Presets.named("dots")
    let strip = PresetCompiler.contentFraction(of: dots.look, designSize: dots.size)
    #expect(abs(strip.width - 56.0 / 64) < 1e-9 && abs(strip.height - 16.0 / 64) < 1e-9)
    for name in ["download", "wave", "activity", "thumb"] {
      let style = try Presets.named(name)
      #expect(PresetCompiler.contentFraction(of: style.look, designSize: style.size) == (1, 1))
    }
  }

  /// The ink's bounding box in a frame: (x0, y0, x1, y1), pixels whose colour is not the background's.
  static func inkBox(_ frame: Frame, background: UInt32) -> (Int, Int, Int, Int)? {
    var box: (Int, Int, Int, Int)? = nil
    for y in 0..<frame.height {
      for x in 0..<frame.width where frame.pixels[y * frame.width + x] != background {
        box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x + 1), max($0.3, y + 1)) } ?? (x, y, x + 1, y + 1)
      }
    }
    return box
  }

  /// Frames have the canvas's size; the ink is centred (±1 px, at times the parts are symmetric);
  /// a strip fills its canvas's width, a ring its shorter side.
  @Test(arguments: [
    ("dots", 50, 16, 2, 0.0), ("dots", 200, 40, 1, 0.0), ("download", 120, 48, 1, 1.0), ("download", 60, 100, 2, 1.0),
    ("activity", 40, 20, 3, 0.5),
  ])
  func framesFitTheCanvas(_ name: String, _ width: Int, _ height: Int, _ scale: Int, _ at: Double) throws {
    let style = try Presets.named(name)
    var settings = RenderSettings(defaultsOf: style)
    settings.size = Double(width)
    settings.height = Double(height)
    settings.scale = scale
    settings.background = .white
    try settings.validate()
    let frame = try Renderer(style: style, settings: settings).frame(at: at)
    #expect(frame.width == width * scale && frame.height == height * scale)
    let box = try #require(Self.inkBox(frame, background: 0xFFFF_FFFF))
    #expect(abs((box.0 + box.2) - frame.width) <= 2 && abs((box.1 + box.3) - frame.height) <= 2, "\(box)")
    if name == "dots" {
      #expect(Double(box.2 - box.0) > 0.75 * Double(min(frame.width, frame.height * 56 / 16)), "\(box)")
    } else {
      #expect(Double(box.3 - box.1) > 0.8 * Double(min(frame.width, frame.height)), "\(box)")
    }
  }

  /// Each side is checked against the pixel limit.
  @Test func eachSideIsLimited() {
    var settings = RenderSettings(size: 100, scale: 2, fps: 10, duration: 1, background: .white)
    settings.height = 3000
    #expect(throws: RenderError.pixelSize(size: 3000, scale: 2)) { try settings.validate() }
  }
}

/// Every number an option takes is read the same way: spaces around it are trimmed (`--loop ' 1'`
/// as `--size ' 40'`), spaces inside it are refused.
@Suite struct OptionNumberSpacingTests {
  @Test(arguments: [
    (OptionKind.integer(0...65535, unit: nil), " 1", OptionValue.integer(1)),
    (.integer(1...4096, unit: "pixels"), "40 ", .integer(40)),
    (.number(lower: 0, lowerOpen: false, upper: 1, unit: nil), " 0.5 ", .number(0.5)),
    (.canvas(1...4096, unit: "pixels"), " 50x16 ", .canvas(width: 50, height: 16)),
  ])
  func spacesAroundAreTrimmed(_ kind: OptionKind, _ text: String, _ value: OptionValue) throws {
    #expect(try kind.parse(text) == value)
  }

  @Test(arguments: [
    (OptionKind.integer(0...65535, unit: nil), "1 0"),
    (.number(lower: 0, lowerOpen: false, upper: 1, unit: nil), "0. 5"),
    (.canvas(1...4096, unit: "pixels"), "50 x16"),
  ])
  func spacesInsideAreRefused(_ kind: OptionKind, _ text: String) {
    #expect(throws: RenderError.self) { try kind.parse(text) }
  }
}
