/// A tiny PNG writer for tests: any colour type (grey, RGB, grey+alpha, RGBA) at 8 or 16 bits, with an
/// optional `tRNS` and `gAMA` chunk, exactly as asked (libpng's simplified writer only makes 8-bit sRGB
/// or 16-bit linear files). Image data is zlib-wrapped stored (uncompressed) deflate blocks, filter 0.
struct PNGTestFile {
  /// PNG colour types.
  enum ColourType: UInt8, CaseIterable, Sendable {
    case grey = 0
    case rgb = 2
    case greyAlpha = 4
    case rgba = 6

    /// Samples per pixel.
    var channels: Int { [ColourType.grey: 1, .rgb: 3, .greyAlpha: 2, .rgba: 4][self] ?? 1 }
  }

  var width: Int
  var height: Int
  var colourType: ColourType
  /// 8 or 16.
  var bitDepth: Int
  /// Samples, `channels` per pixel, row by row; each below `1 << bitDepth`.
  var samples: [Int]
  /// The `tRNS` colour (one sample for grey, three for RGB) that is fully transparent.
  var transparent: [Int]? = nil
  /// The `gAMA` value × 100000 (45455 for sRGB-like 1/2.2, 100000 for linear).
  var gamma: Int? = nil

  func bytes() -> [UInt8] {
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    out += chunk("IHDR", be32(width) + be32(height) + [UInt8(bitDepth), colourType.rawValue, 0, 0, 0])
    if let gamma { out += chunk("gAMA", be32(gamma)) }
    if let transparent { out += chunk("tRNS", transparent.flatMap { be16($0) }) }
    var raw: [UInt8] = []
    let perRow = width * colourType.channels
    for row in 0..<height {
      raw.append(0)
      for sample in samples[(row * perRow)..<((row + 1) * perRow)] {
        raw += bitDepth == 16 ? be16(sample) : [UInt8(sample)]
      }
    }
    out += chunk("IDAT", zlibStored(raw))
    out += chunk("IEND", [])
    return out
  }

  private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return be32(data.count) + body + be32(Int(PNGCodecTests.crc32(body[...])))
  }

  private func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let end = min(start + 65535, data.count)
      let length = end - start
      out.append(end == data.count ? 1 : 0)
      out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8 & 0xFF)]
      out += data[start..<end]
      start = end
    } while start < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return out + be32(Int(b << 16 | a))
  }

  private func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
  private func be16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(value & 0xFF)] }
}
