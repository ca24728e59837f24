import Testing

@testable import ProgressRenderFormats

/// `KeyFrameCache` keeps pass-1 frames as changed rectangles, as runs of equal keys where that is
/// smaller, and gives them back exactly.
@Suite struct KeyFrameCacheTests {
  /// A frame of flat stripes (`flat`) or of a different key in every pixel.
  static func frame(_ i: Int, flat: Bool, width: Int = 64, height: Int = 32) -> [UInt32] {
    (0..<width * height).map { p in
      let (x, y) = (p % width, p / width)
      if flat { return x < 8 + i ? 0xFFFF_0000 : (y < 16 ? 0xFF00_00FF : 0xFF00_FF00) }
      return 0xFF00_0000 | UInt32(truncatingIfNeeded: (p &* 2_654_435_761) &+ i) & 0x00FF_FFFF
    }
  }

  /// Every frame replays as it was stored, flat and noisy ones mixed.
  @Test(arguments: [true, false])
  func framesReplayExactly(flat: Bool) {
    let frames = (0..<6).map { Self.frame($0, flat: flat || $0 % 2 == 0) }
    var cache = KeyFrameCache(width: 64, height: 32, budget: 1 << 20)
    for f in frames { cache.append(f) }
    #expect(cache.count == frames.count)
    var rebuilt = [UInt32](repeating: 0, count: 64 * 32)
    for (i, f) in frames.enumerated() {
      cache.replay(i, into: &rebuilt, holding: i == 0 ? nil : i - 1)
      #expect(rebuilt == f, "frame \(i)")
    }
  }

  /// Buffers taking turns (a ring of 2, 3 or 4, as the GIF's second pass uses them) each catch up
  /// from the frame they last held, differences released behind them; a buffer of garbage starts
  /// from the first frame.
  @Test(arguments: [2, 3, 4])
  func ringBuffersCatchUp(ring: Int) {
    let frames = (0..<12).map { Self.frame($0, flat: $0 % 3 != 1) }
    var cache = KeyFrameCache(width: 64, height: 32, budget: 1 << 22)
    for f in frames { cache.append(f) }
    var buffers = Array(repeating: (keys: [UInt32](repeating: 7, count: 64 * 32), holds: Int?.none), count: ring)
    for (i, f) in frames.enumerated() {
      cache.replay(i, into: &buffers[i % ring].keys, holding: buffers[i % ring].holds)
      buffers[i % ring].holds = i
      #expect(buffers[i % ring].keys == f, "frame \(i) in a ring of \(ring)")
      cache.release(before: i + 2 - ring)
    }
  }

  /// Flat frames are kept as runs: a budget far under their raw size holds all of them, and a
  /// noisy frame, kept raw, does not fit in it.
  @Test func flatFramesTakeLessThanTheirPixels() {
    let raw = 64 * 32 * 4
    var flat = KeyFrameCache(width: 64, height: 32, budget: raw / 4)
    for i in 0..<10 { flat.append(Self.frame(i, flat: true)) }
    #expect(flat.count == 10)
    var noisy = KeyFrameCache(width: 64, height: 32, budget: raw / 4)
    noisy.append(Self.frame(0, flat: false))
    #expect(noisy.count == 0)
  }
}
