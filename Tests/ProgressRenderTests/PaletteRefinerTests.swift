import Testing

@testable import ProgressRenderFormats

/// `PaletteRefiner`, which searches only the palette colours that moved for a histogram colour
/// whose own colour stayed, gives exactly the palette of plain Lloyd iterations that search the
/// whole palette for every colour every round: spread and coarse colours, duplicate palette
/// entries, heavy and light weights, palettes from one colour to 256.
@Suite struct PaletteRefinerTests {
  /// Lloyd iterations searching every palette colour for every histogram colour (the refiner
  /// before it kept track of what moved).
  static func plain(_ palette: [UInt32], histogram: [(rgb: UInt32, count: Int)], iterations: Int = 10) -> [UInt32] {
    let k = palette.count
    let rounds = min(iterations, max(1, 20_000_000 / (histogram.count * k)))
    var centre = palette
    var assignment = [Int](repeating: -1, count: histogram.count)
    for _ in 0..<rounds {
      var changed = false
      for (i, entry) in histogram.enumerated() {
        let best = NearestColorTests.scan(centre, entry.rgb)
        if assignment[i] != best { (assignment[i], changed) = (best, true) }
      }
      if !changed { break }
      var sums = [(r: Int, g: Int, b: Int, w: Int)](repeating: (0, 0, 0, 0), count: k)
      for (i, entry) in histogram.enumerated() {
        let j = assignment[i]
        let w = entry.count
        sums[j].r += Int(entry.rgb >> 16 & 0xff) * w
        sums[j].g += Int(entry.rgb >> 8 & 0xff) * w
        sums[j].b += Int(entry.rgb & 0xff) * w
        sums[j].w += w
      }
      for j in 0..<k where sums[j].w > 0 {
        let w = sums[j].w
        centre[j] =
          UInt32((sums[j].r + w / 2) / w) << 16 | UInt32((sums[j].g + w / 2) / w) << 8 | UInt32((sums[j].b + w / 2) / w)
      }
    }
    return centre
  }

  @Test(arguments: [
    (1, 50, 0x00FF_FFFF as UInt32, 1, 1),  // one palette colour
    (2, 3, 0x00FF_FFFF, 5, 2),
    (16, 400, 0x00FF_FFFF, 10, 3),  // photo-like spread: many move every round
    (64, 300, 0x00E0_E0E0, 30, 4),  // coarse: ties everywhere
    (255, 900, 0x00F0_F0F0, 50_000, 5),  // a local table's size, heavy fills beside light ones
    (256, 1000, 0x00C0_C0C0, 3, 6),  // 64 colours only: duplicate palette entries
    (100, 2000, 0x0030_F0F0, 100, 7),  // red almost constant
  ])
  func matchesPlainLloydIterations(paletteCount: Int, colors: Int, mask: UInt32, maxCount: Int, seed: UInt32) {
    var state = seed
    func next() -> UInt32 {
      state = state &* 1_664_525 &+ 1_013_904_223
      return state >> 8
    }
    var distinct = Set<UInt32>()
    let possible = 1 << mask.nonzeroBitCount
    while distinct.count < min(colors, possible) { distinct.insert(next() & mask) }
    let histogram = distinct.sorted().map { (rgb: $0, count: 1 + Int(next() % UInt32(maxCount))) }
    // Starting colours off the histogram's grid, so most of them move in the first rounds.
    let palette = (0..<paletteCount).map { _ in next() & 0x00FF_FFFF }
    for iterations in [1, 2, 10] {
      #expect(
        PaletteRefiner.refine(palette, histogram: histogram, iterations: iterations)
          == Self.plain(palette, histogram: histogram, iterations: iterations), "iterations \(iterations)")
    }
  }
}
