import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderRaster

/// Text and metadata chunks never reach libpng (issue 22, item 3): a 32×32 PNG with a 99 MB `tEXt`
/// chunk cost 309 MB to diff against itself, the chunk copied once more by libpng.
@Suite struct PNGTextChunkTests {
  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    let length = UInt32(data.count)
    let crc = PNGCodecTests.crc32(body[...])
    return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + body
      + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
  }

  /// The sample PNG with `chunks` inserted after its IHDR.
  private static func inserting(_ chunks: [UInt8]) throws -> [UInt8] {
    let png = try PNGCodec.encode(PNGCodecTests.sample())
    let afterHeader = PNGCodec.signature.count + 8 + 13 + 4
    return Array(png[..<afterHeader]) + chunks + Array(png[afterHeader...])
  }

  /// Kinds and sizes of chunks, and whether the decoder leaves them out before libpng sees the file.
  static let cases: [(String, Int, Bool)] = [
    ("tEXt", 100_000, true), ("zTXt", 70_000, true), ("iTXt", 200_000, true), ("eXIf", 65_536, true),
    ("tEXt", 1_000, false), ("tEXt", 65_000, false),
  ]

  @Test(arguments: cases)
  func textIsLeftOutAndThePixelsAreTheSame(type: String, size: Int, leftOut: Bool) throws {
    let text = Self.chunk(type, Array("Comment".utf8) + [0] + [UInt8](repeating: 0x78, count: size))
    let png = try Self.inserting(text)
    let stripped = PNGCodec.withoutText(png)
    #expect((stripped != nil) == leftOut)
    if let stripped { #expect(stripped == (try PNGCodec.encode(PNGCodecTests.sample()))) }
    let decoded = try PNGCodec.decode(png, source: "t.png", maxPixels: 1000)
    #expect(decoded == (try PNGCodec.decode(PNGCodec.encode(PNGCodecTests.sample()), source: "s.png", maxPixels: 1000)))
  }

  /// A chunk list that runs past the end is left to libpng, which names the problem.
  @Test func aBrokenChunkListIsLeftToLibpng() throws {
    var png = try Self.inserting(Self.chunk("tEXt", [UInt8](repeating: 0x78, count: 100_000)))
    png.removeLast(50_000 + 40)
    #expect(PNGCodec.withoutText(png) == nil)
    #expect(throws: RasterError.self) { try PNGCodec.decode(png, source: "t.png", maxPixels: 1000) }
  }
}
