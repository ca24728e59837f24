import Testing

@testable import ProgressRenderFormats

/// `NearestColor` finds what a scan in index order finds: the first palette colour at the least
/// squared RGB distance, ties included, for palettes of every length around its lanes of eight.
@Suite struct NearestColorTests {
  static func scan(_ palette: [UInt32], _ c: UInt32) -> Int {
    var best = 0
    var bestDistance = Int.max
    for (i, p) in palette.enumerated() {
      let dr = Int(p >> 16 & 0xff) - Int(c >> 16 & 0xff)
      let dg = Int(p >> 8 & 0xff) - Int(c >> 8 & 0xff)
      let db = Int(p & 0xff) - Int(c & 0xff)
      let d = dr * dr + dg * dg + db * db
      if d < bestDistance { (best, bestDistance) = (i, d) }
    }
    return best
  }

  @Test(arguments: [1, 7, 8, 9, 16, 31, 255, 256])
  func findsTheFirstNearestColour(count: Int) {
    var state: UInt32 = 0x1234_5678
    func next() -> UInt32 {
      state = state &* 1_664_525 &+ 1_013_904_223
      return state >> 8
    }
    // Coarse colours: many ties, and repeated entries, which the first must win.
    let palette = (0..<count).map { _ in next() & 0x00C0_C0C0 }
    let search = NearestColor(palette)
    for _ in 0..<2000 {
      let c = next() & 0x00FF_FFFF
      #expect(search.index(of: c) == Self.scan(palette, c), "colour \(c)")
    }
    for (i, p) in palette.enumerated() { #expect(search.index(of: p) == palette.firstIndex(of: p) ?? i) }
  }

  /// Palettes bunched in one corner or along one channel, asked for colours anywhere: the search's
  /// walk along the channel sum runs long, and far colours tie at many distances.
  @Test(arguments: [
    (255, 0x003F_3F3F as UInt32),  // dark: every bright colour is far
    (200, 0x00FF_0000),  // reds only: equal sums at many distances
    (256, 0x000F_FFFF),  // two channels spread, one nearly constant
    (3, 0x00FF_FFFF),
  ])
  func findsTheFirstNearestColourOfABunchedPalette(count: Int, mask: UInt32) {
    var state: UInt32 = 0x0BAD_F00D ^ mask
    func next() -> UInt32 {
      state = state &* 1_664_525 &+ 1_013_904_223
      return state >> 8
    }
    let palette = (0..<count).map { _ in next() & mask }
    let search = NearestColor(palette)
    for _ in 0..<3000 {
      let c = next() & 0x00FF_FFFF
      #expect(search.index(of: c) == Self.scan(palette, c), "colour \(c)")
    }
    for c: UInt32 in [0, 0x00FF_FFFF, 0x0080_8080, 0x00FF_0000] {
      #expect(search.index(of: c) == Self.scan(palette, c), "colour \(c)")
    }
  }
}
