import Testing

@testable import ProgressRenderFormats

@Suite struct GIFPaletteTests {
  static func histogram(_ colors: [(UInt32, Int)], transparent: Int = 0) -> ColorHistogram {
    var h = ColorHistogram()
    for (rgb, count) in colors { h.add(0xFF00_0000 | rgb, count: count) }
    if transparent > 0 { h.add(AlphaResolver.transparentKey, count: transparent) }
    return h
  }

  @Test func fittingColoursAreExactAndSorted() throws {
    let palette = try GIFPalette.build(
      from: Self.histogram([(0x00FF00, 5), (0x0000FF, 1), (0xFF0000, 9)]), maxColors: 256)
    #expect(palette.colors == [0x0000FF, 0x00FF00, 0xFF0000])
    #expect(palette.isExact && palette.transparentIndex == 3)
  }

  @Test(arguments: [
    (false, 4, 3, 3, 3 as Int?), (false, 4, 4, 4, nil), (true, 4, 4, 3, 3), (false, 128, 200, 127, 127),
    (false, 16, 40, 16, nil),
  ])
  func transparentEntryReservation(
    transparent: Bool, maxColors: Int, distinct: Int, opaqueColors: Int, index: Int?
  ) throws {
    // `distinct` opaque colours (plus transparent pixels when asked).
    let colors = (0..<distinct).map { (UInt32($0 * 0x020301), 10 + $0) }
    let palette = try GIFPalette.build(
      from: Self.histogram(colors, transparent: transparent ? 7 : 0), maxColors: maxColors)
    #expect(palette.colors.count == opaqueColors)
    #expect(palette.transparentIndex == index)
    #expect(palette.isExact == (opaqueColors >= distinct))
  }

  /// Flat art with a few too many colours: the frequent colours survive exactly and only rare,
  /// near-equal edge colours merge.
  @Test func frequentColoursSurviveQuantization() throws {
    var colors: [(UInt32, Int)] = [(0x1E1E1E, 40_000), (0xD6D6D6, 9_000), (0xFD7511, 5_000)]
    for level in 0..<60 {  // grey edge ramps: (3 × 60) rare colours
      let v = UInt32(0x20 + level * 3)
      colors.append((v << 16 | v << 8 | v, 3))
      colors.append((v << 16 | v << 8 | (v + 1), 2))
      colors.append(((v + 1) << 16 | v << 8 | v, 1))
    }
    let palette = try GIFPalette.build(from: Self.histogram(colors), maxColors: 64)
    #expect(!palette.isExact)
    #expect(palette.colors.count == 63 && palette.transparentIndex == 63)
    for frequent: UInt32 in [0x1E1E1E, 0xD6D6D6, 0xFD7511] { #expect(palette.colors.contains(frequent)) }
    // Every histogram colour has a palette colour within a few levels.
    for (rgb, _) in colors {
      let nearest = palette.colors.map { p in
        [16, 8, 0].map { (s: UInt32) in abs(Int(p >> s & 0xff) - Int(rgb >> s & 0xff)) }.max()!
      }.min()!
      #expect(nearest <= 6)
    }
  }

  @Test func wardKeepsAllColoursWhenTheyFit() {
    let colors: [(rgb: UInt32, count: Int)] = [(0x000000, 1), (0x101010, 1)]
    #expect(WardQuantizer.palette(for: colors, maxColors: 2) == [0x000000, 0x101010])
    #expect(WardQuantizer.palette(for: colors, maxColors: 1) == [0x080808])
  }

  @Test func refinerMovesColoursToTheirWeightedMean() {
    let refined = PaletteRefiner.refine(
      [0x000000, 0xFFFFFF], histogram: [(0x101010, 3), (0x202020, 1), (0xF0F0F0, 5)])
    #expect(refined == [0x141414, 0xF0F0F0])
  }

  @Test func histogramPosterizesBeyondItsLimitButStaysBounded() {
    var h = ColorHistogram(maxDistinct: 1000)
    for i in 0..<5000 { h.add(0xFF00_0000 | UInt32(i * 2654435761 & 0xFFFFFF), count: 1) }
    #expect(!h.isExact)
    #expect(h.distinctCount <= 1001)
    #expect(h.opaqueColors().reduce(0) { $0 + $1.count } == 5000)
  }
}
