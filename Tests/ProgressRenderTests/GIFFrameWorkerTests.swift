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
    #expect(counted.hasTransparent)
    #expect(worker.sawTransparent)
  }
}
