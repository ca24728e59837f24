#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A new file in a `FolderReplacement`'s staging folder: written in place, without a temporary name
/// or an `fsync` of its own, because nobody sees the folder before `FolderReplacement.commit()`,
/// which makes all of it durable at once before the swap (one `syncfs` where a folder of frames
/// would otherwise cost one `fsync` per frame).
///
/// A failed write removes the file; an interrupted render leaves only the staging folder, which the
/// replacement removes (or the next one, as a leftover).
package enum StagedFile {
  /// Writes `bytes` to `path`, a file that does not exist yet in a staging folder.
  /// - Throws: `FileWriteError` naming `path`; the file is removed on failure.
  /// - Complexity: O(bytes); no `fsync`.
  package static func write(_ bytes: [UInt8], to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw FileWriteError(path: path, errno: errno) }
    var failure: Int32?
    bytes.withUnsafeBytes { raw in
      guard var address = raw.baseAddress else { return }
      var remaining = raw.count
      while remaining > 0 {
        let written = SystemCalls.writeBytes(descriptor, address, remaining)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else {
          failure = written < 0 ? errno : ENOSPC
          return
        }
        remaining -= written
        address += written
      }
    }
    if close(descriptor) != 0 && failure == nil { failure = errno }
    if let failure {
      unlink(path)
      throw FileWriteError(path: path, errno: failure)
    }
  }
}
