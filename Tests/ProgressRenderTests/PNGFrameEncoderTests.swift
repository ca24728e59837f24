import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats
@testable import ProgressRenderRaster

/// Frames of at most 256 colours are written colour-mapped, others true-colour (RGB when opaque,
/// else RGBA; rows unfiltered or filtered `Sub`, the smaller), and every file decodes to exactly
/// the pixels libpng's RGBA file of the same frame decodes to (issue 24).
@Suite struct PNGFrameEncoderTests {
  /// A frame whose pixel `i` is `colors[i % colors.count]`.
  static func frame(width: Int, height: Int, colors: [UInt32]) -> Frame {
    Frame(
      PixelBuffer(width: width, height: height, pixels: (0..<width * height).map { colors[$0 % colors.count] }))
  }

  /// `count` opaque greys and blues, all different.
  static func opaque(_ count: Int) -> [UInt32] {
    (0..<count).map { 0xFF00_0000 | UInt32($0 % 256) << 8 | UInt32($0 / 256) }
  }

  /// 4096 premultiplied colours of every alpha, each channel at most its alpha.
  static func translucentGradient() -> [UInt32] {
    (0..<4096).map { (i: Int) -> UInt32 in
      let alpha = UInt32(i / 16)
      let green = alpha * UInt32(i % 16) / 15
      let blue = alpha * UInt32(i % 64) / 255
      return alpha << 24 | green << 8 | blue
    }
  }

  /// `count` pseudo-random premultiplied colours, every channel of them varying; opaque ones when
  /// `opaque`, else of every alpha.
  static func noise(_ count: Int, opaque: Bool) -> [UInt32] {
    var state: UInt32 = 7
    return (0..<count).map { _ in
      state = state &* 1_664_525 &+ 1_013_904_223
      let alpha = opaque ? 255 : state >> 24
      let channel = { (shift: UInt32) in (state >> shift & 0xFF) * alpha / 255 }
      return alpha << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
    }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let width: Int
    let height: Int
    let colors: [UInt32]
    /// IHDR's colour type: 2 RGB, 3 colour-mapped, 6 RGBA.
    let colorType: UInt8
    /// Whether a tRNS chunk is written.
    let transparency: Bool
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "one pixel", width: 1, height: 1, colors: [0xFF11_2233], colorType: 3, transparency: false),
    Case(name: "one colour", width: 7, height: 5, colors: [0xFFFF_FFFF], colorType: 3, transparency: false),
    Case(
      name: "transparent and opaque", width: 9, height: 4, colors: [0, 0xFF00_00FF, 0x8040_2010], colorType: 3,
      transparency: true),
    Case(name: "white is not empty", width: 3, height: 3, colors: [0xFFFF_FFFF, 0], colorType: 3, transparency: true),
    Case(name: "256 colours", width: 32, height: 16, colors: opaque(256), colorType: 3, transparency: false),
    Case(name: "257 colours", width: 40, height: 16, colors: opaque(257), colorType: 2, transparency: false),
    Case(
      name: "257 colours in rows: filtered", width: 257, height: 9, colors: opaque(257), colorType: 2,
      transparency: false),
    Case(
      name: "257 colours, one translucent", width: 40, height: 16, colors: opaque(256) + [0x8040_2010],
      colorType: 6, transparency: false),
    Case(
      name: "300 colours, transparent ones", width: 30, height: 30, colors: [0, 0x0100_0000] + opaque(298),
      colorType: 6, transparency: false),
    Case(
      name: "runs crossing rows", width: 37, height: 11,
      colors: opaque(20).flatMap { Array(repeating: $0, count: 13) } + [0, 0, 0], colorType: 3, transparency: true),
    Case(
      name: "257 colours in runs, the last late", width: 50, height: 20,
      colors: opaque(257).flatMap { Array(repeating: $0, count: 3) }, colorType: 2, transparency: false),
    Case(
      name: "a gradient of translucent colours", width: 64, height: 64,
      colors: translucentGradient(),
      colorType: 6, transparency: false),
    Case(
      name: "opaque noise: filtered", width: 45, height: 20, colors: noise(900, opaque: true), colorType: 2,
      transparency: false),
    Case(
      name: "translucent noise: filtered", width: 45, height: 20, colors: noise(900, opaque: false), colorType: 6,
      transparency: false),
  ]

  @Test(arguments: cases)
  func decodesAsLibpngsRGBAFile(_ test: Case) throws {
    let frame = Self.frame(width: test.width, height: test.height, colors: test.colors)
    let png = try PNGFrameEncoder().encode(frame)
    let chunks = try PNGChunks.read(png, source: "test", maxChunks: 16).map(\.type)
    #expect(png[8 + 8 + 9] == test.colorType)
    #expect(chunks.contains("tRNS") == (test.colorType == 3 && test.transparency))
    #expect(chunks.contains("PLTE") == (test.colorType == 3))
    let ours = try PNGCodec.decode(png, source: "ours", maxPixels: 1 << 20)
    let libpng = try PNGCodec.decode(PNGCodec.encode(frame), source: "libpng", maxPixels: 1 << 20)
    #expect(ours.buffer.pixels == libpng.buffer.pixels)
  }

  @Test func bytesDependOnlyOnThePixels() throws {
    let frame = Self.frame(width: 33, height: 17, colors: [0, 0xFF00_00FF, 0x8040_2010, 0xFFFF_FFFF])
    let encoder = try PNGFrameEncoder()
    let first = try encoder.encode(frame)
    _ = try encoder.encode(Self.frame(width: 5, height: 5, colors: Self.opaque(300)))
    #expect(try encoder.encode(frame) == first)
    #expect(try PNGFrameEncoder().encode(frame) == first)
  }

  /// A 64 × 32 opaque frame of two bands: a smooth gradient on top (every pixel differs from its left
  /// one: filtered `Sub`), then runs of 16 pixels of four colours, shifted by a pseudo-random amount on
  /// each row (a run in 16 starts a new colour: unfiltered).
  static func twoBandFrame(seed: UInt32 = 1) -> Frame {
    let colors: [UInt32] = [0xFF00_0000, 0xFFFF_FFFF, 0xFFFF_0000, 0xFF00_00FF]
    var state = seed
    var pixels: [UInt32] = []
    for y in 0..<32 {
      for x in 0..<64 {
        if x == 0 { state = state &* 1_103_515_245 &+ 12345 }
        pixels.append(
          y < 16
            ? 0xFF00_0000 | UInt32(x * 4) << 16 | UInt32(y * 8) << 8 | UInt32(x + y)
            : colors[(x / 16 + Int(state >> 16) % 4) % 4])
      }
    }
    return Frame(PixelBuffer(width: 64, height: 32, pixels: pixels))
  }

  /// The filter byte of each row of a true-colour PNG's rows.
  static func filterBytes(_ png: [UInt8], width: Int, height: Int, channels: Int) throws -> [UInt8] {
    let idat = try PNGChunks.read(png, source: "test", maxChunks: 16).filter { $0.type == "IDAT" }
    let stride = width * channels + 1
    let rows = try #require(PNGChunks.inflatePrefix(ArraySlice(idat.flatMap { png[$0.data] }), count: stride * height))
    return (0..<height).map { rows[$0 * stride] }
  }

  @Test(arguments: [(1, 16), (16, 16), (120, 16), (240, 30), (241, 31), (480, 60), (1000, 125)])
  func bandsAreAboutAnEighthOfTheFrame(height: Int, rows: Int) {
    #expect(PNGFrameEncoder.bandRows(height: height) == rows)
  }

  /// One row of `width` pixels that differs from its left neighbour `steps` times by a step (64 in
  /// every channel, an edge of flat art), then `shading` times by shading (1 in every channel).
  static func row(width: Int, steps: Int, shading: Int) -> [UInt32] {
    var pixel: UInt32 = 0xFF10_1010
    return (0..<width).map { x in
      if x >= 1, x <= steps { pixel ^= 0x0040_4040 } else if x > steps, x <= steps + shading { pixel &+= 0x0001_0101 }
      return pixel
    }
  }

  /// Five pixels of `left`, then five of `right`: one difference in ten pixels.
  static func halves(_ left: UInt32, _ right: UInt32) -> [UInt32] {
    Array(repeating: left, count: 5) + Array(repeating: right, count: 5)
  }

  /// Pixels, the width, and whether they are filtered `Sub`: when twice the shading outnumbers the
  /// steps, or more than a fifth of the pixels differ from their left neighbour (the first pixel of a
  /// row has none).
  static let filterCases: [([UInt32], Int, Bool)] = [
    ([7], 1, false),
    ([1, 2, 3, 4], 4, true),
    ([1, 1, 1, 1, 2, 2, 2, 2], 4, false),
    (row(width: 30, steps: 4, shading: 2), 30, false),
    (row(width: 30, steps: 4, shading: 3), 30, true),
    (row(width: 30, steps: 6, shading: 0), 30, false),
    (row(width: 30, steps: 7, shading: 0), 30, true),
    (row(width: 10, steps: 1, shading: 0) + row(width: 10, steps: 1, shading: 0), 10, false),
    (row(width: 10, steps: 3, shading: 0) + row(width: 10, steps: 0, shading: 0), 10, false),
    (row(width: 10, steps: 5, shading: 0) + row(width: 10, steps: 0, shading: 0), 10, true),
    (halves(0xFF10_1010, 0xFF14_1414), 10, true),
    (halves(0xFF10_1010, 0xFF15_1414), 10, false),
    (halves(0xFF10_1010, 0xFF0C_0C0C), 10, true),
    (halves(0xFF10_1010, 0xFF0C_0B0C), 10, false),
    (halves(0xFF10_1010, 0xFB10_1010), 10, true),
    (halves(0xFF00_0000, 0xFFFF_FFFF), 10, false),
  ]

  @Test(arguments: filterCases)
  func subWhenShadingOutnumbersStepsOrAFifthOfPixelsDiffer(pixels: [UInt32], width: Int, sub: Bool) {
    #expect(PNGFrameEncoder.filtersSub(pixels[...], width: width) == sub)
  }

  @Test func eachBandChoosesItsOwnFilter() throws {
    let png = try PNGFrameEncoder().encode(Self.twoBandFrame())
    #expect(png[8 + 8 + 9] == 2)
    #expect(
      try Self.filterBytes(png, width: 64, height: 32, channels: 3) == Array(repeating: 1, count: 16)
        + Array(repeating: 0, count: 16))
  }

  /// A band the encoder has seen is reused, not compressed again: the file is still the one a new
  /// encoder writes, and decodes to the frame's pixels.
  @Test(arguments: [1 as UInt32, 2, 3])
  func reusedBandsGiveTheSameBytes(seed: UInt32) throws {
    let encoder = try PNGFrameEncoder()
    let before = try encoder.encode(Self.twoBandFrame())
    let frame = Self.twoBandFrame(seed: seed)  // the same top band; the bottom one differs unless seed is 1
    let png = try encoder.encode(frame)
    #expect(png == (try PNGFrameEncoder().encode(frame)))
    #expect((png == before) == (seed == 1))
    let decoded = try PNGCodec.decode(png, source: "ours", maxPixels: 1 << 20)
    let libpng = try PNGCodec.decode(PNGCodec.encode(frame), source: "libpng", maxPixels: 1 << 20)
    #expect(decoded.buffer.pixels == libpng.buffer.pixels)
  }

  /// A colour-mapped band the encoder has seen is reused too: frames of 3 colours whose last rows
  /// differ give the files a new encoder writes.
  @Test(arguments: [0 as UInt32, 1, 2])
  func reusedIndexBandsGiveTheSameBytes(change: UInt32) throws {
    let colors: [UInt32] = [0xFF00_0000, 0xFFFF_FFFF, 0x8040_2010]
    let first = Self.frame(width: 20, height: 40, colors: colors)
    var pixels = first.buffer.pixels
    for index in pixels.count - 20 * Int(change) * 7..<pixels.count { pixels[index] = colors[(index / 3) % 3] }
    let frame = Frame(PixelBuffer(width: 20, height: 40, pixels: pixels))
    let encoder = try PNGFrameEncoder()
    _ = try encoder.encode(first)
    let png = try encoder.encode(frame)
    #expect(png[8 + 8 + 9] == 3)
    #expect(png == (try PNGFrameEncoder().encode(frame)))
    let decoded = try PNGCodec.decode(png, source: "ours", maxPixels: 1 << 20)
    #expect(
      decoded.buffer.pixels
        == (try PNGCodec.decode(PNGCodec.encode(frame), source: "libpng", maxPixels: 1 << 20)).buffer.pixels)
  }

  /// A 64-pixel-wide opaque frame of 16-row bands: a filtered band is a smooth gradient (every pixel
  /// differs from its left one a little), the others runs of 8 pixels, each row's 8 colours new and
  /// shifted by a pseudo-random amount from `seed` (unfiltered; more than 256 colours in all).
  static func bandsFrame(_ filtered: [Bool], seed: UInt32 = 1) -> Frame {
    let color = { (k: Int) in 0xFF00_0000 | UInt32(truncatingIfNeeded: k &* 0x9E37_79B1) >> 8 }
    var state = seed
    var pixels: [UInt32] = []
    for y in 0..<16 * filtered.count {
      state = state &* 1_103_515_245 &+ 12345
      for x in 0..<64 {
        pixels.append(
          filtered[y / 16]
            ? 0xFF00_0000 | UInt32(x * 4) << 16 | UInt32(y % 16 * 8) << 8 | UInt32(x + y % 16)
            : color(y * 8 + (x / 8 + Int(state >> 16)) % 8))
      }
    }
    return Frame(PixelBuffer(width: 64, height: 16 * filtered.count, pixels: pixels))
  }

  /// The second byte of a PNG's zlib stream: 0x01 for the pieces of zlib this encoder joins, 0x5E
  /// for libdeflate's stream at level 5.
  static func zlibFlags(_ png: [UInt8]) throws -> UInt8 {
    let idat = try #require(try PNGChunks.read(png, source: "test", maxChunks: 16).first { $0.type == "IDAT" })
    return png[idat.data.lowerBound + 1]
  }

  /// A true-colour frame at least half of whose bands are filtered is a picture, compressed whole
  /// by libdeflate; the others band by band. Either way each band keeps its own filter and the file
  /// decodes to libpng's pixels.
  @Test(arguments: [
    ([true, false], true),
    ([true, false, false], false),
    ([true, true, false], true),
    ([false, false, false, false], false),
    ([true, false, false, false], false),
    ([true, false, true, false], true),
    ([true, true, true, true, true, true, true, true], true),
  ])
  func picturesAreCompressedWhole(filtered: [Bool], whole: Bool) throws {
    let frame = Self.bandsFrame(filtered)
    let png = try PNGFrameEncoder().encode(frame)
    #expect(png[8 + 8 + 9] == 2)
    #expect(try Self.zlibFlags(png) == (whole ? 0x5E : 0x01))
    #expect(
      try Self.filterBytes(png, width: 64, height: frame.height, channels: 3)
        == filtered.flatMap { Array(repeating: $0 ? 1 : 0, count: 16) })
    let libpng = try PNGCodec.decode(PNGCodec.encode(frame), source: "libpng", maxPixels: 1 << 20)
    #expect(try PNGCodec.decode(png, source: "ours", maxPixels: 1 << 20).buffer.pixels == libpng.buffer.pixels)
  }

  /// Frames of one size going from bands to a picture and back, sharing bands with the frame before
  /// (kept pieces, bands a picture wrote without a piece), each give the file a new encoder writes.
  @Test(
    arguments: [
      [([true, false, false, false], 1), ([true, true, true, false], 1), ([true, false, false, false], 1)],
      [([true, true, true, false], 1), ([true, false, false, false], 1), ([true, false, false, false], 2)],
      [([false, false, false, true], 3), ([true, true, false, true], 3), ([false, true, false, true], 3)],
      [([true, true, true, true], 1), ([false, false, false, false], 1), ([true, true, true, true], 1)],
    ] as [[([Bool], UInt32)]])
  func bytesDoNotDependOnTheFramesBefore(sequence: [([Bool], UInt32)]) throws {
    let encoder = try PNGFrameEncoder()
    for (filtered, seed) in sequence {
      let frame = Self.bandsFrame(filtered, seed: seed)
      #expect(try encoder.encode(frame) == (try PNGFrameEncoder().encode(frame)), "\(filtered), seed \(seed)")
    }
  }
}
