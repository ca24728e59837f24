import Testing

@testable import ProgressRenderFormats

/// `WardQuantizer`'s pruned searches give exactly the palette of the plain algorithm that compares
/// every pair after every merge: photo-like spreads, coarse colours full of ties, heavy and light
/// weights, and targets from one colour to nearly all.
@Suite struct WardQuantizerTests {
  /// Ward clustering comparing every live pair, ties to the lowest index (the algorithm before pruning).
  static func plain(_ histogram: [(rgb: UInt32, count: Int)], maxColors target: Int) -> [UInt32] {
    let n = histogram.count
    guard n > target else { return histogram.map(\.rgb) }
    var centre = histogram.map {
      SIMD4<Double>(Double($0.rgb >> 16 & 0xff), Double($0.rgb >> 8 & 0xff), Double($0.rgb & 0xff), 0)
    }
    var weight = histogram.map { Double(max(1, $0.count)) }
    var alive = Array(0..<n)
    func cost(_ i: Int, _ j: Int) -> Double {
      let d = centre[i] - centre[j]
      return weight[i] * weight[j] / (weight[i] + weight[j]) * (d * d).sum()
    }
    while alive.count > target {
      var best = (i: -1, j: -1, cost: Double.infinity)
      for (x, i) in alive.enumerated() {
        for j in alive[(x + 1)...] {
          let c = cost(i, j)
          if c < best.cost { best = (i, j, c) }
        }
      }
      let (i, j) = (best.i, best.j)
      let total = weight[i] + weight[j]
      centre[i] = (centre[i] * weight[i] + centre[j] * weight[j]) / total
      weight[i] = total
      alive.removeAll { $0 == j }
    }
    func byte(_ v: Double) -> UInt32 { UInt32(min(255, max(0, v.rounded()))) }
    return alive.map { byte(centre[$0][0]) << 16 | byte(centre[$0][1]) << 8 | byte(centre[$0][2]) }
  }

  /// `count` distinct colours under `mask`, ascending, with counts from 1 to `maxCount`.
  static func histogram(count: Int, mask: UInt32, maxCount: Int, seed: UInt32) -> [(rgb: UInt32, count: Int)] {
    var state = seed
    func next() -> UInt32 {
      state = state &* 1_664_525 &+ 1_013_904_223
      return state >> 8
    }
    var colors = Set<UInt32>()
    while colors.count < count { colors.insert(next() & mask) }
    return colors.sorted().map { ($0, 1 + Int(next() % UInt32(maxCount))) }
  }

  @Test(arguments: [
    (40, 0x00FF_FFFF as UInt32, 1, 10),  // photo-like: light, spread
    (60, 0x00FF_FFFF, 3, 7),
    (90, 0x00E0_E0E0, 2, 30),  // coarse: many equal distances
    (60, 0x00C0_C0C0, 1, 1),  // 64 colours only: ties everywhere
    (120, 0x00F0_F0F0, 50_000, 16),  // heavy fills beside light ones
    (200, 0x0030_F0F0, 1, 100),  // red almost constant: the red bound prunes nothing
    (64, 0x00FF_FFFF, 5, 63),
    (250, 0x00E0_E0E0, 1, 12),  // many merges among coarse colours: the merge heap's ties
    (300, 0x00FF_FFFF, 40, 255),  // a GIF palette's size
  ])
  func matchesTheAllPairsAlgorithm(count: Int, mask: UInt32, maxCount: Int, target: Int) {
    let histogram = Self.histogram(count: count, mask: mask, maxCount: maxCount, seed: UInt32(count) ^ mask)
    let palette = WardQuantizer.palette(for: histogram, maxColors: target)
    #expect(palette.count == target)
    #expect(palette == Self.plain(histogram, maxColors: target))
  }

  /// Two tight groups far apart: at two colours each group is one, at its weighted mean.
  @Test func mergesNearColoursFirst() {
    let histogram: [(rgb: UInt32, count: Int)] = [
      (0x0A0A0A, 1), (0x0A0A0C, 3), (0x0C0A0A, 4), (0xF0F0F0, 2), (0xF2F0F0, 2),
    ]
    #expect(WardQuantizer.palette(for: histogram, maxColors: 2) == [0x0B0A0B, 0xF1F0F0])
  }
}
