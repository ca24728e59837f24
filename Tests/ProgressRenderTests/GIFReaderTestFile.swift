/// A tiny GIF writer for tests: writes exactly the bytes asked for, hostile ones included (rectangles
/// outside the screen, indices beyond the palette, no colour table), which giflib's encoder refuses
/// or silently masks. LZW data is stored uncompressed: 8-bit literals with a clear code every 250 codes.
struct GIFReaderTestFile {
  struct Image {
    var left = 0
    var top = 0
    var width: Int
    var height: Int
    var indices: [UInt8]
    var localPalette: [UInt32]? = nil
    var delay: Int? = 3
    var disposal = 1
    var transparentIndex: Int? = nil
    var interlaced = false
  }

  var width: Int
  var height: Int
  /// Global palette as 0xRRGGBB; padded to a power of two when written.
  var palette: [UInt32]? = [0x000000, 0xFF0000, 0x00FF00, 0x0000FF]
  var images: [Image] = []
  var trailer = true

  /// A `width`×`height` GIF whose frames are each filled with one palette index.
  static func solid(width: Int, height: Int, indices: [UInt8], delays: [Int]) -> GIFReaderTestFile {
    var file = GIFReaderTestFile(width: width, height: height)
    for (index, delay) in zip(indices, delays) {
      file.images.append(
        Image(width: width, height: height, indices: Array(repeating: index, count: width * height), delay: delay))
    }
    return file
  }

  func bytes() -> [UInt8] {
    var out = Array("GIF89a".utf8)
    out += le16(width) + le16(height)
    if let palette {
      let bits = tableBits(palette.count)
      out += [0x80 | 0x70 | UInt8(bits - 1), 0, 0]
      out += table(palette, bits: bits)
    } else {
      out += [0x70, 0, 0]
    }
    out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
    for image in images {
      if let delay = image.delay {
        let flags = UInt8(image.disposal & 7) << 2 | (image.transparentIndex == nil ? 0 : 1)
        out += [0x21, 0xF9, 4, flags] + le16(delay) + [UInt8(image.transparentIndex ?? 0), 0]
      }
      out += [0x2C] + le16(image.left) + le16(image.top) + le16(image.width) + le16(image.height)
      var flags: UInt8 = image.interlaced ? 0x40 : 0
      if let local = image.localPalette { flags |= 0x80 | UInt8(tableBits(local.count) - 1) }
      out.append(flags)
      if let local = image.localPalette { out += table(local, bits: tableBits(local.count)) }
      out += lzw(rowsInFileOrder(image))
    }
    if trailer { out.append(0x3B) }
    return out
  }

  private func rowsInFileOrder(_ image: Image) -> [UInt8] {
    guard image.interlaced else { return image.indices }
    let order = [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
      Array(stride(from: start, to: image.height, by: step))
    }
    return order.flatMap { row in image.indices[(row * image.width)..<((row + 1) * image.width)] }
  }

  private func tableBits(_ count: Int) -> Int {
    var bits = 1
    while 1 << bits < count { bits += 1 }
    return bits
  }

  private func table(_ colours: [UInt32], bits: Int) -> [UInt8] {
    let padded = colours + Array(repeating: 0, count: (1 << bits) - colours.count)
    return padded.flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] }
  }

  private func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

  /// Minimum code size 8, 9-bit codes: clear, up to 250 literals, clear, …, end of information.
  private func lzw(_ indices: [UInt8]) -> [UInt8] {
    var codes: [Int] = []
    for (n, index) in indices.enumerated() {
      if n % 250 == 0 { codes.append(256) }
      codes.append(Int(index))
    }
    codes.append(257)
    var packed: [UInt8] = []
    var accumulator = 0
    var bitCount = 0
    for code in codes {
      accumulator |= code << bitCount
      bitCount += 9
      while bitCount >= 8 {
        packed.append(UInt8(accumulator & 0xFF))
        accumulator >>= 8
        bitCount -= 8
      }
    }
    if bitCount > 0 { packed.append(UInt8(accumulator & 0xFF)) }
    var out: [UInt8] = [8]
    var start = 0
    while start < packed.count {
      let end = min(start + 255, packed.count)
      out.append(UInt8(end - start))
      out += packed[start..<end]
      start = end
    }
    out.append(0)
    return out
  }
}
