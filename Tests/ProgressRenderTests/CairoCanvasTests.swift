import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderRaster

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
      guard case .cairo(let operation, _) = error else {
        Issue.record("not a Cairo error: \(error)")
        return
      }
      #expect(operation == "creating a \(width)×\(height) ARGB32 surface")
      #expect(
        error.description.hasPrefix("cairo failed while creating a \(width)×\(height) ARGB32 surface: invalid value"))
    }
  }

  @Test func anErrorIsReportedThenTheNextFrameRecovers() throws {
    let canvas = try CairoCanvas(pixelWidth: 8, pixelHeight: 8, deviceScale: 1)
    try canvas.beginFrame(background: .clear)
    canvas.scale(0, 0)
    #expect(throws: RasterError.cairo(operation: "drawing a frame", status: "invalid matrix (not invertible)")) {
      try canvas.snapshot()
    }
    try canvas.beginFrame(background: .white)
    #expect(try canvas.snapshot().pixels.allSatisfy { $0 == 0xffff_ffff })
  }

  @Test func imageSourceIsTurnedAboutAPoint() throws {
    // Left half red, right half blue; turned by a half turn about the centre, the halves swap.
    let pixels = (0..<16).map { $0 % 4 < 2 ? UInt32(0xffff_0000) : 0xff00_00ff }
    let image = try CairoImage(Frame(width: 4, height: 4, pixels: pixels))
    let canvas = try CairoCanvas(pixelWidth: 8, pixelHeight: 8, deviceScale: 2)
    try canvas.beginFrame(background: .clear)
    canvas.setSource(image, pixelsPerPoint: 2, left: 0, top: 0, rotation: 0, aboutX: 2, 2)
    canvas.paint()
    let straight = try canvas.snapshot()
    // Two canvas pixels an image pixel: the image covers the canvas's top-left quarter unchanged.
    #expect(straight.rgba(x: 0, y: 0) == (255, 0, 0, 255))
    #expect(straight.rgba(x: 3, y: 3) == (0, 0, 255, 255))
    #expect(straight.rgba(x: 6, y: 6).a == 0)
    try canvas.beginFrame(background: .clear)
    canvas.setSource(image, pixelsPerPoint: 1, left: 0, top: 0, rotation: .pi, aboutX: 2, 2)
    canvas.paint()
    let turned = try canvas.snapshot()
    #expect(turned.rgba(x: 2, y: 4) == (0, 0, 255, 255))
    #expect(turned.rgba(x: 5, y: 4) == (255, 0, 0, 255))
  }

  @Test func backdropIsCopiedExactly() throws {
    let canvas = try CairoCanvas(pixelWidth: 5, pixelHeight: 3, deviceScale: 1)
    let pixels = (0..<15).map { UInt32($0) * 0x0101_0101 }
    try canvas.beginFrame(backdrop: Frame(width: 5, height: 3, pixels: pixels))
    #expect(try canvas.snapshot().pixels == pixels)
    #expect(
      throws: RasterError.cairo(
        operation: "starting a 5×3 frame from a 3×5 backdrop",
        status: "invalid value (typically too big) for the size of the input (surface, pattern, etc.)")
    ) {
      try canvas.beginFrame(backdrop: Frame(width: 3, height: 5, pixels: pixels))
    }
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

  /// (width, amplitude, wavelength, device scale) → chords. The first four are `wave`'s two waves at
  /// 480 and 240 px (one every half pixel would be 797 and 399); then a flat wave, a wave so bent
  /// that half-pixel chords cap it, and widths that are not numbers a loop could count to.
  @Test(
    arguments: [
      (166, 8.2, 114.8, 2.4, 64), (166, 4.92, 131.2, 2.4, 44), (166, 8.2, 114.8, 1.2, 46), (166, 4.92, 131.2, 1.2, 31),
      (166, 0, 114.8, 2.4, 1), (10, 50, 0.5, 1, 20), (.infinity, 8, 100, 1, 1), (.nan, 8, 100, 1, 1),
      (1e12, 8, 100, 1, 1_000_000),
    ] as [(Double, Double, Double, Double, Int)])
  func sineSegmentsKeepEveryChordWithinTolerance(
    width: Double, amplitude: Double, wavelength: Double, scale: Double, expected: Int
  ) {
    let count = CairoCanvas.sineSegments(width: width, amplitude: amplitude, wavelength: wavelength, deviceScale: scale)
    #expect(count == expected)
    guard width.isFinite, count < 1_000_000 else { return }
    let chord = width / Double(count)
    let k = 2 * Double.pi / wavelength
    // Within tolerance, or as narrow as chords get (half a device pixel).
    #expect(chord * chord * amplitude * k * k * scale / 8 <= CairoCanvas.sineTolerance + 1e-12 || chord <= 0.5 / scale)
  }

  /// The polyline's region against one sampled every twentieth of a pixel: no pixel's coverage
  /// differs by more than a tenth of a pixel's worth (Cairo samples 15 rows a pixel, so the
  /// tolerance's 0.05 px can show as a fifteenth).
  @Test func sineWaveRegionMatchesAFinelySampledCurve() throws {
    let (left, right, baseline, amplitude, wavelength, phase, bottom) = (0.0, 160.0, 25.0, 10.0, 120.0, 0.7, 50.0)
    func render(_ draw: (CairoCanvas) -> Void) throws -> Frame {
      let canvas = try CairoCanvas(pixelWidth: 320, pixelHeight: 100, deviceScale: 2)
      try canvas.beginFrame(background: .clear)
      canvas.setColor(.white)
      draw(canvas)
      canvas.fill()
      return try canvas.snapshot()
    }
    let drawn = try render {
      $0.sineWaveRegion(
        left: left, right: right, baseline: baseline, amplitude: amplitude, wavelength: wavelength, phase: phase,
        bottom: bottom)
    }
    let fine = try render { canvas in
      let k = 2 * Double.pi / wavelength
      canvas.move(to: left, bottom)
      for i in 0...6400 {
        let x = left + (right - left) * Double(i) / 6400
        canvas.line(to: x, baseline - amplitude * sin(k * (x - left) + phase))
      }
      canvas.line(to: right, bottom)
      canvas.closePath()
    }
    let worst = zip(drawn.pixels, fine.pixels).map { abs(Int($0 >> 24) - Int($1 >> 24)) }.max() ?? 0
    #expect(worst <= 26)
    #expect(drawn.pixels.contains { $0 >> 24 == 255 } && drawn.pixels.contains { $0 >> 24 == 0 })
  }

  @Test(arguments: [(2, [0, 255]), (3, [0, 128, 255]), (5, [0, 64, 128, 191, 255])] as [(Int, [UInt8])])
  func edgeTableRoundsToEvenlySpacedLevels(levels: Int, values: [UInt8]) {
    let table = CairoCanvas.edgeTable(levels: levels)
    #expect(table.count == 256)
    #expect(Array(Set(table)).sorted() == values)
    #expect(table[0] == 0 && table[255] == 255)
    #expect(zip(table, table.dropFirst()).allSatisfy { $0 <= $1 })
  }

  /// A white disc on a transparent canvas: its edge pixels' alphas are its coverage.
  private func discAlphas(edgeLevels: Int) throws -> (alphas: Set<UInt32>, frame: Frame) {
    let canvas = try CairoCanvas(pixelWidth: 48, pixelHeight: 48, deviceScale: 1, edgeLevels: edgeLevels)
    try canvas.beginFrame(background: .clear)
    canvas.layer(.white) {
      canvas.circle(centerX: 24.3, centerY: 23.6, radius: 17.2)
      canvas.fill()
    }
    let frame = try canvas.snapshot()
    return (Set(frame.pixels.map { $0 >> 24 }), frame)
  }

  @Test(arguments: [2, 5, 17])
  func layersRoundEdgeCoverage(levels: Int) throws {
    let allowed = Set(CairoCanvas.edgeTable(levels: levels).map(UInt32.init))
    let (alphas, _) = try discAlphas(edgeLevels: levels)
    #expect(alphas == allowed)
  }

  @Test func fullEdgeLevelsPaintExactlyAsCairoDoes() throws {
    let (alphas, layered) = try discAlphas(edgeLevels: 256)
    #expect(alphas.count > 40)
    let canvas = try CairoCanvas(pixelWidth: 48, pixelHeight: 48, deviceScale: 1)
    try canvas.beginFrame(background: .clear)
    canvas.circle(centerX: 24.3, centerY: 23.6, radius: 17.2)
    canvas.setColor(.white)
    canvas.fill()
    #expect(try canvas.snapshot() == layered)
  }

  @Test func roundedLayersKeepTheirSourceAndStayInsideTheirBounds() throws {
    let canvas = try CairoCanvas(pixelWidth: 40, pixelHeight: 40, deviceScale: 2, edgeLevels: 17)
    try canvas.beginFrame(background: .black)
    let red = RGBAColor(r: 255, g: 0, b: 0, a: 128)
    canvas.layer(red, within: CairoCanvas.Rect(x: 0, y: 0, width: 10, height: 20)) {
      canvas.circle(centerX: 10, centerY: 10, radius: 8)
      canvas.fill()
    }
    let frame = try canvas.snapshot()
    // Inside the disc and the bounds: half-transparent red over black.
    #expect(frame.rgba(x: 12, y: 20) == (128, 0, 0, 255))
    // Inside the disc, outside the bounds: untouched.
    #expect(frame.rgba(x: 28, y: 20) == (0, 0, 0, 255))
  }

  @Test(arguments: [(0.55, 0.7), (0.3, 0.45), (0.9, 0.999)])
  func aLongerArcRepaintsTheSharedPartExactly(shorter: Double, longer: Double) throws {
    func arc(turns: Double) throws -> Frame {
      let canvas = try CairoCanvas(pixelWidth: 120, pixelHeight: 120, deviceScale: 1)
      try canvas.beginFrame(background: .clear)
      canvas.arc(centerX: 60, centerY: 60, radius: 50, from: -.pi / 2, to: -.pi / 2 + turns * 2 * .pi)
      canvas.setLineWidth(6)
      canvas.setColor(.white)
      canvas.stroke()
      return try canvas.snapshot()
    }
    let a = try arc(turns: shorter)
    let b = try arc(turns: longer)
    // Pixels well before the shorter arc's end (by angle, clockwise from 12 o'clock) are the same,
    // except in the rows the ends pass through: Cairo's rasterizer samples a row more finely when
    // an edge ends in it, which moves coverage there by a level.
    func endRow(_ turns: Double) -> Double { 60 - 50 * cos(turns * 2 * .pi) }
    let skipped = [endRow(shorter), endRow(longer)]
    var compared = 0
    for y in 0..<120 where skipped.allSatisfy({ abs(Double(y) + 0.5 - $0) > 6 }) {
      for x in 0..<120 {
        let angle = atan2(Double(x) + 0.5 - 60, 60 - Double(y) - 0.5)
        let turn = (angle < 0 ? angle + 2 * .pi : angle) / (2 * .pi)
        guard turn > 0.02, turn < shorter - 0.08 else { continue }
        compared += 1
        #expect(a.pixels[y * 120 + x] == b.pixels[y * 120 + x], "pixel (\(x), \(y))")
      }
    }
    #expect(compared > 1500)
  }

  /// Angles a style file can ask for (`startAngle` only has to be finite) must not hang the splitting.
  @Test(arguments: [(1e17, 1e17 + 3.0), (0, -1e300), (-1e300, 0), (5e15, 5e15 - 40)] as [(Double, Double)])
  func extremeArcAnglesFinish(start: Double, end: Double) throws {
    let canvas = try CairoCanvas(pixelWidth: 20, pixelHeight: 20, deviceScale: 1)
    for clockwise in [true, false] {
      try canvas.beginFrame(background: .clear)
      canvas.arc(centerX: 10, centerY: 10, radius: 6, from: start, to: end, clockwise: clockwise)
      canvas.setLineWidth(2)
      canvas.setColor(.white)
      canvas.stroke()
      _ = try canvas.snapshot()
    }
  }
}
