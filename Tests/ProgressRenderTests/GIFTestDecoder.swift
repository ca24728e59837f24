/// A small, independent GIF decoder for the tests (no giflib): parses every block, decodes LZW,
/// and composites frames with their disposal modes the way browsers do.
struct GIFTestDecoder {
  struct Image {
    var x: Int, y: Int, width: Int, height: Int
    var delay: Int
    var disposal: Int
    var transparentIndex: Int?
    var indices: [UInt8]
    /// The image's local colour table, `0xRRGGBB`, or `nil` when it uses the global one.
    var localPalette: [UInt32]? = nil
  }

  struct DecodeError: Error, CustomStringConvertible {
    var description: String
  }

  var version = ""
  var width = 0
  var height = 0
  var backgroundIndex = 0
  /// The global colour table, `0xRRGGBB`.
  var palette: [UInt32] = []
  /// NETSCAPE2.0 loop count, `nil` when absent.
  var loopCount: Int?
  var images: [Image] = []

  init(_ bytes: [UInt8]) throws {
    var p = 0
    func byte() throws -> Int {
      guard p < bytes.count else { throw DecodeError(description: "truncated at \(p)") }
      defer { p += 1 }
      return Int(bytes[p])
    }
    func word() throws -> Int {
      let low = try byte()
      return try low | byte() << 8
    }
    func subBlocks() throws -> [UInt8] {
      var out: [UInt8] = []
      while true {
        let n = try byte()
        if n == 0 { return out }
        guard p + n <= bytes.count else { throw DecodeError(description: "truncated sub-block") }
        out += bytes[p..<p + n]
        p += n
      }
    }
    guard bytes.count >= 13 else { throw DecodeError(description: "too short") }
    version = String(decoding: bytes[0..<6], as: UTF8.self)
    p = 6
    width = try word()
    height = try word()
    let flags = try byte()
    backgroundIndex = try byte()
    _ = try byte()
    if flags & 0x80 != 0 {
      let size = 1 << ((flags & 7) + 1)
      for _ in 0..<size {
        let r = UInt32(try byte()), g = UInt32(try byte()), b = UInt32(try byte())
        palette.append(r << 16 | g << 8 | b)
      }
    }
    var delay = 0
    var disposal = 0
    var transparent: Int?
    loop: while true {
      switch try byte() {
      case 0x21:
        let label = try byte()
        let data = try subBlocks()
        if label == 0xF9, data.count == 4 {
          disposal = Int(data[0] >> 2 & 7)
          delay = Int(data[1]) | Int(data[2]) << 8
          transparent = data[0] & 1 != 0 ? Int(data[3]) : nil
        } else if label == 0xFF, data.count == 14, String(decoding: data[0..<11], as: UTF8.self) == "NETSCAPE2.0" {
          loopCount = Int(data[12]) | Int(data[13]) << 8
        }
      case 0x2C:
        let x = try word(), y = try word(), w = try word(), h = try word()
        let imageFlags = try byte()
        var local: [UInt32]? = nil
        guard imageFlags & 0x40 == 0 else { throw DecodeError(description: "unexpected interlace") }
        if imageFlags & 0x80 != 0 {
          local = try (0..<(1 << ((imageFlags & 7) + 1))).map { _ in
            let r = UInt32(try byte()), g = UInt32(try byte()), b = UInt32(try byte())
            return r << 16 | g << 8 | b
          }
        }
        let minCodeSize = try byte()
        let data = try subBlocks()
        let indices = try Self.lzwDecode(data, minCodeSize: minCodeSize, count: w * h)
        images.append(
          Image(
            x: x, y: y, width: w, height: h, delay: delay, disposal: disposal,
            transparentIndex: transparent, indices: indices, localPalette: local))
        delay = 0
        disposal = 0
        transparent = nil
      case 0x3B:
        break loop
      case let b:
        throw DecodeError(description: "unknown block 0x\(String(b, radix: 16)) at \(p - 1)")
      }
    }
  }

  static func lzwDecode(_ data: [UInt8], minCodeSize: Int, count: Int) throws -> [UInt8] {
    let clear = 1 << minCodeSize
    let end = clear + 1
    var prefix = [Int](repeating: -1, count: 4096)
    var suffix = [UInt8](repeating: 0, count: 4096)
    var first = [UInt8](repeating: 0, count: 4096)
    for i in 0..<clear {
      suffix[i] = UInt8(i)
      first[i] = UInt8(i)
    }
    var next = end + 1
    var size = minCodeSize + 1
    var out: [UInt8] = []
    out.reserveCapacity(count)
    var bitBuffer = 0
    var bits = 0
    var previous = -1
    var stack: [UInt8] = []
    var i = 0
    func emit(_ code: Int) {
      stack.removeAll(keepingCapacity: true)
      var c = code
      while c >= 0 {
        stack.append(suffix[c])
        c = prefix[c]
      }
      out.append(contentsOf: stack.reversed())
    }
    while true {
      while bits < size {
        guard i < data.count else { throw DecodeError(description: "LZW data ended without end code") }
        bitBuffer |= Int(data[i]) << bits
        bits += 8
        i += 1
      }
      let code = bitBuffer & ((1 << size) - 1)
      bitBuffer >>= size
      bits -= size
      if code == clear {
        next = end + 1
        size = minCodeSize + 1
        previous = -1
        continue
      }
      if code == end { break }
      if previous < 0 {
        guard code < clear else { throw DecodeError(description: "bad first code \(code)") }
        emit(code)
        previous = code
        continue
      }
      guard code <= next, code < 4096 else { throw DecodeError(description: "LZW code \(code) beyond table \(next)") }
      if next < 4096 {
        // The new entry is previous + first byte of `code` (of `previous` itself when code is the new entry).
        prefix[next] = previous
        suffix[next] = code == next ? first[previous] : first[code]
        first[next] = first[previous]
        next += 1
        if next == 1 << size && size < 12 { size += 1 }
      }
      emit(code)
      previous = code
    }
    guard out.count == count else { throw DecodeError(description: "decoded \(out.count) pixels, expected \(count)") }
    return out
  }
}

extension GIFTestDecoder {
  /// The screen after each image is drawn, as straight `0xAARRGGBB` (transparent = 0),
  /// starting from a transparent screen, honouring disposal modes 1, 2 and 3.
  func composite() throws -> [[UInt32]] {
    var screen = [UInt32](repeating: 0, count: width * height)
    var out: [[UInt32]] = []
    for image in images {
      guard image.x + image.width <= width, image.y + image.height <= height else {
        throw DecodeError(description: "frame rectangle leaves the screen")
      }
      let before = screen
      for row in 0..<image.height {
        for col in 0..<image.width {
          let index = Int(image.indices[row * image.width + col])
          if index == image.transparentIndex { continue }
          let table = image.localPalette ?? palette
          guard index < table.count else { throw DecodeError(description: "index \(index) beyond palette") }
          screen[(image.y + row) * width + image.x + col] = 0xFF00_0000 | table[index]
        }
      }
      out.append(screen)
      switch image.disposal {
      case 2:
        for row in image.y..<image.y + image.height {
          for col in image.x..<image.x + image.width { screen[row * width + col] = 0 }
        }
      case 3: screen = before
      default: break
      }
    }
    return out
  }

  /// The composited screen shown at each of the given start times (hundredths of a second).
  func screens(at times: [Int]) throws -> [[UInt32]] {
    let frames = try composite()
    var starts: [Int] = []
    var t = 0
    for image in images {
      starts.append(t)
      t += image.delay
    }
    return times.map { time in
      let i = starts.lastIndex(where: { $0 <= time }) ?? 0
      return frames[i]
    }
  }
}
