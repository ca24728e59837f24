/// What the end-to-end tests read from a GIF without decoding pixels: the header, the
/// NETSCAPE2.0 loop count and each image's delay, found by walking the block structure.
struct GIFBlocks {
  struct Malformed: Error, CustomStringConvertible {
    var description: String
  }

  /// `GIF87a` or `GIF89a`.
  var signature = ""
  /// Logical screen size.
  var width = 0
  var height = 0
  /// Entries in the global colour table (0 when there is none).
  var globalColors = 0
  /// NETSCAPE2.0 loop count, `nil` when there is no loop extension.
  var loop: Int?
  /// Delay of each image in hundredths of a second (0 when it has no graphic control extension).
  var delays: [Int] = []

  /// Walks the blocks of a whole GIF file.
  /// - Throws: `Malformed` at the first byte that breaks the structure.
  init(_ bytes: [UInt8]) throws {
    var p = 0
    func take(_ n: Int) throws -> ArraySlice<UInt8> {
      guard n >= 0, p + n <= bytes.count else { throw Malformed(description: "truncated at byte \(p)") }
      defer { p += n }
      return bytes[p..<p + n]
    }
    func word(_ slice: ArraySlice<UInt8>, _ at: Int) -> Int {
      Int(slice[slice.startIndex + at]) | Int(slice[slice.startIndex + at + 1]) << 8
    }
    func skipSubBlocks() throws {
      while let n = try take(1).first, n != 0 { _ = try take(Int(n)) }
    }
    let header = try take(13)
    signature = String(decoding: header.prefix(6), as: UTF8.self)
    width = word(header, 6)
    height = word(header, 8)
    let flags = Int(header[header.startIndex + 10])
    if flags & 0x80 != 0 {
      globalColors = 1 << ((flags & 7) + 1)
      _ = try take(3 * globalColors)
    }
    var pendingDelay = 0
    while true {
      switch try take(1).first {
      case 0x3B:
        return
      case 0x21:
        let label = try take(1).first
        let size = Int(try take(1).first ?? 0)
        let body = try take(size)
        if label == 0xF9, size >= 4 {
          pendingDelay = word(body, 1)
        } else if label == 0xFF, Array(body) == Array("NETSCAPE2.0".utf8) {
          let subSize = Int(try take(1).first ?? 0)
          let sub = try take(subSize)
          if subSize >= 3 { loop = word(sub, 1) }
        }
        try skipSubBlocks()
      case 0x2C:
        let descriptor = try take(9)
        let localFlags = Int(descriptor[descriptor.startIndex + 8])
        if localFlags & 0x80 != 0 { _ = try take(3 << ((localFlags & 7) + 1)) }
        _ = try take(1)
        try skipSubBlocks()
        delays.append(pendingDelay)
        pendingDelay = 0
      case let other:
        throw Malformed(description: "unexpected block \(String(describing: other)) at byte \(p - 1)")
      }
    }
  }
}
