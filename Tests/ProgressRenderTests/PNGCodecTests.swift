import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderRaster

@Suite struct PNGCodecTests {
  /// A small picture with opaque, translucent and clear pixels.
  static func sample(width: Int = 13, height: Int = 7) -> Frame {
    var rgba = [UInt8]()
    for y in 0..<height {
      for x in 0..<width {
        let alpha: UInt8 = x % 3 == 0 ? 255 : (x % 3 == 1 ? 128 : 0)
        rgba += [UInt8(x * 19 % 256), UInt8(y * 37 % 256), UInt8((x + y) * 11 % 256), alpha]
      }
    }
    return Frame(width: width, height: height, straightRGBA: rgba)
  }

  /// CRC-32 as PNG chunks use it, to forge headers.
  static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xffff_ffff
    for b in bytes {
      crc ^= UInt32(b)
      for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
    }
    return ~crc
  }

  /// A copy of `png` whose IHDR announces `width × height` (with a correct CRC).
  static func forgingSize(_ png: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
    var out = png
    func put(_ v: UInt32, at i: Int) {
      for k in 0..<4 { out[i + k] = UInt8(v >> (24 - 8 * UInt32(k)) & 0xff) }
    }
    // Signature (8) + length (4) + "IHDR" (4), then width and height; CRC covers type + 13 data bytes.
    put(width, at: 16)
    put(height, at: 20)
    put(crc32(out[12..<29]), at: 29)
    return out
  }

  @Test func roundTripKeepsStraightRGBA() throws {
    let frame = Self.sample()
    let png = try PNGCodec.encode(frame)
    #expect(Array(png.prefix(8)) == PNGCodec.signature)
    let back = try PNGCodec.decode(png, source: "sample.png", maxPixels: 1000)
    #expect(back.width == 13 && back.height == 7)
    #expect(back.straightRGBA() == frame.straightRGBA())
  }

  @Test func opaqueRoundTripIsExact() throws {
    let frame = Frame(width: 4, height: 3, pixels: (0..<12).map { 0xff00_0000 | UInt32($0) * 0x0103_05 })
    let back = try PNGCodec.decode(try PNGCodec.encode(frame), source: "x.png", maxPixels: 12)
    #expect(back == frame)
  }

  @Test func encodingIsDeterministic() throws {
    let a = try PNGCodec.encode(Self.sample())
    let b = try PNGCodec.encode(Self.sample())
    #expect(a == b)
    #expect(a != (try PNGCodec.encode(Self.sample(width: 12))))
  }

  @Test(arguments: [[], [0x89, 0x50], Array("GIF89a and more bytes".utf8), Array("\u{89}PNG\r\n\u{1a}X".utf8)])
  func rejectsNonPNG(bytes: [UInt8]) {
    #expect(throws: RasterError.notPNG(source: "pic.jpg")) {
      try PNGCodec.decode(bytes, source: "pic.jpg", maxPixels: 100)
    }
    #expect(RasterError.notPNG(source: "pic.jpg").description.hasPrefix("pic.jpg: not a PNG file"))
  }

  @Test func rejectsTooLargeBeforeAllocating() throws {
    let png = try PNGCodec.encode(Self.sample())
    let forged = Self.forgingSize(png, width: 100_000, height: 90_000)
    #expect(throws: RasterError.pngTooLarge(source: "big.png", width: 100_000, height: 90_000, maxPixels: 40_000_000)) {
      try PNGCodec.decode(forged, source: "big.png", maxPixels: 40_000_000)
    }
    let text = RasterError.pngTooLarge(source: "big.png", width: 100_000, height: 90_000, maxPixels: 40_000_000)
      .description
    #expect(text.contains("100000×90000") && text.contains("40000000") && text.hasPrefix("big.png:"))
    // Exactly at the limit is accepted.
    #expect((try PNGCodec.decode(png, source: "ok.png", maxPixels: 91)).width == 13)
    #expect(throws: RasterError.pngTooLarge(source: "ok.png", width: 13, height: 7, maxPixels: 90)) {
      try PNGCodec.decode(png, source: "ok.png", maxPixels: 90)
    }
  }

  @Test func truncatedDataNamesFileAndLibpngReason() throws {
    let png = try PNGCodec.encode(Self.sample())
    do {
      _ = try PNGCodec.decode(Array(png.prefix(png.count / 2)), source: "half.png", maxPixels: 1000)
      Issue.record("a half PNG decoded")
    } catch {
      guard case .corruptPNG(let source, let reason) = error else {
        Issue.record("expected .corrupt, got \(error)")
        return
      }
      #expect(source == "half.png")
      #expect(!reason.isEmpty)
      #expect(error.description.hasPrefix("half.png: the PNG is truncated or corrupt ("))
    }
  }

  /// Truncations at every length and thousands of deterministic byte flips either decode or throw.
  @Test func mutationsNeverCrash() throws {
    let png = try PNGCodec.encode(Self.sample(width: 24, height: 16))
    var decoded = 0
    var thrown = 0
    func attempt(_ bytes: [UInt8]) {
      do {
        let frame = try PNGCodec.decode(bytes, source: "m.png", maxPixels: 4096)
        #expect(frame.width * frame.height <= 4096)
        #expect(frame.pixels.count == frame.width * frame.height)
        decoded += 1
      } catch {
        thrown += 1
      }
    }
    for length in 0..<png.count { attempt(Array(png.prefix(length))) }
    var state: UInt64 = 0x9e37_79b9_7f4a_7c15
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    for _ in 0..<4000 {
      var bytes = png
      for _ in 0..<(1 + next() % 3) {
        bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next())
      }
      attempt(bytes)
    }
    #expect(decoded + thrown == png.count + 4000)
    #expect(thrown >= png.count - 20)  // almost every truncation fails
    #expect(decoded > 0)  // flips in ancillary places or CRC-tolerant spots still decode
  }

  /// Samples of a 5×3 picture with every channel count: greys, colours, translucent and clear alpha.
  static func samples8(_ type: PNGTestFile.ColourType) -> [Int] {
    (0..<15).flatMap { i -> [Int] in
      let grey = (i * 53 + 7) % 256
      let alpha = [255, 0, 128, 1, 254][i % 5]
      switch type {
      case .grey: return [grey]
      case .rgb: return [grey, (i * 97) % 256, (i * 31 + 200) % 256]
      case .greyAlpha: return [grey, alpha]
      case .rgba: return [grey, (i * 97) % 256, (i * 31 + 200) % 256, alpha]
      }
    }
  }

  /// Item 16: the same picture stored at 16 bits (every sample × 257) and no gAMA reads exactly as the
  /// 8-bit file: 16-bit samples are sRGB like 8-bit ones unless the file says otherwise. With and without
  /// a tRNS colour (on the first pixel's value).
  @Test(arguments: [
    (PNGTestFile.ColourType.grey, false), (.grey, true), (.rgb, false), (.rgb, true), (.greyAlpha, false),
    (.rgba, false),
  ])
  func sixteenBitWithoutGammaReadsLikeEightBit(type: PNGTestFile.ColourType, withTRNS: Bool) throws {
    let eight = Self.samples8(type)
    var file8 = PNGTestFile(width: 5, height: 3, colourType: type, bitDepth: 8, samples: eight)
    if withTRNS {  // a tRNS colour exists for grey and RGB only
      file8.transparent = Array(eight.prefix(type.channels))
    }
    var file16 = file8
    file16.bitDepth = 16
    file16.samples = eight.map { $0 * 257 }
    file16.transparent = file8.transparent?.map { $0 * 257 }
    let a = try PNGCodec.decode(file8.bytes(), source: "8.png", maxPixels: 100)
    let b = try PNGCodec.decode(file16.bytes(), source: "16.png", maxPixels: 100)
    #expect(a == b, "\(type) tRNS \(withTRNS)")
    // Sanity of the 8-bit reading: an opaque grey is read as written.
    #expect(a.rgba(x: 0, y: 1).r == UInt8(eight[5 * type.channels]))
    if withTRNS { #expect(a.pixels[0] == 0) }
  }

  /// A 16-bit file that says it is linear (gAMA 1.0) is converted to sRGB: linear 0.5 is about sRGB 188
  /// (libpng's tables give 190), far from the 128 a plain × 255 / 65535 would give.
  @Test func sixteenBitLinearFileIsConvertedToSRGB() throws {
    let file = PNGTestFile(
      width: 2, height: 1, colourType: .grey, bitDepth: 16, samples: [32768, 65535], gamma: 100_000)
    let frame = try PNGCodec.decode(file.bytes(), source: "linear.png", maxPixels: 10)
    #expect(abs(Int(frame.rgba(x: 0, y: 0).r) - 188) <= 3)
    #expect(frame.rgba(x: 1, y: 0).r == 255)
  }
}
