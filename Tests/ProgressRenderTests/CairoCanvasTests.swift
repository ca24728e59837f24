import Testing

@testable import ProgressRender

@Suite struct CairoCanvasTests {
  @Test func clearsToBackgroundAndSnapshotsEveryPixel() throws {
    let canvas = try CairoCanvas(pixelWidth: 7, pixelHeight: 5, deviceScale: 1)
    try canvas.beginFrame(background: RGBAColor(r: 10, g: 20, b: 30))
    let frame = try canvas.snapshot()
    #expect(frame.width == 7 && frame.height == 5)
    #expect(frame.pixels.allSatisfy { $0 == 0xff0a_141e })
    try canvas.beginFrame(background: .clear)
    #expect(try canvas.snapshot().pixels.allSatisfy { $0 == 0 })
  }

  @Test func deviceScaleMapsPointsToPixels() throws {
    let canvas = try CairoCanvas(pixelWidth: 20, pixelHeight: 20, deviceScale: 2)
    try canvas.beginFrame(background: .clear)
    canvas.setColor(.white)
    canvas.move(to: 0, 0)
    canvas.line(to: 5, 0)
    canvas.line(to: 5, 5)
    canvas.line(to: 0, 5)
    canvas.closePath()
    canvas.fill()
    let frame = try canvas.snapshot()
    #expect(frame.rgba(x: 9, y: 9) == (255, 255, 255, 255))
    #expect(frame.rgba(x: 10, y: 10).a == 0)
    #expect(frame.pixels.filter { $0 != 0 }.count == 100)
  }

  @Test func stateIsResetBetweenFrames() throws {
    let canvas = try CairoCanvas(pixelWidth: 10, pixelHeight: 10, deviceScale: 1)
    try canvas.beginFrame(background: .clear)
    canvas.translate(5, 5)
    canvas.circle(centerX: 0, centerY: 0, radius: 2)
    canvas.clip()
    try canvas.beginFrame(background: .black)
    canvas.setColor(.white)
    canvas.paint()
    #expect(try canvas.snapshot().pixels.allSatisfy { $0 == 0xffff_ffff })
  }

  @Test(arguments: [(0, 10), (10, 0), (40_000, 1)])
  func rejectsBadSizes(width: Int, height: Int) {
    do {
      _ = try CairoCanvas(pixelWidth: width, pixelHeight: height, deviceScale: 1)
      Issue.record("a \(width)×\(height) canvas was created")
    } catch {
      #expect(error.operation == "creating a \(width)×\(height) ARGB32 surface")
      #expect(
        error.description.hasPrefix("cairo failed while creating a \(width)×\(height) ARGB32 surface: invalid value"))
    }
  }

  @Test func anErrorIsReportedThenTheNextFrameRecovers() throws {
    let canvas = try CairoCanvas(pixelWidth: 8, pixelHeight: 8, deviceScale: 1)
    try canvas.beginFrame(background: .clear)
    canvas.scale(0, 0)
    #expect(throws: CairoError(operation: "drawing a frame", status: "invalid matrix (not invertible)")) {
      try canvas.snapshot()
    }
    try canvas.beginFrame(background: .white)
    #expect(try canvas.snapshot().pixels.allSatisfy { $0 == 0xffff_ffff })
  }

  @Test func conicGradientRunsFromTailToHead() throws {
    let canvas = try CairoCanvas(pixelWidth: 40, pixelHeight: 40, deviceScale: 1)
    try canvas.beginFrame(background: .clear)
    canvas.setConicGradient(
      centerX: 20, centerY: 20, radius: 30, start: 0, end: 1.5 * Double.pi, from: .black, to: .white)
    canvas.paint()
    let frame = try canvas.snapshot()
    // 3 o'clock is the tail (black), 6 o'clock a third of the way, 9 o'clock two thirds, 12 o'clock the head.
    let east = frame.rgba(x: 35, y: 20).r
    let south = frame.rgba(x: 20, y: 35).r
    let west = frame.rgba(x: 5, y: 20).r
    let north = frame.rgba(x: 20, y: 5).r
    #expect(east < 15)
    #expect(abs(Int(south) - 85) < 15)
    #expect(abs(Int(west) - 170) < 15)
    #expect(north > 240)
  }

  @Test func drawsImagesScaledIntoARectangle() throws {
    let image = try CairoImage(Frame(width: 2, height: 1, pixels: [0xffff_0000, 0xff00_00ff]))
    let canvas = try CairoCanvas(pixelWidth: 40, pixelHeight: 20, deviceScale: 1)
    try canvas.beginFrame(background: .clear)
    canvas.draw(image, x: 0, y: 0, width: 40, height: 20)
    let frame = try canvas.snapshot()
    #expect(frame.rgba(x: 2, y: 10) == (255, 0, 0, 255))
    #expect(frame.rgba(x: 37, y: 10) == (0, 0, 255, 255))
  }

  @Test func sineWaveRegionFollowsTheCurve() throws {
    let canvas = try CairoCanvas(pixelWidth: 40, pixelHeight: 40, deviceScale: 1)
    try canvas.beginFrame(background: .clear)
    canvas.setColor(.white)
    canvas.sineWaveRegion(left: 0, right: 40, baseline: 20, amplitude: 8, wavelength: 40, phase: 0, bottom: 40)
    canvas.fill()
    let frame = try canvas.snapshot()
    // Crest at x = 10 reaches y = 12; trough at x = 30 only y = 28.
    #expect(frame.rgba(x: 10, y: 13).a == 255)
    #expect(frame.rgba(x: 10, y: 10).a == 0)
    #expect(frame.rgba(x: 30, y: 26).a == 0)
    #expect(frame.rgba(x: 30, y: 29).a == 255)
  }
}
