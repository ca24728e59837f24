import CZlib
import ProgressRenderRaster

/// The chunk layer of PNG files, for APNG's chunks that libpng does not know: a bounded reader
/// that checks every length and CRC, and a writer. CRCs come from zlib's `crc32`.
///
/// A chunk is a 4-byte big-endian length, a 4-letter type, the data and a CRC-32 of type and data.
enum PNGChunks {
  /// One chunk of a file: its type (`IHDR`, `fcTL`, …) and where its data lies in the file.
  struct Chunk: Equatable, Sendable {
    /// The 4-letter type.
    let type: String
    /// The data's range in the file's bytes.
    let data: Range<Int>
  }

  /// Reads the chunks after the signature up to and including `IEND`.
  /// - Parameters:
  ///   - bytes: a file starting with the PNG signature.
  ///   - source: the file's name, for messages.
  ///   - maxChunks: the most chunks accepted (a bound on time for a file of tiny chunks).
  /// - Returns: the chunks in file order; data after `IEND` is ignored.
  /// - Throws: `RasterError.corrupt` for a truncated chunk, a bad CRC, a bad type, a missing `IEND` or
  ///   too many chunks.
  /// - Complexity: O(bytes).
  static func read(_ bytes: [UInt8], source: String, maxChunks: Int) throws(RasterError) -> [Chunk] {
    func problem(_ text: String) -> RasterError { .corruptPNG(source: source, reason: text) }
    var chunks: [Chunk] = []
    var at = PNGCodec.signature.count
    while true {
      guard bytes.count - at >= 12 else {
        throw problem(
          chunks.isEmpty ? "no chunks after the signature" : "truncated after the \(chunks.count) chunks read (no IEND)"
        )
      }
      let length = Int(uint32(bytes, at))
      guard length <= 0x7FFF_FFFF, length <= bytes.count - at - 12 else {
        throw problem("chunk \(chunks.count) announces \(length) bytes, more than the file holds (truncated)")
      }
      let typeBytes = bytes[(at + 4)..<(at + 8)]
      guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
        throw problem("chunk \(chunks.count) has a type that is not four letters (corrupt)")
      }
      let type = String(decoding: typeBytes, as: UTF8.self)
      let data = (at + 8)..<(at + 8 + length)
      let stored = uint32(bytes, data.upperBound)
      guard crc(bytes[(at + 4)..<data.upperBound]) == stored else {
        throw problem("chunk \(chunks.count) ('\(type)') has a bad CRC (corrupt)")
      }
      chunks.append(Chunk(type: type, data: data))
      if type == "IEND" { return chunks }
      guard chunks.count < maxChunks else { throw problem("more than \(maxChunks) chunks") }
      at = data.upperBound + 4
    }
  }

  /// Appends one chunk (length, type, data, CRC) to `out`.
  /// - Precondition: `type` is four ASCII letters; `data` holds fewer than 2³¹ bytes.
  static func append<Data: Collection>(_ type: String, _ data: Data, to out: inout [UInt8])
  where Data.Element == UInt8 {
    precondition(type.utf8.count == 4 && data.count <= 0x7FFF_FFFF, "a chunk type is 4 letters")
    let start = out.count
    appendUInt32(UInt32(data.count), to: &out)
    out.append(contentsOf: type.utf8)
    out.append(contentsOf: data)
    appendUInt32(crc(out[(start + 4)...]), to: &out)
  }

  /// The first `count` bytes that a zlib stream inflates to (zlib's `uncompress2`, which stops when
  /// they are written), or `nil` when the stream is corrupt or shorter.
  /// - Complexity: O(count) whatever the stream's length.
  static func inflatePrefix(_ stream: ArraySlice<UInt8>, count: Int) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: count)
    var written = uLongf(count)
    var read = uLong(stream.count)
    _ = stream.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        uncompress2(output.baseAddress, &written, input.baseAddress, &read)
      }
    }
    return written == count ? out : nil
  }

  /// The CRC-32 of a chunk's type and data (zlib's `crc32`).
  static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      UInt32(crc32(crc32(0, nil, 0), buffer.baseAddress, uInt(buffer.count)))
    }
  }

  /// The big-endian 32-bit number at `at`.
  /// - Precondition: 4 bytes from `at` are in `bytes`.
  static func uint32<Bytes: RandomAccessCollection>(_ bytes: Bytes, _ at: Bytes.Index) -> UInt32
  where Bytes.Element == UInt8, Bytes.Index == Int {
    UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
  }

  /// The big-endian 16-bit number at `at`.
  static func uint16<Bytes: RandomAccessCollection>(_ bytes: Bytes, _ at: Bytes.Index) -> UInt16
  where Bytes.Element == UInt8, Bytes.Index == Int {
    UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
  }

  /// Appends `value` as 4 big-endian bytes.
  static func appendUInt32(_ value: UInt32, to out: inout [UInt8]) {
    out.append(contentsOf: [
      UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
    ])
  }

  /// Appends `value` as 2 big-endian bytes.
  static func appendUInt16(_ value: UInt16, to out: inout [UInt8]) {
    out.append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)])
  }
}
