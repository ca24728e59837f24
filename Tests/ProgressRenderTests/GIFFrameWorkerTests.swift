import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats

/// A worker copies the rows a frame shares with its last one and counts each row once, weighted:
/// the keys and the counts must be those of resolving and counting every frame whole.
@Suite struct GIFFrameWorkerTests {
  /// Frames of 6 × 8 pixels: a band of rows changes colour from frame to frame, one frame changes
  /// nothing, one changes every row, one brings back an earlier frame; some pixels are translucent.
  static func frames() -> [Frame] {
    let (width, height) = (6, 8)
    func frame(_ band: Range<Int>, _ color: UInt32, base: UInt32 = 0xFF20_4060) -> Frame {
      var pixels = [UInt32](repeating: base, count: width * height)
      for row in band { for x in 0..<width { pixels[row * width + x] = x == 2 ? 0x8040_2010 : color } }
      pixels[5] = 0  // a transparent corner
      return Frame(width: width, height: height, pixels: pixels)
    }
    return [
      frame(1..<3, 0xFFFF_0000), frame(1..<3, 0xFF00_FF00), frame(1..<3, 0xFF00_FF00), frame(4..<7, 0xFF00_00FF),
      frame(0..<8, 0xFF11_1111, base: 0xFF22_2222), frame(1..<3, 0xFFFF_0000), frame(7..<8, 0xFFAB_CDEF),
    ]
  }

  @Test(arguments: [GIFTransparency.cut, .dither])
  func copiedAndWeightedRowsEqualResolvingEveryFrame(transparency: GIFTransparency) throws {
    let resolver = AlphaResolver(matte: nil, alphaThreshold: 100, transparency: transparency)
    var worker = GIFFrameWorker(slot: 0, resolver: resolver, width: 6, height: 8)
    worker.startCounting()
    var expected = ColorHistogram()
    for (i, frame) in Self.frames().enumerated() {
      var whole = [UInt32](repeating: 0, count: 48)
      frame.pixels.withUnsafeBufferPointer { p in
        whole.withUnsafeMutableBufferPointer { resolver.resolve(p, width: 6, into: $0) }
      }
      whole.withUnsafeBufferPointer { expected.add($0) }
      let keys = try worker.keys(of: frame, index: i)
      #expect(keys == whole, "frame \(i)")
      // A spare coming back must not change what the worker holds.
      worker.spareKeys.append(keys)
    }
    let taken = worker.takeHistogram()
    let counted = try #require(taken)
    #expect(
      counted.table.sortedEntries().map { [$0.key, UInt32($0.value)] }
        == expected.table.sortedEntries().map { [$0.key, UInt32($0.value)] })
    #expect(worker.histogram == nil)
  }

  /// Counting stops when the worker only looks for transparency; what was shown so far is counted.
  @Test func rowsShownBeforeLookingForTransparencyOnlyAreCounted() throws {
    let resolver = AlphaResolver(matte: nil, alphaThreshold: 100)
    var worker = GIFFrameWorker(slot: 0, resolver: resolver, width: 6, height: 8)
    worker.startCounting()
    let frames = Self.frames()
    _ = try worker.keys(of: frames[1], index: 0)
    _ = try worker.keys(of: frames[2], index: 1)  // the same frame: every row copied, weight 2
    worker.lookForTransparencyOnly()
    _ = try worker.keys(of: frames[3], index: 2)
    let taken = worker.takeHistogram()
    let counted = try #require(taken)
    var expected = ColorHistogram()
    for frame in frames[1...2] {
      var whole = [UInt32](repeating: 0, count: 48)
      frame.pixels.withUnsafeBufferPointer { p in
        whole.withUnsafeMutableBufferPointer { resolver.resolve(p, width: 6, into: $0) }
      }
      whole.withUnsafeBufferPointer { expected.add($0) }
    }
    #expect(counted.table.sortedEntries().map(\.value) == expected.table.sortedEntries().map(\.value))
    // The transparent corner was counted; frame 3 copies its row, which is not looked through again.
    #expect(counted.hasTransparent)
  }

  /// While looking for transparency only, the rows a frame resolves are looked through: a worker
  /// sees a transparent pixel in its first frame, and in a later frame's changed rows.
  @Test func rowsResolvedWhileLookingAreLookedThrough() throws {
    let resolver = AlphaResolver(matte: nil, alphaThreshold: 100)
    var first = GIFFrameWorker(slot: 0, resolver: resolver, width: 6, height: 8)
    first.lookForTransparencyOnly()
    _ = try first.keys(of: Self.frames()[4], index: 0)
    #expect(first.sawTransparent)

    var later = GIFFrameWorker(slot: 0, resolver: resolver, width: 6, height: 8)
    later.lookForTransparencyOnly()
    var pixels = [UInt32](repeating: 0xFF20_4060, count: 48)
    _ = try later.keys(of: Frame(width: 6, height: 8, pixels: pixels), index: 0)
    #expect(!later.sawTransparent)
    pixels[40] = 0x5000_0000  // alpha 80, under the threshold, in row 6
    _ = try later.keys(of: Frame(width: 6, height: 8, pixels: pixels), index: 1)
    #expect(later.sawTransparent)
  }
}

/// Spare key buffers serve other uses only when the worker does not need them for the next frame.
@Suite struct GIFFrameWorkerSpareTests {
  /// The storage an array's elements are in.
  static func address(_ array: [UInt32]) -> UnsafePointer<UInt32>? { array.withUnsafeBufferPointer { $0.baseAddress } }

  /// Three frames keyed, their buffers handed back: the last frame's keys and those before them
  /// stay with the worker until it forgets its last frame; then every spare is free.
  @Test func spareKeysSkipTheHeldBuffersUntilTheLastFrameIsForgotten() throws {
    let resolver = AlphaResolver(matte: nil, alphaThreshold: 100)
    var worker = GIFFrameWorker(slot: 0, resolver: resolver, width: 6, height: 8)
    let frames = GIFFrameWorkerTests.frames()
    var made: [[UInt32]] = []
    for i in 0..<3 {
      let keys = try worker.keys(of: frames[i], index: i)
      made.append(keys)
    }
    let addresses = made.map(Self.address)
    #expect(Set(addresses).count == 3, "three buffers, none spare while all are held")
    worker.spareKeys = made
    made = []
    // The first frame's buffer is the only one not kept for the next frame.
    let taken = [worker.takeSpareKeys(), worker.takeSpareKeys()]
    #expect(taken.map { $0.map(Self.address) } == [addresses[0], nil])
    #expect(worker.spareKeys.count == 2)
    worker.forgetLastFrame()
    let freed = [worker.takeSpareKeys(), worker.takeSpareKeys(), worker.takeSpareKeys()]
    #expect(Set(freed.compactMap { $0.map(Self.address) }) == Set(addresses[1...]))
    #expect(freed[2] == nil)
    #expect(worker.buffersMade == 3)
  }

  /// With no spare shown-colour buffer, mapping takes a free spare key buffer instead of a new one.
  @Test(arguments: [false, true])
  func colorsTakeAFreeSpareKeyBuffer(forgets: Bool) throws {
    let resolver = AlphaResolver(matte: nil, alphaThreshold: 100)
    var worker = GIFFrameWorker(slot: 0, resolver: resolver, width: 6, height: 8)
    let frames = GIFFrameWorkerTests.frames()
    let first = try worker.keys(of: frames[0], index: 0)
    let second = try worker.keys(of: frames[1], index: 1)
    worker.spareKeys = [first, second]
    var histogram = ColorHistogram()
    for keys in [first, second] { keys.withUnsafeBufferPointer { histogram.add($0) } }
    let palette = try GIFPalette.build(from: histogram, maxColors: 256, transparentColor: 0)
    worker.mapper = FrameMapper(
      palette: palette, options: GIFOptions(), width: 6, height: 8, servesFirstFrame: false)
    if forgets { worker.forgetLastFrame() }
    let made = worker.buffersMade
    _ = try worker.colors(of: second, previous: first)
    // Held, the two spares are the worker's last keys and those before them: a new buffer is made.
    #expect(worker.buffersMade == made + (forgets ? 0 : 1))
    #expect(worker.spareKeys.count == (forgets ? 1 : 2))
  }
}
