import Testing

@testable import ProgressRenderFormats
@testable import ProgressRenderSupport

/// The GIF LZW decoder: hand-packed code streams (each rule of the format and each way data can be
/// broken), round trips through a reference encoder written here, and giflib's own encoder's output
/// decoded exactly as the independent test decoder decodes it.
@Suite struct GIFLZWDecoderTests {
  /// Codes packed LSB-first, each at its width.
  private static func pack(_ codes: [(code: Int, width: Int)]) -> [UInt8] {
    var out: [UInt8] = []
    var bits = 0
    var held = 0
    for (code, width) in codes {
      bits |= code << held
      held += width
      while held >= 8 {
        out.append(UInt8(bits & 0xFF))
        bits >>= 8
        held -= 8
      }
    }
    if held > 0 { out.append(UInt8(bits & 0xFF)) }
    return out
  }

  /// A plain GIF LZW encoder (a dictionary of strings), widths as GIF defines them; a full table is
  /// either cleared (as giflib does) or kept (a deferred clear, which decoders must accept).
  private static func encode(_ pixels: [UInt8], minimumCodeSize: Int, clearWhenFull: Bool) -> [UInt8] {
    let clear = 1 << minimumCodeSize
    let end = clear + 1
    var codes: [(Int, Int)] = []
    var width = minimumCodeSize + 1
    var next = end + 1
    var table: [Int: Int] = [:]  // prefix code << 8 | index → code
    codes.append((clear, width))
    var current = -1
    for pixel in pixels {
      if current < 0 {
        current = Int(pixel)
        continue
      }
      if let code = table[current << 8 | Int(pixel)] {
        current = code
        continue
      }
      codes.append((current, width))
      if next < 4096 {
        table[current << 8 | Int(pixel)] = next
        if next == 1 << width, width < 12 { width += 1 }
        next += 1
      } else if clearWhenFull {
        codes.append((clear, width))
        table = [:]
        width = minimumCodeSize + 1
        next = end + 1
      }
      current = Int(pixel)
    }
    if current >= 0 { codes.append((current, width)) }
    codes.append((end, width))
    return pack(codes)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var codes: [Int]
    var minimumCodeSize = 2
    var count: Int
    var expected: Result<[UInt8], GIFLZWDecoder.Failure>
    var testDescription: String { name }
  }

  /// Codes at the widths the decoder expects for this sequence (3 bits until 8 codes exist).
  private static func widths(_ codes: [Int], minimumCodeSize: Int) -> [(code: Int, width: Int)] {
    let clear = 1 << minimumCodeSize
    var width = minimumCodeSize + 1
    var next = clear + 2
    var first = true
    return codes.map { code in
      defer {
        if code == clear {
          width = minimumCodeSize + 1
          next = clear + 2
          first = true
        } else {
          if !first, next < 4096 { next += 1 }
          first = false
          if next >= 1 << width, width < 12 { width += 1 }
        }
      }
      return (code, width)
    }
  }

  static let cases: [Case] = [
    Case(name: "literals", codes: [4, 1, 2, 3, 0, 5], count: 4, expected: .success([1, 2, 3, 0])),
    Case(name: "a string code", codes: [4, 1, 2, 6, 5], count: 4, expected: .success([1, 2, 1, 2])),
    Case(name: "KwKwK: the next code", codes: [4, 1, 6, 5], count: 3, expected: .success([1, 1, 1])),
    Case(name: "no leading clear", codes: [3, 3, 5], count: 2, expected: .success([3, 3])),
    Case(name: "a clear in the middle", codes: [4, 1, 4, 2, 6, 5], count: 3, expected: .success([1, 2, 2])),
    Case(name: "data after the last pixel", codes: [4, 1, 2, 7, 7, 7], count: 2, expected: .success([1, 2])),
    Case(name: "a string cut at the last pixel", codes: [4, 1, 6], count: 2, expected: .success([1, 1])),
    Case(
      name: "the end code too soon", codes: [4, 1, 5], count: 3, expected: .failure(.endTooSoon(pixel: 1, count: 3))),
    Case(
      name: "a code beyond the next", codes: [4, 1, 7], count: 3,
      expected: .failure(.badCode(code: 7, next: 6, pixel: 1))),
    Case(
      name: "a string code first", codes: [4, 6], count: 2, expected: .failure(.badCode(code: 6, next: 6, pixel: 0))),
    Case(name: "data too short", codes: [4, 1], count: 3, expected: .failure(.truncated(pixel: 1, count: 3))),
    Case(name: "minimum code size 0", codes: [], minimumCodeSize: 0, count: 1, expected: .failure(.badCodeSize(0))),
    Case(name: "minimum code size 9", codes: [], minimumCodeSize: 9, count: 1, expected: .failure(.badCodeSize(9))),
    Case(name: "minimum code size 1", codes: [2, 1, 0, 3], minimumCodeSize: 1, count: 2, expected: .success([1, 0])),
  ]

  @Test(arguments: cases)
  func handPackedCodes(_ test: Case) {
    let data = Self.pack(Self.widths(test.codes, minimumCodeSize: test.minimumCodeSize))
    let result = Result { () throws(GIFLZWDecoder.Failure) in
      try GIFLZWDecoder.decode(data, minimumCodeSize: test.minimumCodeSize, count: test.count)
    }
    #expect(result == test.expected)
  }

  /// Deterministic pseudo-random indices below `colours`.
  private static func noise(_ count: Int, colours: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(Int(state >> 33) % colours)
    }
  }

  struct Image: Sendable, CustomTestStringConvertible {
    var name: String
    var pixels: [UInt8]
    var codeSize: Int
    var testDescription: String { name }
  }

  static let images: [Image] = [
    Image(
      name: "noise, 256 colours, table filled many times", pixels: noise(60_000, colours: 256, seed: 1), codeSize: 8),
    Image(name: "noise, 4 colours", pixels: noise(20_000, colours: 4, seed: 2), codeSize: 2),
    Image(name: "one run of 200,000 pixels", pixels: [UInt8](repeating: 3, count: 200_000), codeSize: 2),
    Image(name: "runs and noise", pixels: (0..<50_000).map { UInt8($0 / 700 % 2 == 0 ? 1 : $0 % 7) }, codeSize: 3),
    Image(name: "two colours at code size 1", pixels: noise(10_000, colours: 2, seed: 3), codeSize: 1),
    Image(name: "one pixel", pixels: [5], codeSize: 3),
  ]

  @Test(arguments: images, [true, false])
  func roundTrip(_ image: Image, clearWhenFull: Bool) throws {
    let (pixels, size) = (image.pixels, image.codeSize)
    let data = Self.encode(pixels, minimumCodeSize: size, clearWhenFull: clearWhenFull)
    #expect(try GIFLZWDecoder.decode(data, minimumCodeSize: size, count: pixels.count) == pixels)
    // Every shorter prefix of the data is refused, never read past.
    for cut in [0, data.count / 3, data.count / 2] where cut < data.count - 2 {
      #expect(throws: GIFLZWDecoder.Failure.self) {
        try GIFLZWDecoder.decode(Array(data.prefix(cut)), minimumCodeSize: size, count: pixels.count)
      }
    }
  }

  /// giflib's encoder (the tool's GIF writer) and the test suite's independent decoder agree with
  /// the reader on every index of noisy and flat images, plain and interlaced stored.
  @Test func giflibOutputReadsAsTheIndependentDecoderReadsIt() throws {
    let sink = MemorySink()
    let palette = (0..<256).map { UInt32($0) * 0x010101 }
    let writer = try GIFFileWriter(sink: sink, width: 300, height: 200, colors: palette, loopCount: 0)
    for image in [Self.noise(60_000, colours: 256, seed: 9), [UInt8](repeating: 7, count: 60_000)] {
      var pixels = image
      try pixels.withUnsafeMutableBufferPointer {
        try writer.writeFrame(
          x: 0, y: 0, width: 300, height: 200, pixels: $0, delay: 4, disposal: .keep, transparentIndex: nil)
      }
    }
    try writer.close()
    let reference = try GIFTestDecoder(sink.bytes)
    let reader = try GIFFileReader(bytes: sink.bytes, source: "noise.gif", limits: .standard)
    for expected in reference.images {
      let image = try #require(try reader.nextImage())
      #expect(image.indices == expected.indices)
    }
    #expect(try reader.nextImage() == nil)
  }
}
