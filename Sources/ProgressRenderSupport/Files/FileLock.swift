#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive advisory lock (`flock(2)`) held for the life of the value; processes that take
/// the same lock wait for each other.
///
/// Owns the file descriptor and closes it in `deinit`, which releases the lock (also when the
/// process is killed: the kernel drops it with the descriptor).
package final class FileLock {
  private let descriptor: Int32

  /// Waits for the exclusive lock on a folder. A folder's lock is not lost when a file in it is
  /// replaced by `rename`, as a lock on that file would be.
  /// - Parameter folder: the folder to lock.
  /// - Throws: `FileWriteError` naming the folder when it cannot be opened or locked (some network
  ///   file systems refuse `flock` on a folder).
  package convenience init(folder: String) throws(FileWriteError) {
    try self.init(path: folder, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
  }

  /// Waits for the exclusive lock on a file that is never replaced, creating it (empty) if needed.
  /// - Parameter file: the file to lock.
  /// - Throws: `FileWriteError` naming the file when it cannot be opened or locked.
  package convenience init(file: String) throws(FileWriteError) {
    try self.init(path: file, flags: O_RDWR | O_CREAT | O_CLOEXEC)
  }

  private init(path: String, flags: Int32) throws(FileWriteError) {
    var opened: Int32
    repeat { opened = open(path, flags, 0o644) } while opened < 0 && errno == EINTR
    guard opened >= 0 else { throw FileWriteError(path: path, errno: errno) }
    var status: Int32
    repeat { status = flock(opened, LOCK_EX) } while status != 0 && errno == EINTR
    guard status == 0 else {
      let code = errno
      close(opened)
      throw FileWriteError(path: path, reason: "cannot be locked: " + String(cString: strerror(code)), code: code)
    }
    descriptor = opened
  }

  deinit {
    close(descriptor)
  }
}
