import CSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Swaps two directory entries in one step with Linux's `renameat2(RENAME_EXCHANGE)` or Darwin's
/// `renamex_np(RENAME_SWAP)`: a reader sees either name holding the old or the new object, never a
/// missing one.
enum RenameExchange {
  /// Exchanges `first` and `second`; both must exist on the same file system.
  /// - Parameters:
  ///   - first: one path (a folder or file).
  ///   - second: the other path.
  ///   - reportedPath: the path named by a thrown error (the user's target).
  /// - Returns: `false` when the file system or kernel does not support the exchange (`EINVAL`,
  ///   `ENOSYS`, `ENOTSUP`), so the caller can fall back to two renames; nothing has changed then.
  /// - Throws: `FileWriteError` naming `reportedPath` for any other failure.
  static func exchange(_ first: String, _ second: String, reportedPath: String) throws -> Bool {
    #if os(Linux)
      if renameat2(AT_FDCWD, first, AT_FDCWD, second, CSYSTEM_RENAME_EXCHANGE) == 0 { return true }
    #elseif canImport(Darwin)
      if renamex_np(first, second, UInt32(RENAME_SWAP)) == 0 { return true }
    #endif
    let code = errno
    if code == EINVAL || code == ENOSYS || code == ENOTSUP { return false }
    throw FileWriteError(path: reportedPath, errno: code)
  }
}
