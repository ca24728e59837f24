import Testing

@testable import ProgressRenderFormats

/// `FrameMapper.map` given the rectangle where a frame changed (a frame rebuilt from
/// `KeyFrameCache`, which compared it already) maps exactly as when it compares the frames itself.
@Suite struct FrameMapperTests {
  /// A 40 × 30 frame of a few flat colours, and the next one with a block of other colours.
  static let previous: [UInt32] = (0..<1200).map { [0xFF10_2030, 0xFF80_4020, 0xFFF0_F0F0][($0 / 7) % 3] }
  static let keys: [UInt32] = {
    var keys = previous
    for y in 8..<14 { for x in 5..<22 { keys[y * 40 + x] = 0xFF00_0000 | UInt32(y * 977 + x * 131) } }
    keys[10 * 40 + 30] = AlphaResolver.transparentKey
    return keys
  }()
  static let changed = PixelRect(x0: 5, y0: 8, x1: 31, y1: 14)

  /// The palettes and options the mapping takes different paths for: an exact palette, a reduced
  /// one diffused, ordered or not dithered, with and without local colour tables.
  static let cases: [(palette: GIFPalette, options: GIFOptions)] = {
    let exact = GIFPalette(colors: [0x10_2030, 0x80_4020, 0xF0_F0F0], transparentIndex: 3, isExact: true)
    let reduced = GIFPalette(colors: (0..<16).map { UInt32($0) * 0x0F0F0F }, transparentIndex: 16, isExact: false)
    return [
      (exact, GIFOptions()),
      (reduced, GIFOptions(dither: 1)),
      (reduced, GIFOptions(dither: 1, ditherMethod: .ordered)),
      (reduced, GIFOptions(dither: 0, localColorTables: false)),
      (reduced, GIFOptions(dither: 1, localColorTables: false)),
    ]
  }()

  @Test(arguments: cases.indices)
  func aKnownRectangleMapsAsComparing(index: Int) throws {
    let (palette, options) = Self.cases[index]
    func mapped(changed: PixelRect?) throws -> (rows: Range<Int>, out: [UInt32]) {
      var mapper = FrameMapper(palette: palette, options: options, width: 40, height: 30)
      var out = [UInt32](repeating: 0, count: 1200)
      let rows = try mapper.map(Self.keys, previous: Self.previous, changed: changed, into: &out)
      return (rows, out)
    }
    let compared = try mapped(changed: nil)
    let known = try mapped(changed: Self.changed)
    #expect(compared.rows == 8..<14)
    #expect(known.rows == compared.rows)
    #expect(known.out == compared.out)
  }

  /// An empty rectangle means nothing changed: nothing is mapped, as when the frames are equal.
  @Test func anEmptyRectangleMapsNothing() throws {
    var mapper = FrameMapper(palette: Self.cases[0].palette, options: GIFOptions(), width: 40, height: 30)
    var out = [UInt32](repeating: 7, count: 1200)
    let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    #expect(try mapper.map(Self.previous, previous: Self.previous, changed: empty, into: &out) == 0..<0)
    #expect(try mapper.map(Self.previous, previous: Self.previous, into: &out) == 0..<0)
    #expect(out == [UInt32](repeating: 7, count: 1200))
  }
}
