import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats

/// The colour chunks an APNG's frames share (`PLTE`, `tRNS`, `gAMA`, `cHRM`, `sRGB`, `iCCP`, `sBIT`) are
/// read once and bounded by what their type can hold, so that no frame's decoding carries a huge chunk
/// (issue 22, items 1 and 2).
@Suite struct APNGChunkBoundsTests {
  /// Three 4×3 frames of different colours.
  static func seed() throws -> [UInt8] {
    var encoder = try AnimationEncoder(format: .apng, width: 4, height: 3, loop: 0)
    for (i, red) in [1.0, 0.5, 0.0].enumerated() {
      try encoder.add(
        Frame(width: 4, height: 3, fill: RGBAColor(red: red, green: 0.2, blue: 1, alpha: 1)), start: i * 50)
    }
    return try encoder.finish(end: 150)
  }

  /// One chunk's bytes: length, type, data and CRC.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    PNGChunks.append(type, data, to: &out)
    return out
  }

  /// `bytes` with `chunks` inserted right after the IHDR chunk.
  static func inserting(_ chunks: [[UInt8]], into bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    out.insert(contentsOf: chunks.flatMap { $0 }, at: 8 + 25)
    return out
  }

  /// A zlib stream of stored (uncompressed) deflate blocks.
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01, 1]
    let length = data.count
    out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8 & 0xFF)]
    out += data
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    PNGChunks.appendUInt32(b << 16 | a, to: &out)
    return out
  }

  /// An `iCCP` chunk whose profile's header declares `declared` bytes.
  static func iccp(declaring declared: UInt32) -> [UInt8] {
    var profile: [UInt8] = []
    PNGChunks.appendUInt32(declared, to: &profile)
    profile += [UInt8](repeating: 0, count: 128)
    return chunk("iCCP", Array("icc".utf8) + [0, 0] + zlibStored(profile))
  }

  /// A gAMA, cHRM or sRGB chunk longer than its type holds is refused, naming the chunk and its size.
  @Test(arguments: [("gAMA", 100), ("cHRM", 33), ("sRGB", 2), ("PLTE", 769), ("tRNS", 257), ("sBIT", 5)])
  func oversizedColourChunksAreRefused(type: String, length: Int) throws {
    let bytes = Self.inserting([Self.chunk(type, [UInt8](repeating: 1, count: length))], into: try Self.seed())
    #expect {
      _ = try APNGFile.parse(bytes, source: "big.apng", limits: .standard)
    } throws: { error in
      "\(error)".contains("big.apng") && "\(error)".contains("\(type) chunk is \(length) bytes")
    }
  }

  /// A profile too long to be one that libpng uses is not copied into the frames; its pixels stay the same.
  @Test func aLongICCProfileIsReadOnceAndNotCopied() throws {
    let seed = try Self.seed()
    let bytes = Self.inserting([Self.iccp(declaring: 8_000_000)], into: seed)
    let file = try #require(try APNGFile.parse(bytes, source: "x.apng", limits: .standard))
    #expect(!String(decoding: file.ancillary, as: UTF8.self).contains("iCCP"), "the profile is left out")
    let plain = try #require(try AnimatedImageDecoder.scanAPNG(seed, source: "x.apng")).frames
    let read = try #require(try AnimatedImageDecoder.scanAPNG(bytes, source: "x.apng")).frames
    #expect(read.map { $0?.pixels } == plain.map { $0?.pixels })
  }

  /// A short profile is kept, as are the other colour chunks.
  @Test func aShortICCProfileIsKept() throws {
    let bytes = Self.inserting(
      [Self.iccp(declaring: 132), Self.chunk("gAMA", [0, 0, 0xB1, 0x8F])], into: try Self.seed())
    let file = try #require(try APNGFile.parse(bytes, source: "x.apng", limits: .standard))
    let text = String(decoding: file.ancillary, as: UTF8.self)
    #expect(text.contains("iCCP") && text.contains("gAMA"))
  }

  /// Repeated colour chunks are copied once (libpng uses the first); a second palette is refused.
  @Test func repeatedColourChunksAreCopiedOnce() throws {
    let gamma = Self.chunk("gAMA", [0, 0, 0xB1, 0x8F])
    let bytes = Self.inserting(Array(repeating: gamma, count: 1000), into: try Self.seed())
    let file = try #require(try APNGFile.parse(bytes, source: "x.apng", limits: .standard))
    #expect(String(decoding: file.ancillary, as: UTF8.self).components(separatedBy: "gAMA").count == 2)
    #expect(file.ancillary.count < 100)
    let palette = Self.chunk("PLTE", [0, 0, 0])
    #expect {
      _ = try APNGFile.parse(
        Self.inserting([palette, palette], into: try Self.seed()), source: "p.apng", limits: .standard)
    } throws: { "\($0)".contains("two PLTE chunks") }
  }

  /// Issue 22, item 15: a 0×0 canvas is said to be too small, not "beyond the limit".
  @Test func anEmptyCanvasIsNamedAsOne() throws {
    var bytes = try Self.seed()
    bytes.replaceSubrange(16..<24, with: [UInt8](repeating: 0, count: 8))
    FuzzAnimatedImageTests.repairCRCs(&bytes)
    #expect {
      _ = try APNGFile.parse(bytes, source: "zero.apng", limits: .standard)
    } throws: { "\($0)".contains("the canvas is 0×0; a canvas is at least 1×1") && !"\($0)".contains("beyond") }
  }
}
