import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderDiff

@Suite struct DiffComparatorTests {
  typealias S = DiffTestSupport

  @Test func identicalFramesHaveNoDelta() {
    let frame = S.solid(0x3366CC)
    let delta = PixelComparator().compare(frame, frame)
    #expect(delta == FrameDelta(changedPixels: 0, antialiasedPixels: 0, maxDelta: 0, diffImage: nil))
  }

  @Test func colourChangeIsCountedAndPaintedRed() {
    let expected = S.solid(0xFF0000, width: 10, height: 10)
    var actual = expected
    for y in 2..<5 { for x in 3..<6 { actual.pixels[y * 10 + x] = 0xFF00_00FF } }
    let delta = PixelComparator().compare(expected, actual, makeDiffImage: true)
    #expect(delta.changedPixels == 9)
    #expect(delta.antialiasedPixels == 0)
    let diff = delta.diffImage!
    #expect(diff.pixels[3 * 10 + 4] == 0xFFFF_0000)
    // Unchanged red fades to a light grey: 255 + (y(red) − 255) × 0.1 with y(red) = 76.2 → 237.
    #expect(diff.pixels[0] == 0xFFED_EDED)
  }

  @Test(arguments: [(0.1, 0), (0.0, 48), (0.001, 48)])
  func imperceptibleChangeDependsOnThreshold(threshold: Double, changed: Int) {
    let expected = S.solid(0xC86432)
    let actual = S.solid(0xC96432)
    #expect(PixelComparator(threshold: threshold).compare(expected, actual).changedPixels == changed)
  }

  /// A black | grey | white edge whose grey column darkens, as when an edge moves by a fraction of a pixel.
  @Test(arguments: [false, true])
  func antialiasedEdgeShiftIsCountedApart(includeAA: Bool) {
    let row: (UInt32) -> [UInt32] = { grey in
      [0xFF00_0000, 0xFF00_0000, 0xFF00_0000, 0xFF00_0000 | grey * 0x010101, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF]
    }
    let expected = S.frame(Array(repeating: row(0x80), count: 6))
    let actual = S.frame(Array(repeating: row(0x40), count: 6))
    let delta = PixelComparator(includeAntialiasing: includeAA).compare(expected, actual, makeDiffImage: true)
    #expect(delta.changedPixels == (includeAA ? 6 : 0))
    #expect(delta.antialiasedPixels == (includeAA ? 0 : 6))
    #expect(delta.diffImage!.pixels[3] == (includeAA ? 0xFFFF_0000 : 0xFFFF_FF00))
  }

  @Test(arguments: [
    (UInt32(0x0000_0000), UInt32(0xFF00_0000), "transparent black vs opaque black"),
    (UInt32(0x0000_0000), UInt32(0xFFFF_FFFF), "transparent vs opaque white"),
    (UInt32(0x8080_8080), UInt32(0xFF80_8080), "half-transparent grey vs opaque grey"),
  ])
  func alphaIsComparedHonestly(a: UInt32, b: UInt32, what: String) {
    let one = Frame(width: 4, height: 4, pixels: Array(repeating: a, count: 16))
    let two = Frame(width: 4, height: 4, pixels: Array(repeating: b, count: 16))
    #expect(PixelComparator().compare(one, two).changedPixels == 16, "\(what)")
  }

  @Test func maxDeltaIsInThresholdUnits() {
    let delta = PixelComparator().compare(S.solid(0x000000), S.solid(0xFFFFFF))
    // Black to white is a pure luma step of 255: 0.5053 × 255² on pixelmatch's 35215 scale → 0.966.
    #expect(abs(delta.maxDelta - 0.9659) < 0.0001)
    #expect(delta.changedPixels == 48)
  }

  /// pixelmatch's `pixelmatch()` for opaque images, transcribed from its index.js: returns the changed and
  /// the anti-aliased (yellow) pixel counts. Our comparator must agree on every pixel, border ones included.
  static func pixelmatchCounts(_ one: [UInt32], _ two: [UInt32], width: Int, height: Int) -> (Int, Int) {
    func luma(_ p: UInt32) -> Double {
      Double(p >> 16 & 0xFF) * 0.298_895_31 + Double(p >> 8 & 0xFF) * 0.586_622_47 + Double(p & 0xFF) * 0.114_482_23
    }
    func delta(_ a: UInt32, _ b: UInt32) -> Double {
      if a == b { return 0 }
      let (dr, dg, db) = (
        Double(a >> 16 & 0xFF) - Double(b >> 16 & 0xFF), Double(a >> 8 & 0xFF) - Double(b >> 8 & 0xFF),
        Double(a & 0xFF) - Double(b & 0xFF)
      )
      let yy = dr * 0.298_895_31 + dg * 0.586_622_47 + db * 0.114_482_23
      let i = dr * 0.595_977_99 - dg * 0.274_176_10 - db * 0.321_801_89
      let q = dr * 0.211_470_17 - dg * 0.522_617_11 + db * 0.311_146_94
      return 0.5053 * yy * yy + 0.299 * i * i + 0.1957 * q * q
    }
    func hasManySiblings(_ img: [UInt32], _ x1: Int, _ y1: Int) -> Bool {
      let (x0, y0, x2, y2) = (max(x1 - 1, 0), max(y1 - 1, 0), min(x1 + 1, width - 1), min(y1 + 1, height - 1))
      var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
      for x in x0...x2 {
        for y in y0...y2 where !(x == x1 && y == y1) {
          if img[y1 * width + x1] == img[y * width + x] { zeroes += 1 }
          if zeroes > 2 { return true }
        }
      }
      return false
    }
    func antialiased(_ img: [UInt32], _ x1: Int, _ y1: Int, _ img2: [UInt32]) -> Bool {
      let (x0, y0, x2, y2) = (max(x1 - 1, 0), max(y1 - 1, 0), min(x1 + 1, width - 1), min(y1 + 1, height - 1))
      var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
      var (minimum, maximum) = (0.0, 0.0)
      var (minX, minY, maxX, maxY) = (0, 0, 0, 0)
      for x in x0...x2 {
        for y in y0...y2 where !(x == x1 && y == y1) {
          let center = img[y1 * width + x1]
          let other = img[y * width + x]
          let d = center == other ? 0 : luma(center) - luma(other)
          if d == 0 {
            zeroes += 1
            if zeroes > 2 { return false }
          } else if d < minimum {
            (minimum, minX, minY) = (d, x, y)
          } else if d > maximum {
            (maximum, maxX, maxY) = (d, x, y)
          }
        }
      }
      if minimum == 0 || maximum == 0 { return false }
      return (hasManySiblings(img, minX, minY) && hasManySiblings(img2, minX, minY))
        || (hasManySiblings(img, maxX, maxY) && hasManySiblings(img2, maxX, maxY))
    }
    var (changed, yellow) = (0, 0)
    let limit = 35215 * 0.1 * 0.1
    for yy in 0..<height {
      for x in 0..<width where delta(one[yy * width + x], two[yy * width + x]) > limit {
        if antialiased(one, x, yy, two) || antialiased(two, x, yy, one) { yellow += 1 } else { changed += 1 }
      }
    }
    return (changed, yellow)
  }

  /// Item 18: anti-aliasing detection matches pixelmatch's on hundreds of small opaque images built from
  /// few grey levels (so equal siblings, edges and border pixels are common), every size from 1×1 up.
  @Test func antialiasingMatchesPixelmatchEverywhere() {
    var random = FuzzGIFReaderTests.Generator(state: 0x51_7E_AA)
    let levels: [UInt32] = [0x00, 0x40, 0x80, 0xC0, 0xFF].map { 0xFF00_0000 | $0 * 0x010101 }
    var antialiased = 0
    for round in 0..<600 {
      let width = 1 + random.below(9)
      let height = 1 + random.below(7)
      let one = (0..<(width * height)).map { _ in levels[random.below(levels.count)] }
      var two = one
      for _ in 0...random.below(4) { two[random.below(two.count)] = levels[random.below(levels.count)] }
      let delta = PixelComparator().compare(
        Frame(width: width, height: height, pixels: one), Frame(width: width, height: height, pixels: two))
      let (changed, yellow) = Self.pixelmatchCounts(one, two, width: width, height: height)
      #expect(delta.changedPixels == changed && delta.antialiasedPixels == yellow, "round \(round) \(width)×\(height)")
      antialiased += yellow
    }
    #expect(antialiased > 20)  // the cases do exercise the anti-aliasing rule
  }
}
