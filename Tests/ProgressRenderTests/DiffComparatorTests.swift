import Testing

@testable import ProgressRender

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
}
