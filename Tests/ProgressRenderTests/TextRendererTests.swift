import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderRaster

@Suite struct TextRendererTests {
  static let caption = FontSpec(size: 18)

  @Test func cjkFontIsInstalled() throws {
    let text = try TextRenderer()
    let unknown = try text.unknownGlyphCount(text: "已推送至 3 家", font: Self.caption)
    #expect(
      unknown == 0,
      "\(unknown) characters of '已推送至 3 家' have no font: install a CJK font (fonts-wqy-microhei) with the project's setup script"
    )
  }

  @Test func countsCharactersWithoutAGlyph() throws {
    let text = try TextRenderer()
    // Private-use code points have no glyph in any system font.
    #expect(try text.unknownGlyphCount(text: "\u{E000}\u{E001}", font: Self.caption) == 2)
    #expect(try text.unknownGlyphCount(text: "42%", font: Self.caption) == 0)
  }

  @Test func extentsScaleWithSizeAndBoldIsWider() throws {
    let text = try TextRenderer()
    let small = try text.extents(text: "100", font: FontSpec(size: 10)).logical
    let large = try text.extents(text: "100", font: FontSpec(size: 20)).logical
    #expect(abs(large.width - 2 * small.width) < 0.01)
    #expect(abs(large.height - 2 * small.height) < 0.01)
    let bold = try text.extents(text: "100", font: FontSpec(size: 20, weight: .bold)).logical
    #expect(bold.width > large.width)
  }

  @Test func drawsCentredOnThePoint() throws {
    let text = try TextRenderer()
    let canvas = try CairoCanvas(pixelWidth: 80, pixelHeight: 40, deviceScale: 1)
    try canvas.beginFrame(background: .clear)
    try text.draw("HH", font: FontSpec(size: 20), color: .white, centerX: 40, centerY: 20, anchor: .ink, on: canvas)
    let frame = try canvas.snapshot()
    var sumX = 0.0
    var sumY = 0.0
    var total = 0.0
    for y in 0..<40 {
      for x in 0..<80 {
        let a = Double(frame.rgba(x: x, y: y).a)
        sumX += (Double(x) + 0.5) * a
        sumY += (Double(y) + 0.5) * a
        total += a
      }
    }
    #expect(total > 255 * 30)
    #expect(abs(sumX / total - 40) < 0.5)
    #expect(abs(sumY / total - 20) < 0.5)
    let white = frame.pixels.filter { $0 >> 24 == 255 }.allSatisfy { $0 == 0xffff_ffff }
    #expect(white)
  }

  @Test func sameTextSameBytesAtEachScale() throws {
    let text = try TextRenderer()
    func render(_ scale: Int) throws -> Frame {
      let canvas = try CairoCanvas(pixelWidth: 100 * scale, pixelHeight: 40 * scale, deviceScale: Double(scale))
      try canvas.beginFrame(background: .black)
      try text.draw("已推送至 3 家", font: Self.caption, color: .white, centerX: 50, centerY: 20, on: canvas)
      return try canvas.snapshot()
    }
    #expect(try render(1) == (try render(1)))
    let one = try render(1)
    let two = try render(2)
    // The @2x frame, averaged down 2×2, is the @1x picture: outlines are unhinted and placed exactly.
    var worst = 0
    for y in 0..<40 {
      for x in 0..<100 {
        var sum = 0
        for dy in 0..<2 { for dx in 0..<2 { sum += Int(two.rgba(x: 2 * x + dx, y: 2 * y + dy).r) } }
        worst = max(worst, abs(sum / 4 - Int(one.rgba(x: x, y: y).r)))
      }
    }
    #expect(worst <= 32)
  }
}

extension TextRendererTests {
  /// Kept layouts draw the same bytes as new ones: after more texts than the cache holds (it is
  /// emptied) and under another transform in between (Pango lays the kept layout out again).
  @Test func keptLayoutsDrawTheSameBytes() throws {
    let text = try TextRenderer()
    let canvas = try CairoCanvas(pixelWidth: 60, pixelHeight: 30, deviceScale: 1)
    func draw(_ string: String, scale: Double = 1) throws -> Frame {
      try canvas.beginFrame(background: .black)
      canvas.scale(scale, about: 30, 15)
      try text.draw(
        string, font: FontSpec(size: 14, weight: .bold), color: .white, centerX: 30, centerY: 15, on: canvas)
      return try canvas.snapshot()
    }
    let first = try draw("42%")
    #expect(first.pixels.contains { $0 != 0xff00_0000 })
    let scaled = try draw("42%", scale: 1.5)
    #expect(scaled != first)
    #expect(try draw("42%") == first)
    for n in 0...TextRenderer.maxCachedLayouts { _ = try draw("\(n)") }
    #expect(try draw("42%") == first)
    #expect(try draw("42%", scale: 1.5) == scaled)
  }

  /// Texts drawn through kept coverage are the bytes of texts rasterized afresh: a caption drawn
  /// again in place, after another label, after more texts than are kept (the cache is emptied),
  /// moved by fractions of a pixel, and as an outline.
  @Test func keptCoverageDrawsTheSameBytes() throws {
    let font = FontSpec(size: 12)
    let steps: [(text: String, x: Double, outline: Double)] =
      [("已推送至 3 家", 30, 0), ("00:24", 30, 0), ("已推送至 3 家", 30, 0)]
      // Moved by less than a pixel: some of these moves keep the layer's clip on the same pixels.
      + [30.05, 30.1, 30.15, 30.2, 30.25].map { ("已推送至 3 家", $0, 0) }
      + (0...TextRenderer.maxKeptCoverages).map { ("\($0)", 30, 0) }
      + [("已推送至 3 家", 30, 0), ("已推送至 3 家", 30, 1.5), ("已推送至 3 家", 30, 1.5), ("已推送至 3 家", 30, 0)]
    func draw(_ step: (text: String, x: Double, outline: Double), with text: TextRenderer, on canvas: CairoCanvas)
      throws -> Frame
    {
      try canvas.beginFrame(background: .black)
      try text.draw(
        step.text, font: font, color: .white, centerX: step.x, centerY: 15, outline: step.outline, on: canvas)
      return try canvas.snapshot()
    }
    let text = try TextRenderer()
    let canvas = try CairoCanvas(pixelWidth: 80, pixelHeight: 30, deviceScale: 1, edgeLevels: 17)
    for (n, step) in steps.enumerated() {
      let kept = try draw(step, with: text, on: canvas)
      let fresh = try draw(
        step, with: try TextRenderer(),
        on: try CairoCanvas(pixelWidth: 80, pixelHeight: 30, deviceScale: 1, edgeLevels: 17))
      let same = kept == fresh  // not the frames themselves in a failure's message
      #expect(same, "step \(n): \(step)")
      #expect(kept.pixels.contains { $0 != 0xff00_0000 })
    }
  }

  /// Large labels keep no more coverage than the canvas's own bytes: the cache is emptied before
  /// it would hold more, and what it draws stays the bytes of a fresh renderer.
  @Test func keptCoverageStaysWithinTheCanvasBytes() throws {
    let text = try TextRenderer()
    let canvas = try CairoCanvas(pixelWidth: 60, pixelHeight: 40, deviceScale: 1, edgeLevels: 17)
    let budget = 60 * 40 * 4
    var kept: [Int] = []
    for n in 0..<12 {
      let string = String(repeating: "\(n % 6)", count: 2)
      try canvas.beginFrame(background: .black)
      try text.draw(string, font: FontSpec(size: 36), color: .white, centerX: 30, centerY: 20, on: canvas)
      let frame = try canvas.snapshot()
      let fresh = try CairoCanvas(pixelWidth: 60, pixelHeight: 40, deviceScale: 1, edgeLevels: 17)
      try fresh.beginFrame(background: .black)
      try TextRenderer().draw(string, font: FontSpec(size: 36), color: .white, centerX: 30, centerY: 20, on: fresh)
      let same = frame == (try fresh.snapshot())
      #expect(same, "text \(string)")
      #expect(text.keptBytes <= budget)
      kept.append(text.keptBytes)
    }
    // Each label's coverage is a good part of the canvas: some were let go to make room.
    #expect(kept.contains { $0 > 0 })
    #expect(zip(kept, kept.dropFirst()).contains { $1 < $0 })
  }

  /// Text too large for FreeType is skipped, and the canvas stays usable.
  @Test func hugeTextIsSkipped() throws {
    let text = try TextRenderer()
    let canvas = try CairoCanvas(pixelWidth: 20, pixelHeight: 20, deviceScale: 1)
    try canvas.beginFrame(background: .black)
    canvas.scale(1e4, about: 10, 10)
    try text.draw("8", font: FontSpec(size: 4096), color: .white, centerX: 10, centerY: 10, on: canvas)
    #expect(try canvas.snapshot().pixels.allSatisfy { $0 == 0xff00_0000 })
  }
}
