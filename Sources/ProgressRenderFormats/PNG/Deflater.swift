import CZlib

/// zlib's raw deflate with a chosen level and strategy, one whole buffer at a time, each a piece of a
/// deflate stream that joins others (`segment(_:)`): a final class owning one `z_stream` (allocated,
/// so it never moves while zlib points back at it), reset for every buffer.
///
/// The output is a function of the input, the level and the strategy only (and of zlib's version).
final class Deflater {
  private let stream: UnsafeMutablePointer<z_stream>

  /// Sets up a stream.
  /// - Parameters:
  ///   - level: 0…9, zlib's compression level.
  ///   - strategy: `Z_DEFAULT_STRATEGY`, `Z_FILTERED`, `Z_RLE` …
  /// - Throws: `FormatError.failed` with zlib's status when the stream cannot be made.
  init(level: Int32, strategy: Int32) throws(FormatError) {
    stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    let status = deflateInit2_(
      stream, level, Z_DEFLATED, -MAX_WBITS, 8, strategy, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else {
      stream.deinitialize(count: 1)
      stream.deallocate()
      throw .failed("zlib could not start a deflate stream (status \(status))")
    }
  }

  deinit {
    deflateEnd(stream)
    stream.deinitialize(count: 1)
    stream.deallocate()
  }

  /// Compresses one buffer into a piece of a raw deflate stream: its blocks,
  /// none final, then an empty stored block that ends it on a byte boundary (zlib's sync flush). As the
  /// stream is reset for every buffer, a piece refers to no byte before it: pieces join one after
  /// another in any order, and `Deflater.finalBlock` after the last ends the stream.
  /// - Parameter bytes: the data.
  /// - Returns: the piece.
  /// - Throws: `FormatError.failed` with zlib's status when deflate fails.
  /// - Complexity: O(bytes); one buffer of zlib's bound on the output.
  func segment(_ bytes: UnsafeRawBufferPointer) throws(FormatError) -> [UInt8] {
    guard deflateReset(stream) == Z_OK else { throw .failed("zlib could not reset a deflate stream") }
    // A sync flush adds an empty stored block (at most 5 bytes) to what zlib's bound allows for.
    let bound = Int(deflateBound(stream, uLong(bytes.count))) + 8
    var status: Int32 = Z_OK
    var complete = false
    let out = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
      stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.bindMemory(to: Bytef.self).baseAddress)
      stream.pointee.avail_in = uInt(bytes.count)
      stream.pointee.next_out = buffer.baseAddress
      stream.pointee.avail_out = uInt(bound)
      status = deflate(stream, Z_SYNC_FLUSH)
      complete = status == Z_OK && stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0
      count = complete ? bound - Int(stream.pointee.avail_out) : 0
      stream.pointee.next_in = nil
      stream.pointee.next_out = nil
    }
    guard complete else {
      throw .failed("zlib could not compress \(bytes.count) bytes (status \(status))")
    }
    return out
  }

  /// An empty final block of fixed codes: what ends a deflate stream made of `segment(_:)` pieces.
  static let finalBlock: [UInt8] = [0x03, 0x00]
}
