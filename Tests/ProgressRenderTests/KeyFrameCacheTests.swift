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

  /// Runs of every length from 1 to 40, starting at every offset from a block of eight, are kept
  /// and given back exactly (runs grow eight keys at a time).
  @Test func runsOfEveryLengthReplayExactly() {
    let width = 900
    var row: [UInt32] = []
    for length in 1...40 { row += Array(repeating: length % 2 == 0 ? 0xFF11_2233 : 0xFF44_5566, count: length) }
    row += Array(repeating: 0xFF00_0000, count: width - row.count)
    let first = [UInt32](repeating: 0xFF00_0000, count: width * 3)
    var frames = [first]
    for shift in 0..<9 {
      var next = first
      for x in 0..<(width - shift) { next[width + shift + x] = row[x] }
      frames.append(next)
    }
    var cache = KeyFrameCache(width: width, height: 3, budget: 1 << 20)
    for f in frames { cache.append(f) }
    #expect(cache.count == frames.count)
    var rebuilt = [UInt32](repeating: 0, count: width * 3)
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

  /// `changedRect`'s eight-at-a-time scans find the box a pixel-by-pixel search finds: one or
  /// a few changed pixels at every place of a row (edges, block borders), widths that are and
  /// are not multiples of 8.
  @Test(arguments: [1, 7, 8, 9, 16, 17, 31, 64])
  func changedRectMatchesPixelByPixel(width: Int) {
    let height = 3
    let base = (0..<width * height).map { UInt32(0xFF00_0000 | $0 % 5) }
    var cases: [[UInt32]] = [base]
    for x in 0..<width {
      for x2 in [x, min(width - 1, x + 1), min(width - 1, x + 8), width - 1] {
        var changed = base
        changed[width + x] ^= 0x10
        changed[width + x2] ^= 0x20
        if x % 3 == 0 { changed[2 * width + (x * 7) % width] ^= 0x40 }
        cases.append(changed)
      }
    }
    for changed in cases {
      var expected: PixelRect? = nil
      for y in 0..<height {
        for x in 0..<width where changed[y * width + x] != base[y * width + x] {
          let one = PixelRect(x0: x, y0: y, x1: x + 1, y1: y + 1)
          expected = expected?.union(one) ?? one
        }
      }
      #expect(KeyFrameCache.changedRect(width: width, height: height, changed, base) == expected)
    }
  }

  /// The rectangle a cached frame changed in, as `append` returned it, by frame: the whole frame
  /// for the first, the stripe that grew for the next, empty for a repeat, `nil` past the cache.
  @Test(arguments: [
    (0, PixelRect(x0: 0, y0: 0, x1: 64, y1: 32) as PixelRect?),
    (1, PixelRect(x0: 8, y0: 0, x1: 9, y1: 32)),
    (2, PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)),
    (3, PixelRect(x0: 9, y0: 0, x1: 10, y1: 32)),
    (4, nil),
  ])
  func changedRectangleOfACachedFrame(index: Int, expected: PixelRect?) {
    var cache = KeyFrameCache(width: 64, height: 32, budget: 1 << 20)
    var returned: [PixelRect?] = []
    for i in [0, 1, 1, 2] { returned.append(cache.append(Self.frame(i, flat: true))) }
    #expect(cache.changedRect(of: index) == expected)
    if index < returned.count { #expect(returned[index] == expected) }
  }
}
