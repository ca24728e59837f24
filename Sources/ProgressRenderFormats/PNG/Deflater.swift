import CZlib

/// zlib's deflate with a chosen level and strategy, one whole buffer at a time: a final class owning
/// one `z_stream` (allocated, so it never moves while zlib points back at it), reset for every buffer.
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
      stream, level, Z_DEFLATED, MAX_WBITS, 8, strategy, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
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

  /// Compresses one buffer into a whole zlib stream (header, data, Adler-32).
  /// - Parameter bytes: the data.
  /// - Returns: the zlib stream.
  /// - Throws: `FormatError.failed` with zlib's status when deflate fails.
  /// - Complexity: O(bytes); one buffer of zlib's bound on the output.
  func compress(_ bytes: UnsafeRawBufferPointer) throws(FormatError) -> [UInt8] {
    guard deflateReset(stream) == Z_OK else { throw .failed("zlib could not reset a deflate stream") }
    let bound = Int(deflateBound(stream, uLong(bytes.count)))
    var status: Int32 = Z_OK
    let out = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
      stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.bindMemory(to: Bytef.self).baseAddress)
      stream.pointee.avail_in = uInt(bytes.count)
      stream.pointee.next_out = buffer.baseAddress
      stream.pointee.avail_out = uInt(bound)
      status = deflate(stream, Z_FINISH)
      count = status == Z_STREAM_END ? bound - Int(stream.pointee.avail_out) : 0
      stream.pointee.next_in = nil
      stream.pointee.next_out = nil
    }
    guard status == Z_STREAM_END else {
      throw .failed("zlib could not compress \(bytes.count) bytes (status \(status))")
    }
    return out
  }
}
