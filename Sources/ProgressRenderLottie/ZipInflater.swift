import CZlib

/// zlib's inflate for the raw deflate data (method 8) of one ZIP entry: a final class owning one
/// `z_stream` (allocated, so it never moves while zlib points back at it), freed in `deinit`.
///
/// The output is bounded by the caller, not by the entry's header: inflating stops one byte past
/// the limit, so a zip bomb costs at most the limit in memory and the time to produce it.
final class ZipInflater {
  /// Why an entry cannot be inflated.
  enum Failure: Error, Equatable {
    /// zlib could not set up a stream (its status).
    case setup(Int32)
    /// The data inflates to more than the limit.
    case tooLarge(limit: Int)
    /// The data ends before the deflate stream does.
    case truncated
    /// The data is not a valid deflate stream (zlib's status and message).
    case corrupt(Int32, String)

    /// The reason, as the end of a sentence about the entry.
    var message: String {
      switch self {
      case .setup(let status): "cannot be inflated: zlib could not start an inflate stream (status \(status))"
      case .tooLarge(let limit): "inflates to more than \(limit) bytes"
      case .truncated: "is truncated: its deflate data ends early"
      case .corrupt(let status, let text):
        "is not valid deflate data (zlib status \(status)\(text.isEmpty ? "" : ": \(text)"))"
      }
    }
  }

  private let stream: UnsafeMutablePointer<z_stream>

  /// Sets up a raw-deflate stream (no zlib header, as in ZIP).
  /// - Throws: `Failure.setup` with zlib's status when the stream cannot be made.
  init() throws(Failure) {
    stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    let status = inflateInit2_(stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else {
      stream.deinitialize(count: 1)
      stream.deallocate()
      throw .setup(status)
    }
  }

  deinit {
    inflateEnd(stream)
    stream.deinitialize(count: 1)
    stream.deallocate()
  }

  /// Inflates one whole raw deflate stream.
  /// - Parameters:
  ///   - bytes: the compressed data.
  ///   - limit: the most bytes accepted out.
  /// - Returns: the inflated bytes, at most `limit`.
  /// - Throws: `Failure.tooLarge` as soon as the output passes `limit`, `.truncated` when the data
  ///   ends early, `.corrupt` with zlib's status when it is not deflate data.
  /// - Complexity: O(output) time; O(min(output, limit)) memory, grown in 64 KiB steps.
  func inflate(_ bytes: ArraySlice<UInt8>, limit: Int) throws(Failure) -> [UInt8] {
    guard inflateReset(stream) == Z_OK else { throw .setup(Z_STREAM_ERROR) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var status: Int32 = Z_OK
    var failure: Failure?
    bytes.withUnsafeBufferPointer { input in
      stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
      stream.pointee.avail_in = uInt(input.count)
      defer { stream.pointee.next_in = nil }
      while failure == nil {
        let produced = chunk.withUnsafeMutableBufferPointer { buffer -> Int in
          stream.pointee.next_out = buffer.baseAddress
          stream.pointee.avail_out = uInt(buffer.count)
          status = CZlib.inflate(stream, Z_NO_FLUSH)
          defer { stream.pointee.next_out = nil }
          return buffer.count - Int(stream.pointee.avail_out)
        }
        guard out.count + produced <= limit else {
          failure = .tooLarge(limit: limit)
          break
        }
        out += chunk[..<produced]
        switch status {
        case Z_STREAM_END: return
        case Z_OK: continue
        case Z_BUF_ERROR where stream.pointee.avail_in == 0: failure = .truncated
        default:
          let text = stream.pointee.msg.map { String(cString: $0) } ?? ""
          failure = .corrupt(status, text)
        }
      }
    }
    if let failure { throw failure }
    return out
  }
}
