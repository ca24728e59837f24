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
}
