import CSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a new file into a staging folder of `FolderReplacement`: plainly, with no temporary name,
/// rename or `fsync` of its own, since no reader sees the folder before its swap, a kill leaves the
/// whole folder to `Leftovers` (a signal, to `TemporaryPaths`), and `FolderReplacement.commit()`
/// `fsync`s every staged file before the swap. On Linux the disk write is started at once
/// (`sync_file_range`), so that `fsync` finds little left to wait for.
///
/// ```swift
/// try StagedFile.write(png, to: replacement.stagingPath + "/frame-0000.png")
/// ```
package enum StagedFile {
  /// Creates `path` (which must not exist yet) holding `bytes`.
  /// - Throws: `FileWriteError` naming `path`; a file left half written is removed.
  package static func write(_ bytes: [UInt8], to path: String) throws {
    // Created while no clean-up runs: a signal's clean-up (`TemporaryPaths.removeAll`) then either
    // finds the file in the staging folder or has removed the folder, so the file cannot appear after.
    let (descriptor, code) = TemporaryPaths.exclusively {
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      return (descriptor, errno)
    }
    guard descriptor >= 0 else { throw FileWriteError(path: path, errno: code) }
    var failure: Int32?
    bytes.withUnsafeBytes { raw in
      guard var address = raw.baseAddress else { return }
      var remaining = raw.count
      while remaining > 0 {
        let written = SystemCalls.writeBytes(descriptor, address, remaining)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else {
          failure = written == 0 ? ENOSPC : errno
          return
        }
        remaining -= written
        address += written
      }
    }
    #if os(Linux)
      if failure == nil { _ = sync_file_range(descriptor, 0, 0, CSYSTEM_SYNC_FILE_RANGE_WRITE) }
    #endif
    if close(descriptor) != 0, failure == nil { failure = errno }
    if let failure {
      unlink(path)
      throw FileWriteError(path: path, errno: failure)
    }
  }
}
