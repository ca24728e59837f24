import Testing

@testable import ProgressRenderFormats

/// Counting frames on several workers and merging must give exactly the histogram of counting
/// them all in one place, posterizing included, whatever the split.
@Suite struct ColorHistogramTests {
  /// Deterministic pseudo-random opaque keys (a linear congruential generator).
  static func frames(count: Int, pixels: Int, seed: UInt32) -> [[UInt32]] {
    var state = seed
    return (0..<count).map { _ in
      (0..<pixels).map { _ in
        state = state &* 1_664_525 &+ 1_013_904_223
        return 0xFF00_0000 | (state >> 8)
      }
    }
  }

  /// Every key (transparent included) with its count.
  static func allEntries(_ h: ColorHistogram) -> [String] {
    h.table.sortedEntries().map { "\($0.key):\($0.value)" }
  }

  static func entries(_ h: ColorHistogram) -> [String] {
    h.opaqueColors().map { "\($0.rgb):\($0.count)" }
  }

  @Test(arguments: [
    (1_000_000, 1), (1_000_000, 2), (1_000_000, 3),  // never posterizes
    (300, 1), (300, 2), (300, 5),  // posterizes, on some workers only
  ])
  func mergedEqualsSequential(maxDistinct: Int, workers: Int) {
    let frames = Self.frames(count: 12, pixels: 200, seed: 7)
    var sequential = ColorHistogram(maxDistinct: maxDistinct)
    for f in frames { f.withUnsafeBufferPointer { sequential.add($0) } }

    var parts = Array(repeating: ColorHistogram(maxDistinct: maxDistinct), count: workers)
    for (i, f) in frames.enumerated() { f.withUnsafeBufferPointer { parts[i % workers].add($0) } }
    var merged = ColorHistogram(maxDistinct: maxDistinct)
    for part in parts { merged.merge(part) }

    #expect(merged.channelMask == sequential.channelMask)
    #expect(merged.isExact == (maxDistinct == 1_000_000))
    #expect(Self.entries(merged) == Self.entries(sequential))
  }

  /// Counting a buffer with its eight-at-a-time run extension gives the histogram of one
  /// `add(_:count:)` per maximal run, posterizing included.
  @Test(arguments: AlphaResolverTests.Mix.allCases, AlphaResolverTests.widths)
  func histogramMatchesRunByRun(mix: AlphaResolverTests.Mix, width: Int) {
    let keys = AlphaResolverTests.pixels(mix, count: width * 5, seed: UInt32(width) * 17 + 3)
    for maxDistinct in [1 << 18, 6] {
      var fast = ColorHistogram(maxDistinct: maxDistinct)
      keys.withUnsafeBufferPointer { fast.add($0) }
      // The straightforward version: one `add(_:count:)` per maximal run, key by key (not one per
      // key: posterizing is checked once per call, so the calls must match).
      var slow = ColorHistogram(maxDistinct: maxDistinct)
      var start = 0
      while start < keys.count {
        var end = start + 1
        while end < keys.count && keys[end] == keys[start] { end += 1 }
        slow.add(keys[start], count: end - start)
        start = end
      }
      #expect(fast.channelMask == slow.channelMask)
      #expect(Self.allEntries(fast) == Self.allEntries(slow))
    }
  }

  @Test func histogramOfNothingIsEmpty() {
    var h = ColorHistogram()
    [UInt32]().withUnsafeBufferPointer { h.add($0) }
    #expect(h.distinctCount == 0)
  }

  /// `hasAtLeast` answers exactly what counting every distinct key answers, runs of equal keys,
  /// the transparent key and the thresholds around the true count included.
  @Test(arguments: [1, 7, 300])
  func hasAtLeastAgreesWithACount(distinct: Int) {
    // Each key repeated 1…9 times in a row, then the whole sequence again: runs and repeats.
    var keys: [UInt32] = []
    for k in 0..<distinct {
      let key = k == 0 ? AlphaResolver.transparentKey : 0xFF00_0000 | UInt32(k &* 40_503)
      keys += Array(repeating: key, count: 1 + k % 9)
    }
    keys += keys
    #expect(Set(keys).count == distinct)
    keys.withUnsafeBufferPointer { k in
      for threshold in [0, 1, distinct - 1, distinct, distinct + 1, 256] {
        #expect(ColorHistogram.hasAtLeast(threshold, distinctKeysIn: k) == (threshold <= distinct), "\(threshold)")
      }
    }
    #expect(!ColorHistogram.hasAtLeast(1, distinctKeysIn: UnsafeBufferPointer(start: nil, count: 0)))
  }
}
