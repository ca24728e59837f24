import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats

@Suite struct GIFEncoderTests {
  typealias F = GIFTestFrames

  /// 30 fps for one second with the rounding carried: 3, 3, 4, … summing to 100.
  static let delays30: [Int] = (0..<30).map { i in (i + 1) * 100 / 30 - i * 100 / 30 }

  @Test(arguments: [0xFF1E_1E1E as UInt32, 0x0000_0000])
  func losslessAnimationDecodesToTheSourceFrames(background: UInt32) throws {
    let delays = Self.delays30
    let frames = delays.indices.map { F.movingSquare(frame: $0, background: background) }
    let encoder = try GIFEncoder(width: 40, height: 30)
    let (bytes, summary) = try encoder.encode(delays: delays) { frames[$0] }
    let gif = try GIFTestDecoder(bytes)
    #expect(gif.version == "GIF89a")
    #expect(gif.width == 40 && gif.height == 30)
    #expect(gif.loopCount == 0)
    #expect(summary.isLossless)
    #expect(summary.byteCount == bytes.count)
    #expect(gif.images.count == 30)
    #expect(gif.images.map(\.delay) == delays)
    let screens = try gif.screens(at: F.startTimes(delays))
    for (i, frame) in frames.enumerated() {
      #expect(screens[i] == F.expectedScreen(frame), "frame \(i)")
    }
    // Frames after the first store only the changed rectangle.
    #expect(gif.images[0].width == 40 && gif.images[0].height == 30)
    #expect(gif.images.dropFirst().allSatisfy { $0.width * $0.height < 40 * 30 })
  }

  @Test func paletteIsAPowerOfTwoWithTheTransparentEntry() throws {
    // 5 opaque colours + transparent = 6 entries → a table of 8.
    let colors: [UInt32] = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF, 0xFF80_8080]
    let frames = colors.enumerated().map { i, c in
      F.frame(width: 10, height: 10, background: 0, rects: [(x: i, y: i, w: 3, h: 3, color: c)])
    }
    let (bytes, summary) = try GIFEncoder(width: 10, height: 10).encode(delays: [5, 5, 5, 5, 5]) { frames[$0] }
    let gif = try GIFTestDecoder(bytes)
    #expect(gif.palette.count == 8)
    #expect(summary.paletteColors == 5 && summary.hasTransparentIndex)
    let transparent = try #require(gif.images[0].transparentIndex)
    #expect(transparent == 5)
    #expect(gif.backgroundIndex == 5)
    #expect(Set(gif.palette.prefix(5)) == Set(colors.map { $0 & 0xFF_FFFF }))
    // The first frame is mostly transparent pixels.
    #expect(gif.images[0].indices.filter { $0 == transparent }.count == 100 - 9)
  }

  @Test func identicalConsecutiveFramesMergeWithSummedDelays() throws {
    // Pictures: A A A B B A C C → GIF frames A(3 delays) B(2) A(1) C(2).
    let pictures = [0, 0, 0, 1, 1, 0, 2, 2]
    let delays = [3, 3, 4, 3, 3, 4, 3, 3]
    let frames = pictures.map { F.movingSquare(frame: $0 * 4, background: 0xFF00_0000) }
    let (bytes, summary) = try GIFEncoder(width: 40, height: 30).encode(delays: delays) { frames[$0] }
    let gif = try GIFTestDecoder(bytes)
    #expect(summary.framesWritten == 4)
    #expect(gif.images.map(\.delay) == [10, 6, 4, 6])
    #expect(gif.images.map(\.delay).reduce(0, +) == delays.reduce(0, +))
    let screens = try gif.screens(at: F.startTimes(delays))
    for i in frames.indices { #expect(screens[i] == F.expectedScreen(frames[i]), "frame \(i)") }
  }

  @Test func aStillAnimationWritesOneFrame() throws {
    let frame = F.movingSquare(frame: 0, background: 0xFF10_2030)
    let (bytes, summary) = try GIFEncoder(width: 40, height: 30).encode(delays: Array(repeating: 2, count: 50)) {
      _ in frame
    }
    let gif = try GIFTestDecoder(bytes)
    #expect(summary.framesWritten == 1)
    #expect(gif.images.count == 1 && gif.images[0].delay == 100)
    #expect(try gif.composite()[0] == F.expectedScreen(frame))
  }

  @Test func delaysBeyondTheGIFLimitAreSplit() throws {
    let frame = F.frame(width: 4, height: 4, background: 0xFFFF_0000)
    let (bytes, _) = try GIFEncoder(width: 4, height: 4).encode(delays: [40000, 40000, 1]) { _ in frame }
    let gif = try GIFTestDecoder(bytes)
    #expect(gif.images.map(\.delay) == [40000, 40001])
    #expect(try gif.composite().allSatisfy { $0 == F.expectedScreen(frame) })
  }

  /// A shape that moves over a transparent canvas uncovers pixels: they must become transparent again.
  @Test func pixelsTurningTransparentAreCleared() throws {
    let frames = (0..<6).map { i in
      F.frame(
        width: 20, height: 12, background: 0,
        rects: [
          (x: i * 3, y: 2, w: 6, h: 6, color: 0xFFFF_8000), (x: 18 - i * 2, y: 9, w: 2, h: 2, color: 0xFF00_80FF),
        ])
    }
    let delays = [4, 4, 4, 4, 4, 4]
    let (bytes, _) = try GIFEncoder(width: 20, height: 12).encode(delays: delays) { frames[$0] }
    let gif = try GIFTestDecoder(bytes)
    #expect(gif.images.dropLast().contains { $0.disposal == 2 })
    let screens = try gif.screens(at: F.startTimes(delays))
    for i in frames.indices { #expect(screens[i] == F.expectedScreen(frames[i]), "frame \(i)") }
  }

  /// A frame written with a table quantized for it (more colours than a table holds, redrawn after
  /// a restore to the background) is followed by one that rewrites its inexact pixels in their own
  /// colours: the differencer carries the picture as it was asked, not as it was written, into the
  /// next frame. Frames 0-2 uncover three strips of 100 colours each on a transparent canvas (each
  /// strip exact in a local table of its own); frame 3 clears a pixel, so the 299 colours left are
  /// redrawn after a restore, quantized to 255; frame 4 adds a pixel and rewrites them.
  @Test func colorsQuantizedForOneFrameAreExactInTheNext() throws {
    func frame(_ i: Int) -> Frame {
      var pixels = [UInt32](repeating: 0, count: 30 * 30)
      for y in 0..<5 * min(i + 1, 3) {
        for x in 0..<20 { pixels[y * 30 + x] = 0xFF00_0040 | UInt32(x * 12) << 16 | UInt32(y * 12) << 8 }
      }
      if i >= 3 { pixels[0] = 0 }
      if i >= 4 { pixels[25 * 30 + 5] = 0xFFFF_0000 }
      return Frame(width: 30, height: 30, pixels: pixels)
    }
    let frames = (0..<5).map(frame)
    let delays = [4, 4, 4, 4, 4]
    let (bytes, summary) = try GIFEncoder(width: 30, height: 30).encode(delays: delays) { frames[$0] }
    #expect(!summary.isLossless)
    let gif = try GIFTestDecoder(bytes)
    let screens = try gif.screens(at: F.startTimes(delays))
    let wrong = frames.indices.map { i in zip(screens[i], F.expectedScreen(frames[i])).filter { $0 != $1 }.count }
    #expect(wrong[3] > 0, "pixels shown in another colour than asked, by frame: \(wrong)")
    #expect(wrong[4] < wrong[3] / 2, "pixels shown in another colour than asked, by frame: \(wrong)")
  }

  @Test func sameBytesTwice() throws {
    // A gradient with far more than 256 colours goes through libimagequant.
    func gradient(_ i: Int) -> Frame {
      var rgba: [UInt8] = []
      for y in 0..<48 {
        for x in 0..<64 { rgba += [UInt8(x * 4), UInt8(y * 5), UInt8((i * 20 + x + y) % 256), 255] }
      }
      return Frame(width: 64, height: 48, straightRGBA: rgba)
    }
    let encoder = try GIFEncoder(width: 64, height: 48, options: GIFOptions(dither: 0.5))
    let first = try encoder.encode(delays: [4, 4, 4, 4]) { gradient($0) }
    let second = try encoder.encode(delays: [4, 4, 4, 4]) { gradient($0) }
    #expect(first.bytes == second.bytes)
    #expect(!first.summary.isLossless)
    #expect(first.summary.paletteColors <= 255)
  }

  @Test(arguments: [2, 4, 16, 100])
  func colorsLimitsThePalette(colors: Int) throws {
    func gradient(_ i: Int) -> Frame {
      var rgba: [UInt8] = []
      for y in 0..<32 {
        for x in 0..<32 { rgba += [UInt8(x * 8), UInt8(y * 8), UInt8(i * 60), 255] }
      }
      return Frame(width: 32, height: 32, straightRGBA: rgba)
    }
    let encoder = try GIFEncoder(width: 32, height: 32, options: GIFOptions(colors: colors))
    let (bytes, summary) = try encoder.encode(delays: [5, 5, 5]) { gradient($0) }
    let gif = try GIFTestDecoder(bytes)
    let table = summary.paletteColors + (summary.hasTransparentIndex ? 1 : 0)
    #expect(table <= colors)
    #expect(gif.palette.count <= max(2, colors.nextPowerOfTwo))
    let used = Set(try gif.composite().joined())
    #expect(used.count <= colors)
    // Every pixel ends up near its source colour: mean error per channel well under the palette spacing.
    let source = gradient(2).pixels
    let shown = try gif.screens(at: [10])[0]
    var error = 0
    for (s, d) in zip(source, shown) {
      for shift: UInt32 in [16, 8, 0] { error += abs(Int(s >> shift & 0xff) - Int(d >> shift & 0xff)) }
    }
    #expect(Double(error) / Double(source.count * 3) < 256 / Double(colors).squareRoot())
  }

  @Test func matteBlendsEdgeAlphaOntoThePage() throws {
    // Straight red at alpha 128 and 64 on a transparent canvas.
    let frame = F.frame(
      width: 4, height: 1, background: 0,
      rects: [
        (x: 0, y: 0, w: 1, h: 1, color: 0x80FF_0000), (x: 1, y: 0, w: 1, h: 1, color: 0x40FF_0000),
        (x: 2, y: 0, w: 1, h: 1, color: 0xFF00_FF00),
      ])
    let matte = try GIFEncoder(width: 4, height: 1, options: GIFOptions(matte: .white)).encode(delays: [10]) { _ in
      frame
    }
    let onWhite = try GIFTestDecoder(matte.bytes).composite()[0]
    #expect(onWhite == [0xFFFF_7F7F, 0xFFFF_BFBF, 0xFF00_FF00, 0])
    let threshold = try GIFEncoder(width: 4, height: 1, options: GIFOptions(transparency: .cut)).encode(delays: [10]) {
      _ in frame
    }
    let hard = try GIFTestDecoder(threshold.bytes).composite()[0]
    #expect(hard == [0xFFFF_0000, 0, 0xFF00_FF00, 0])
  }

  /// The library names the option and its rule, never a command-line flag (the CLI checks its own).
  @Test(arguments: [
    (GIFOptions(colors: 1), "palette size 1 is out of range: use 2 … 256 colours"),
    (GIFOptions(colors: 257), "palette size 257 is out of range: use 2 … 256 colours"),
    (GIFOptions(dither: 7), "dithering level 7.0 is out of range: use 0 (off) … 1"),
    (GIFOptions(loop: -1), "loop count -1 is out of range: use 0 (forever) … 65535"),
    (GIFOptions(alphaThreshold: 0), "alpha threshold 0 is out of range: use 1 … 255"),
  ])
  func badOptionsAreBadInput(options: GIFOptions, message: String) {
    #expect(throws: FormatError.badValue(message)) {
      try GIFEncoder(width: 10, height: 10, options: options)
    }
  }

  @Test func badFramesAreReported() throws {
    let encoder = try GIFEncoder(width: 10, height: 10)
    #expect(throws: FormatError.failed("a GIF needs at least one frame")) {
      try encoder.encode(delays: []) { _ in F.frame(width: 10, height: 10, background: 0) }
    }
    #expect(throws: FormatError.failed("frame 1 is 10×9 pixels, expected 10×10")) {
      try encoder.encode(delays: [2, 2]) { i in F.frame(width: 10, height: 10 - i, background: 0) }
    }
    #expect(throws: FormatError.failed("frame 0 has delay -1 cs: use 0 … 65535 hundredths of a second")) {
      try encoder.encode(delays: [-1]) { _ in F.frame(width: 10, height: 10, background: 0) }
    }
  }

  /// Frame `i` of 25 of two rectangles that move and change colour, 240 × 240.
  private static func movingRectangles(_ i: Int) -> Frame {
    F.frame(
      width: 240, height: 240, background: 0xFF00_0000,
      rects: [
        (x: i * 5, y: 20, w: 30, h: 30, color: 0xFF00_0000 | UInt32(i * 9) << 8 | 0xFF),
        (x: 100, y: 100 + i, w: 100 - i * 3, h: 50, color: 0xFFFF_FFFF),
      ])
  }

  /// Each pass paints and keys a frame on one worker when there is a worker for every painter
  /// (painter `w` with worker `w`), else paints the round first: the first pass every frame, the
  /// second those the cache does not hold (none with the default budget, every one with none). The
  /// bytes are the same, every frame is painted once a pass, and no painter is ever used by two
  /// threads at once: each paint waits (up to 20 ms) until as many paints as painters are under
  /// way, so a thread using another's painter would overlap it.
  @Test(
    arguments: [
      (2, 2, nil), (3, 3, nil), (2, 3, nil), (3, 1, nil), (2, 2, 0), (3, 3, 0), (2, 3, 0), (3, 1, 0), (2, 2, 12_000),
    ] as [(Int, Int, Int?)])
  func paintersAndWorkersPairedOrNotGiveTheSameBytes(painters: Int, workers: Int, cacheBudget: Int?) throws {
    let delays = Array(repeating: 3, count: 25)
    var encoder = try GIFEncoder(width: 240, height: 240)
    let render = Self.movingRectangles
    let reference = try encoder.encode(delays: delays) { render($0) }
    if let cacheBudget { encoder.cacheBudget = cacheBudget }
    let renders = Counter()
    let overlaps = Counter()
    let busy = (0..<painters).map { _ in Counter() }
    let meeting = NSCondition()
    var inside = 0
    let renderers: [(Int) throws -> Frame] = (0..<painters).map { slot in
      { i in
        let wasBusy = busy[slot].lock.withLock {
          defer { busy[slot].count = 1 }
          return busy[slot].count == 1
        }
        if wasBusy { overlaps.lock.withLock { overlaps.count += 1 } }
        meeting.lock()
        inside += 1
        meeting.broadcast()
        let deadline = Date(timeIntervalSinceNow: 0.02)
        while inside < painters && meeting.wait(until: deadline) {}
        meeting.unlock()
        busy[slot].lock.withLock { busy[slot].count = 0 }
        meeting.lock()
        inside -= 1
        meeting.unlock()
        renders.lock.withLock { renders.count += 1 }
        return render(i)
      }
    }
    let sink = MemorySink()
    var gif = try GIFFrameSink(encoder, into: sink, delays: delays, workers: workers)
    var painter = FramePainter(painters: renderers)
    let summary = try painter.run(frameCount: delays.count, into: &gif)
    #expect(sink.bytes == reference.bytes)
    #expect(summary == reference.summary)
    switch cacheBudget {
    case nil: #expect(renders.count == delays.count)
    case 0: #expect(renders.count == 2 * delays.count)
    default: #expect(renders.count > delays.count && renders.count < 2 * delays.count)
    }
    #expect(overlaps.count == 0)
  }

  /// With local colour tables, a first frame of at least 256 colours has the global palette to
  /// itself (the later frames' colours are not counted: their changes take local tables). Two
  /// animations that share only their first frame share their global palette, whichever round a
  /// frame falls in, and pixels turning transparent several rounds on still show transparent.
  @Test(arguments: [1, 2, 3])
  func aFirstFrameOfManyColoursHasTheGlobalPaletteToItself(workers: Int) throws {
    func frame(_ i: Int, tint: UInt8) -> Frame {
      var rgba: [UInt8] = []
      for y in 0..<32 {
        for x in 0..<32 {
          if i == 0 {
            rgba += [UInt8(x * 8), UInt8(y * 8), 128, 255]
          } else if i == 5 && x < 16 && y < 16 {
            rgba += [0, 0, 0, 0]
          } else {
            rgba += [tint, UInt8(x * 8), UInt8((y * 8) ^ i), 255]
          }
        }
      }
      return Frame(width: 32, height: 32, straightRGBA: rgba)
    }
    let encoder = try GIFEncoder(width: 32, height: 32)
    let delays = Array(repeating: 4, count: 8)
    let dark = try encoder.encode(delays: delays, workers: workers) { { frame($0, tint: 10) } }
    let light = try encoder.encode(delays: delays, workers: workers) { { frame($0, tint: 240) } }
    let (a, b) = (try GIFTestDecoder(dark.bytes), try GIFTestDecoder(light.bytes))
    #expect(a.palette == b.palette)
    #expect(dark.summary.localColorTables > 0 && light.summary.hasTransparentIndex)
    let screens = try b.screens(at: F.startTimes(delays))
    #expect(screens[5][0] == 0 && screens[5][15 * 32 + 15] == 0)
    #expect(screens[5][16] != 0 && screens[4][0] != 0 && screens[6][0] != 0)
  }

  /// A worker told to look for transparency only counts no colour and notes a transparent pixel.
  @Test func aWorkerLookingForTransparencyOnlyCountsNoColour() throws {
    var worker = GIFFrameWorker(slot: 0, resolver: AlphaResolver(matte: nil, alphaThreshold: 128), width: 3, height: 1)
    worker.startCounting()
    worker.lookForTransparencyOnly()
    let opaque = Frame(width: 3, height: 1, straightRGBA: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255])
    let holed = Frame(width: 3, height: 1, straightRGBA: [255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 255, 255])
    _ = try worker.keys(of: opaque, index: 0)
    #expect(!worker.sawTransparent)
    _ = try worker.keys(of: holed, index: 1)
    _ = try worker.keys(of: opaque, index: 2)
    #expect(worker.sawTransparent)
    #expect(worker.histogram?.distinctCount == 0)
  }

  /// Frames rebuilt from the cache when every pixel changes every frame (a buffer then catches up
  /// by copying the frame before it, not by replaying several whole-frame differences) are the
  /// frames painted again without a cache.
  @Test(arguments: [1, 2, 3])
  func rebuiltFramesEqualRepaintedOnesWhenEverythingChanges(workers: Int) throws {
    func render(_ i: Int) -> Frame {
      F.frame(
        width: 64, height: 48, background: 0xFF00_0000 | UInt32(i * 23 % 256) << 16 | 0x40,
        rects: [(x: i * 3, y: 10, w: 12, h: 20, color: 0xFFFF_FFFF), (x: 40, y: 2 + i, w: 8, h: 8, color: 0xFF00_FF00)])
    }
    let delays = Array(repeating: 3, count: 14)
    var encoder = try GIFEncoder(width: 64, height: 48)
    encoder.cacheBudget = 0
    let painted = try encoder.encode(delays: delays, workers: workers) { { render($0) } }
    encoder.cacheBudget = 8 << 20
    let rebuilt = try encoder.encode(delays: delays, workers: workers) { { render($0) } }
    #expect(rebuilt.bytes == painted.bytes)
    let screens = try GIFTestDecoder(rebuilt.bytes).screens(at: F.startTimes(delays))
    for i in delays.indices { #expect(screens[i] == F.expectedScreen(render(i)), "frame \(i)") }
  }

  /// Workers and the pass-1 frame cache (none, part, all) change how often frames are rendered, never the bytes.
  @Test(arguments: [(1, 0), (2, 0), (3, 0), (8, 0), (1, 12_000), (3, 12_000), (2, 8 << 20)])
  func workersAndCacheGiveTheSameBytes(workers: Int, cacheBudget: Int) throws {
    let delays = Array(repeating: 3, count: 25)
    var encoder = try GIFEncoder(width: 240, height: 240)
    let render = Self.movingRectangles
    let reference = try encoder.encode(delays: delays) { render($0) }
    encoder.cacheBudget = cacheBudget
    let counter = Counter()
    let renders = Counter()
    let result = try encoder.encode(delays: delays, workers: workers) {
      counter.count += 1
      return { i in
        renders.lock.withLock { renders.count += 1 }
        return render(i)
      }
    }
    #expect(counter.count == workers)
    #expect(result.bytes == reference.bytes)
    #expect(result.summary == reference.summary)
    // No cache: every frame twice; the whole animation cached: once; a part: in between.
    switch cacheBudget {
    case 0: #expect(renders.count == 50)
    case 8 << 20: #expect(renders.count == 25)
    default: #expect(renders.count > 25 && renders.count < 50)
    }
    let gif = try GIFTestDecoder(reference.bytes)
    let screens = try gif.screens(at: F.startTimes(delays))
    for i in delays.indices { #expect(screens[i] == F.expectedScreen(render(i)), "frame \(i)") }
  }

  /// Buffers go back to the worker that used them: however unevenly the threads share the frames
  /// (more workers than cores leaves some idle in every round), the buffers allocated stay within
  /// one round's worth per worker (workers² per kind, keys and indices) instead of growing with the
  /// frame count.
  @Test(arguments: [(8, 0), (8, 8 << 20), (5, 0)])
  func buffersDoNotGrowWithTheFrameCount(workers: Int, cacheBudget: Int) throws {
    let frames = 1200
    var encoder = try GIFEncoder(width: 4, height: 4)
    encoder.cacheBudget = cacheBudget
    let made = Counter()
    encoder.reportBuffersMade = { count in made.lock.withLock { made.count = count } }
    let result = try encoder.encode(delays: Array(repeating: 2, count: frames), workers: workers) {
      { i in
        F.frame(
          width: 4, height: 4, background: 0xFF00_0000,
          rects: [(x: i % 4, y: i / 4 % 4, w: 1, h: 1, color: 0xFFFF_FFFF)])
      }
    }
    #expect(result.summary.framesWritten == frames)
    #expect(made.count >= 2)
    #expect(made.count <= 2 * workers * workers, "buffers allocated for \(frames) frames")
  }

  @Test func theLowestFailingFrameIsReported() throws {
    struct Failed: Error, Equatable { var frame: Int }
    let encoder = try GIFEncoder(width: 8, height: 8)
    #expect(throws: Failed(frame: 5)) {
      try encoder.encode(delays: Array(repeating: 2, count: 12), workers: 4) {
        { i in
          if i >= 5 { throw Failed(frame: i) }
          return F.frame(width: 8, height: 8, background: 0xFFFF_FFFF)
        }
      }
    }
  }

  @Test(arguments: [
    (nil, 5, [0, 1, 2, 3, 4]), (3, 5, [0, 2, 4]), (2, 120, [0, 119]), (1, 7, [0]), (9, 4, [0, 1, 2, 3]),
  ])
  func paletteFrameSampling(limit: Int?, count: Int, expected: [Int]) {
    #expect(GIFEncoder.paletteFrameIndices(count: count, limit: limit) == expected)
  }
}

private final class Counter: @unchecked Sendable {
  var count = 0
  let lock = NSLock()
}

extension Int {
  fileprivate var nextPowerOfTwo: Int {
    var p = 1
    while p < self { p *= 2 }
    return p
  }
}
