import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderPipeline
@testable import ProgressRenderRaster

@Suite struct PainterTests {
  static let grey = RGBAColor(r: 214, g: 214, b: 214)

  static func style(_ look: Look, size: Double = 120, background: RGBAColor = .white, tracks: [Track] = []) -> Style {
    Style(
      name: "test", summary: "", size: size, duration: 1, fps: 10, background: background, tracks: tracks, look: look)
  }

  static func render(
    _ style: Style, _ values: [String: Double], time: Double = 0, scale: Int = 1, baseDirectory: String? = nil
  ) throws -> Frame {
    var settings = RenderSettings(defaultsOf: style)
    settings.scale = scale
    return try Renderer(style: style, settings: settings, baseDirectory: baseDirectory).painter
      .paint(TrackValues(time: time, values: values))
  }

  /// The pixel on the circle of `radius` about the centre at `degrees` (0 = 3 o'clock, clockwise).
  static func pixel(_ f: Frame, radius: Double, degrees: Double, center: Double = 60) -> (
    r: UInt8, g: UInt8, b: UInt8, a: UInt8
  ) {
    let a = degrees * .pi / 180
    return f.rgba(x: Int(center + radius * cos(a)), y: Int(center + radius * sin(a)))
  }

  static let downloadLook = Look(
    track: RingStroke(color: .black, width: 8), arc: Arc(color: grey, width: 12, cap: .round, minProgress: 0.01))

  @Test func downloadArcRunsFromTwelveToThreeAtAQuarter() throws {
    let f = try Self.render(Self.style(Self.downloadLook), ["progress": 0.25])
    #expect(f.width == 120 && f.height == 120)
    for degrees in [-80.0, -45, -10] {
      #expect(Self.pixel(f, radius: 54, degrees: degrees) == (214, 214, 214, 255), "arc at \(degrees)°")
    }
    for degrees in [-110.0, 45, 90, 180] {
      #expect(Self.pixel(f, radius: 54, degrees: degrees) == (0, 0, 0, 255), "track at \(degrees)°")
    }
    // The arc is 12 wide (48…60), the track 8 (50…58): the arc hides the track entirely.
    #expect(Self.pixel(f, radius: 49, degrees: -45) == (214, 214, 214, 255))
    #expect(Self.pixel(f, radius: 47, degrees: 90) == (255, 255, 255, 255))
    #expect(f.rgba(x: 60, y: 60) == (255, 255, 255, 255))
  }

  @Test(arguments: [(0.0, 3.6), (1.7, 360.0), (-3.0, 3.6)] as [(Double, Double)])
  func progressIsClampedAndMinimumShows(progress: Double, arcDegrees: Double) throws {
    let f = try Self.render(Self.style(Self.downloadLook), ["progress": progress])
    // Just past the start, the arc (or its round-capped 1 % dot) shows.
    #expect(Self.pixel(f, radius: 54, degrees: -90 + arcDegrees / 2) == (214, 214, 214, 255))
    let beyond = Self.pixel(f, radius: 54, degrees: 0)
    #expect(arcDegrees == 360 ? beyond.r == 214 : beyond.r == 0)
  }

  @Test func countdownStartsAtThreeOClockAndCounterClockwiseGoesUp() throws {
    let cw = try Self.render(Self.style(Look(arc: Arc(color: .black, width: 4, startAngle: 0))), ["progress": 0.25])
    #expect(Self.pixel(cw, radius: 58, degrees: 45).r == 0)
    #expect(Self.pixel(cw, radius: 58, degrees: -45).r == 255)
    let ccw = try Self.render(
      Self.style(Look(arc: Arc(color: .black, width: 4, startAngle: 0, clockwise: false))), ["progress": 0.25])
    #expect(Self.pixel(ccw, radius: 58, degrees: 45).r == 255)
    #expect(Self.pixel(ccw, radius: 58, degrees: -45).r == 0)
  }

  @Test func pieAtAQuarterCoversTheLeftThreeQuarters() throws {
    let look = Look(pie: Pie(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.4)))
    let f = try Self.render(Self.style(look, size: 100), ["progress": 0.25])
    #expect(f.rgba(x: 75, y: 25) == (255, 255, 255, 255))
    for (x, y) in [(25, 25), (25, 75), (75, 75), (47, 20), (80, 53)] {
      #expect(f.rgba(x: x, y: y) == (153, 153, 153, 255), "(\(x), \(y)) is under the pie")
    }
    #expect(f.rgba(x: 2, y: 2) == (255, 255, 255, 255), "corners are outside the circle")
    let start = try Self.render(Self.style(look, size: 100), ["progress": 0])
    #expect(start.rgba(x: 75, y: 25) == (153, 153, 153, 255))
    let done = try Self.render(Self.style(look, size: 100), ["progress": 1])
    #expect(done.pixels.allSatisfy { $0 == 0xffff_ffff })
  }

  @Test func backgroundFillsCornersOrStaysTransparent() throws {
    let look = Look(disc: Disc(color: .black))
    let clear = try Self.render(Self.style(look, background: .clear), [:])
    let navy = try Self.render(Self.style(look, background: RGBAColor(r: 0, g: 0, b: 128)), [:])
    for (x, y) in [(0, 0), (119, 0), (0, 119), (119, 119)] {
      #expect(clear.pixels[y * 120 + x] == 0)
      #expect(navy.rgba(x: x, y: y) == (0, 0, 128, 255))
    }
    #expect(clear.rgba(x: 60, y: 60) == (0, 0, 0, 255))
    #expect(clear.rgba(x: 60, y: 1) == (0, 0, 0, 255), "the disc reaches the canvas edge")
  }

  @Test func thumbRidesTheArcEndWithItsLabel() throws {
    let look = Look(
      arc: Arc(color: .white, width: 4),
      thumb: Thumb(
        diameter: 30, fill: RGBAColor(white: 2.0 / 3.0), stroke: .black, strokeWidth: 1,
        label: LookLabel(
          format: "mm:ss", source: "time", font: FontSpec(size: 10), color: RGBAColor(r: 255, g: 0, b: 0))))
    let style = Self.style(look, size: 272, background: .black)
    let f = try Self.render(style, ["progress": 0.25], time: 15)
    // Ring radius 120.5: at a quarter the thumb is centred at 3 o'clock, (256.5, 136).
    #expect(f.rgba(x: 256, y: 124) == (170, 170, 170, 255))
    #expect(f.rgba(x: 256, y: 121).r < 120, "the black outline at the thumb's top")
    var red = 0
    for y in 126..<146 {
      for x in 240..<272 {
        let p = f.rgba(x: x, y: y)
        if p.r > 150, p.g < 100 { red += 1 }
      }
    }
    #expect(red > 20, "'00:15' in red on the thumb")
    // At 0 the thumb sits at 12 o'clock.
    let start = try Self.render(style, ["progress": 0], time: 0)
    #expect(start.rgba(x: 136, y: 4) == (170, 170, 170, 255))
  }

  @Test func waveFillsToItsLevelAndTheRingGapTurns() throws {
    let water = RGBAColor(r: 0, g: 0, b: 255)
    let air = RGBAColor(r: 200, g: 230, b: 255)
    let look = Look(
      wave: Wave(
        ring: WaveRing(color: .black, width: 6, gap: 60), inset: 0.1, fill: air,
        layers: [WaveLayer(color: water, amplitude: 0.02, wavelength: 0.5, speed: 1)]))
    let style = Self.style(look, size: 200)
    let half = try Self.render(style, ["level": 0.5, "progress": 0.9, "rotation": 0])
    // Inner radius 80; the mean water line at the centre, crests 3.2 above it.
    #expect(half.rgba(x: 100, y: 60) == (200, 230, 255, 255))
    #expect(half.rgba(x: 100, y: 140) == (0, 0, 255, 255))
    #expect(half.rgba(x: 100, y: 16) == (255, 255, 255, 255), "outside the inner circle")
    // The ring (centre line 97) has its gap at 12 o'clock at rotation 0 …
    #expect(half.rgba(x: 100, y: 3) == (255, 255, 255, 255))
    #expect(half.rgba(x: 100, y: 197) == (0, 0, 0, 255))
    // … and at 6 o'clock after half a turn.
    let turned = try Self.render(style, ["level": 0.5, "rotation": .pi])
    #expect(turned.rgba(x: 100, y: 3) == (0, 0, 0, 255))
    #expect(turned.rgba(x: 100, y: 197) == (255, 255, 255, 255))
    // Level falls back to progress; 0 is empty and 1 is full.
    let empty = try Self.render(style, ["progress": 0])
    let full = try Self.render(style, ["progress": 1])
    #expect(empty.rgba(x: 100, y: 178) == (200, 230, 255, 255))
    #expect(full.rgba(x: 100, y: 22) == (0, 0, 255, 255))
  }

  @Test func waveRingGradientFadesFromTailToHead() throws {
    let look = Look(
      wave: Wave(
        ring: WaveRing(color: .black, width: 6, gap: 90, tailColor: .white), inset: 0.1, layers: []))
    let f = try Self.render(Self.style(look, size: 200), ["rotation": 0])
    // Tail just after the gap (about 1:30), head just before it (about 10:30): darker towards the head.
    let nearTail = Self.pixel(f, radius: 97, degrees: -30, center: 100).r
    let middle = Self.pixel(f, radius: 97, degrees: 90, center: 100).r
    let nearHead = Self.pixel(f, radius: 97, degrees: 210, center: 100).r
    #expect(nearTail > middle && middle > nearHead)
    #expect(abs(Int(middle) - 128) < 20)
  }

  @Test func imageCoversTheCircleFromARelativePath() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("painter-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // 4×2: red left half, blue right half; aspect fill scales it to 240×120 and crops the sides.
    let picture = Frame(width: 4, height: 2, pixels: (0..<8).map { $0 % 4 < 2 ? 0xffff_0000 : 0xff00_00ff })
    try Data(PNGCodec.encode(picture)).write(to: folder.appendingPathComponent("pic.png"))
    let style = Self.style(Look(image: ImageFill(path: "pic.png")))
    let f = try Self.render(style, [:], baseDirectory: folder.path)
    #expect(f.rgba(x: 20, y: 60) == (255, 0, 0, 255))
    #expect(f.rgba(x: 100, y: 60) == (0, 0, 255, 255))
    #expect(f.rgba(x: 60, y: 3) != (255, 255, 255, 255), "the image reaches the top of the circle")
    #expect(f.rgba(x: 3, y: 3) == (255, 255, 255, 255), "clipped to the circle")
    // Errors name the resolved file.
    let missing = folder.appendingPathComponent("nope.png").path
    #expect(throws: RasterError.unreadableImage(path: missing)) {
      try Self.render(Self.style(Look(image: ImageFill(path: "nope.png"))), [:], baseDirectory: folder.path)
    }
    let text = folder.appendingPathComponent("notes.png")
    try Data("hello".utf8).write(to: text)
    #expect(throws: RasterError.notPNG(source: text.path)) {
      try Self.render(Self.style(Look(image: ImageFill(path: text.path))), [:], baseDirectory: "/elsewhere")
    }
  }

  @Test func defaultPictureIsDrawnInTheCircle() throws {
    let style = Self.style(Look(image: ImageFill()))
    let f = try Self.render(style, [:])
    #expect(f == (try Self.render(style, [:])))
    #expect(f.rgba(x: 2, y: 2) == (255, 255, 255, 255))
    let top = f.rgba(x: 60, y: 15)
    let bottom = f.rgba(x: 60, y: 110)
    #expect(top.b > top.g && top.b > 150, "blue sky at the top, got \(top)")
    #expect(bottom.g > bottom.r && bottom.g > bottom.b, "green hills at the bottom, got \(bottom)")
    #expect(Set(f.pixels).count > 500, "a picture, not a flat fill")
  }

  @Test func labelHiddenAtZeroAndCentred() throws {
    let look = Look(labels: [
      LookLabel(
        format: "%.0f", source: "progress", multiplier: 100, font: FontSpec(size: 20, weight: .bold), color: .black,
        offset: 10, hiddenAtZero: true)
    ])
    let style = Self.style(look)
    #expect(try Self.render(style, ["progress": 0]).pixels.allSatisfy { $0 == 0xffff_ffff })
    let f = try Self.render(style, ["progress": 0.5])
    var xs = [Int]()
    var ys = [Int]()
    for y in 0..<120 {
      for x in 0..<120 where f.rgba(x: x, y: y).r < 128 {
        xs.append(x)
        ys.append(y)
      }
    }
    #expect(xs.count > 50)
    #expect(abs(Double(xs.min()! + xs.max()!) / 2 - 59.5) <= 1.5, "'50' centred horizontally")
    #expect(Double(ys.min()! + ys.max()!) / 2 > 62, "moved down by the offset")
  }

  @Test func scaleTrackScalesAboutTheCentreWithinTheCanvas() throws {
    let tracks = [
      Track(name: "scale", keyframes: [TrackKeyframe(time: 0, value: 1), TrackKeyframe(time: 1, value: 1.25)])
    ]
    let style = Self.style(Look(arc: Arc(color: .black, width: 4)), size: 100, tracks: tracks)
    // Room 50 / 1.25 = 40: ring centre line 38, 36…40 at scale 1, 45…50 at 1.25.
    let small = try Self.render(style, ["progress": 1, "scale": 1])
    #expect(small.rgba(x: 50, y: 11).r == 0)
    #expect(small.rgba(x: 50, y: 8).r == 255)
    let big = try Self.render(style, ["progress": 1, "scale": 1.25])
    #expect(big.rgba(x: 50, y: 2).r == 0)
    #expect(big.rgba(x: 50, y: 6).r == 255)
    let reach = Self.inkReach(big, background: .white)
    #expect(reach <= 50.25 && reach >= 49, "the ring touches the edge and no more: \(reach)")
  }

  /// How far from the centre ink reaches: the largest distance from the canvas centre to the nearest
  /// point of a pixel that differs from the background by more than 24 in some channel.
  static func inkReach(_ f: Frame, background: RGBAColor) -> Double {
    let b = Frame.unpremultiply(Frame.premultiplied(background))
    let c = Double(f.width) / 2
    var reach = 0.0
    for y in 0..<f.height {
      for x in 0..<f.width {
        let p = f.rgba(x: x, y: y)
        let d = max(abs(Int(p.r) - Int(b.r)), abs(Int(p.g) - Int(b.g)), abs(Int(p.b) - Int(b.b)))
        guard d > 24 else { continue }
        let nx = min(max(c, Double(x)), Double(x + 1))
        let ny = min(max(c, Double(y)), Double(y + 1))
        reach = max(reach, ((nx - c) * (nx - c) + (ny - c) * (ny - c)).squareRoot())
      }
    }
    return reach
  }

  /// Every preset's ink stays inside the circle inscribed in the canvas (so nothing is cut at an
  /// edge) and reaches it (the ring uses all the room), at full progress and at its largest scale.
  @Test(arguments: ["download", "countdown", "thumb", "wave", "activity"])
  func presetsStayInsideTheCanvasAtTheirLargestScale(name: String) throws {
    let style = try Presets.named(name)
    let maxScale = style.tracks.first { $0.name == "scale" }?.keyframes.map(\.value).max() ?? 1
    for progress in [0.999, 0.5] {
      let f = try Self.render(style, ["progress": progress, "scale": maxScale, "rotation": 0.3], time: 30)
      let reach = Self.inkReach(f, background: style.background)
      #expect(reach <= style.size / 2 + 0.25, "\(name) at \(progress): ink reaches \(reach)")
      #expect(reach >= style.size / 2 - 1.5, "\(name) at \(progress): ink reaches only \(reach)")
    }
  }

  @Test func doubleScaleIsTheSamePictureWithFourTimesThePixels() throws {
    let look = Look(
      track: RingStroke(color: .black, width: 8), arc: Arc(color: Self.grey, width: 12, cap: .round),
      labels: [LookLabel(format: "%.0f", source: "progress", multiplier: 100, font: FontSpec(size: 14), color: .black)])
    let style = Self.style(look)
    let one = try Self.render(style, ["progress": 0.37])
    let two = try Self.render(style, ["progress": 0.37], scale: 2)
    #expect(two.width == 240 && two.height == 240)
    var total = 0
    var worst = 0
    for y in 0..<120 {
      for x in 0..<120 {
        var sum = 0
        for dy in 0..<2 { for dx in 0..<2 { sum += Int(two.rgba(x: 2 * x + dx, y: 2 * y + dy).r) } }
        let d = abs(sum / 4 - Int(one.rgba(x: x, y: y).r))
        total += d
        worst = max(worst, d)
      }
    }
    #expect(Double(total) / 14_400 < 1.0, "mean difference \(Double(total) / 14_400)")
    #expect(worst < 64)
  }

  @Test func paintingIsDeterministicAndStateless() throws {
    let style = try Presets.named("thumb")
    let painter = try Renderer(style: style, settings: RenderSettings(defaultsOf: style)).painter
    let a = TrackValues(time: 12, values: ["progress": 0.2, "elapsed": 12])
    let b = TrackValues(time: 40, values: ["progress": 0.66, "elapsed": 40])
    let first = try painter.paint(a)
    _ = try painter.paint(b)
    #expect(try painter.paint(a) == first)
    #expect(first != (try painter.paint(b)))
  }
}

extension PainterTests {
  @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300])
  func hostileSceneValuesStillPaint(value: Double) throws {
    let style = try Presets.named("wave")
    var look = style.look
    look.arc = Arc(color: .black, width: 3, tailSource: "level", colors: [.black, .white], colorSource: "phase")
    look.thumb = Thumb(diameter: 10, fill: .black)
    look.pie = Pie(color: .black.withAlpha(0.3))
    look.spokes = Spokes(color: .black, count: 12, width: 2, inner: 0.5)
    look.dots = Dots(color: .black, diameter: 8, spacing: 12, minScale: 0.5, sources: ["progress", "phase"])
    look.labels = [
      LookLabel(format: "%.1f%%", source: "progress", multiplier: 100, font: FontSpec(size: 1e12), color: .black)
    ]
    var hostile = style
    hostile.look = look
    let names = ["progress", "rotation", "phase", "scale", "level"]
    let f = try Self.render(hostile, Dictionary(uniqueKeysWithValues: names.map { ($0, value) }))
    #expect(f.width == 200)
  }
}

extension PainterTests {
  @Test func scaleZeroDrawsOnlyTheBackground() throws {
    let f = try Self.render(Self.style(Self.downloadLook, background: .clear), ["progress": 0.5, "scale": 0])
    #expect(f.pixels.allSatisfy { $0 == 0 })
  }
}

extension PainterTests {
  /// Frames at scale 1 start from a backdrop of the disc and image painted once; they must equal
  /// painting everything (forced here by a scale a hair above 1), before and after scaled frames.
  @Test func backdropFramesEqualPaintingEverything() throws {
    let look = Look(
      disc: Disc(color: RGBAColor(r: 20, g: 40, b: 60, a: 200)), image: ImageFill(),
      pie: Pie(color: .black.withAlpha(0.4)))
    let style = Self.style(look, tracks: [])
    let painter = try Renderer(style: style, settings: RenderSettings(defaultsOf: style)).painter
    let cached = try painter.paint(TrackValues(time: 0, values: ["progress": 0.3]))
    let painted = try painter.paint(TrackValues(time: 0, values: ["progress": 0.3, "scale": 1.0.nextUp]))
    #expect(cached == painted)
    let bigger = try painter.paint(TrackValues(time: 0, values: ["progress": 0.3, "scale": 1.2]))
    #expect(bigger != cached)
    #expect(try painter.paint(TrackValues(time: 0, values: ["progress": 0.3])) == cached)
  }

  /// The ring's gradient turns with the ring: a quarter turn later, each pixel shows what the pixel
  /// a quarter turn back showed.
  @Test(arguments: [1, 3])
  func waveRingGradientTurnsWithTheRing(scale: Int) throws {
    let look = Look(
      wave: Wave(
        ring: WaveRing(color: .black, width: 6, gap: 90, tailColor: .white), inset: 0.1, layers: []))
    let style = Self.style(look, size: 200)
    let still = try Self.render(style, ["rotation": 0], scale: scale)
    let turned = try Self.render(style, ["rotation": .pi / 2], scale: scale)
    let s = Double(scale)
    var worst = 0
    for degrees in stride(from: 0.0, to: 360, by: 7.5) {
      let a = degrees * .pi / 180
      let b = a + .pi / 2
      let before = still.rgba(x: Int((100 + 97 * cos(a)) * s), y: Int((100 + 97 * sin(a)) * s))
      let after = turned.rgba(x: Int((100 + 97 * cos(b)) * s), y: Int((100 + 97 * sin(b)) * s))
      worst = max(worst, abs(Int(before.r) - Int(after.r)), abs(Int(before.a) - Int(after.a)))
    }
    #expect(worst <= 3)
  }
}
