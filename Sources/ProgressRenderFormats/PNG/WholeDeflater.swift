import CDeflate

/// libdeflate's zlib format, one whole buffer at a time: a final class owning one compressor.
///
/// libdeflate compresses a buffer it sees whole, faster than zlib and smaller at the same level,
/// but it cannot end a piece that another joins (zlib's sync flush): it serves the pictures
/// (`PNGFrameEncoder`), each compressed in one call, and `Deflater` the bands of flat art, which
/// the next frame reuses.
///
/// The output is a function of the input and the level only (and of libdeflate's version).
final class WholeDeflater {
  private let compressor: OpaquePointer

  /// Sets up a compressor.
  /// - Parameter level: 1…12, libdeflate's compression level.
  /// - Throws: `FormatError.failed` when libdeflate cannot allocate it.
  init(level: Int) throws(FormatError) {
    guard let made = libdeflate_alloc_compressor(Int32(level)) else {
      throw .failed("libdeflate could not allocate a compressor of level \(level)")
    }
    compressor = made
  }

  deinit { libdeflate_free_compressor(compressor) }

  /// Compresses `bytes` into a whole zlib stream (header, deflate blocks, Adler-32).
  /// - Parameter bytes: the data.
  /// - Returns: the stream.
  /// - Throws: `FormatError.failed` when it does not fit libdeflate's own bound (it always should).
  /// - Complexity: O(bytes); one buffer of libdeflate's bound on the output.
  func zlibStream(_ bytes: UnsafeRawBufferPointer) throws(FormatError) -> [UInt8] {
    let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
    var written = 0
    let out = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
      written = libdeflate_zlib_compress(compressor, bytes.baseAddress, bytes.count, buffer.baseAddress, bound)
      count = written
    }
    guard written > 0 else { throw .failed("libdeflate could not compress \(bytes.count) bytes in \(bound)") }
    return out
  }
}
