import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Numbers the temporary files of this process, so concurrent writers never share one.
private let temporaryFileCounter = Atomic<Int>(0)

/// Writes a file so that the target path only ever holds a complete file.
///
/// Bytes go to `<dir>/.<name>.<pid>.<n>.tmp` in the target's directory (so the final rename
/// never crosses a file system; a name too long for `NAME_MAX` is shortened with a hash, see
/// `TemporaryName`); `commit()` flushes, `fsync`s and renames it over the target;
/// `abort()` — or any failure, or dropping an uncommitted writer — removes the temporary file.
/// Creating one removes the temporary files that dead processes left for the same target
/// (`Leftovers`); the temporary file is registered in `TemporaryPaths` until committed or removed.
///
/// ```swift
/// try AtomicFile.write(bytes, to: "out/still.png")
/// ```
package final class AtomicFile: ByteSink {
  /// The file that `commit()` creates or replaces.
  public let path: String
  /// The temporary file being written.
  let temporaryPath: String
  private var fd: Int32
  private var buffer: [UInt8] = []
  private var state = State.open
  /// Whether the file goes into a staging folder of this process (`FolderReplacement`), which syncs
  /// the folder once before its swap: the folder is then not synced after each file.
  private let inStaging: Bool
  private static let bufferSize = 1 << 16

  private enum State { case open, committed, aborted }

  package var name: String { path }

  /// Creates the temporary file next to `path`.
  /// - Parameter path: the target file; its directory must exist and be writable.
  /// - Throws: `FileWriteError` naming `path` when the temporary file cannot be created.
  public init(path: String) throws {
    self.path = path
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard !base.isEmpty, base != ".", base != ".." else {
      throw FileWriteError(path: path, errno: EISDIR)
    }
    let pid = getpid()
    let stem = TemporaryName.stem(of: base)
    let folder = directory.isEmpty ? "." : PathNames.trimmingTrailingSlashes(directory)
    inStaging = TemporaryPaths.contains(folder)
    if !inStaging {  // a staging folder of this process holds no leftovers
      Leftovers.removeAbandoned(in: folder, stem: stem, target: nil)
    }
    while true {
      let serial = temporaryFileCounter.wrappingAdd(1, ordering: .relaxed).oldValue
      let candidate = directory + TemporaryName.name(for: base, pid: pid, suffix: "\(serial).tmp")
      let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if descriptor >= 0 {
        temporaryPath = candidate
        fd = descriptor
        TemporaryPaths.register(candidate)
        break
      }
      let code = errno
      if code == EEXIST || code == EINTR { continue }  // a stale file of an earlier process
      throw FileWriteError(path: path, errno: code)
    }
    buffer.reserveCapacity(Self.bufferSize)
  }

  deinit {
    if state == .open { abort() }
  }

  /// Appends bytes (buffered).
  /// - Throws: `FileWriteError` naming the target when the disk refuses them, or after `commit`/`abort`.
  public func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try write($0) }
  }

  package func write(_ bytes: UnsafeRawBufferPointer) throws {
    guard state == .open else { throw FileWriteError(path: path, reason: "the file was already closed") }
    if buffer.count + bytes.count > Self.bufferSize {
      try flush()
      if bytes.count >= Self.bufferSize {
        try writeAll(bytes)
        return
      }
    }
    buffer.append(contentsOf: bytes)
  }

  /// Flushes, `fsync`s and renames the temporary file over the target.
  /// - Throws: `FileWriteError` naming the target; the temporary file is removed first.
  public func commit() throws {
    guard state == .open else { throw FileWriteError(path: path, reason: "the file was already closed") }
    do {
      try flush()
      if fsync(fd) != 0 { throw FileWriteError(path: path, errno: errno) }
      let closed = close(fd)
      fd = -1
      if closed != 0 { throw FileWriteError(path: path, errno: errno) }
      if rename(temporaryPath, path) != 0 { throw FileWriteError(path: path, errno: errno) }
    } catch {
      abort()
      throw error
    }
    state = .committed
    TemporaryPaths.unregister(temporaryPath)
    if !inStaging { syncDirectory() }
  }

  /// Discards everything written: closes and removes the temporary file. The target is untouched.
  public func abort() {
    guard state == .open else { return }
    state = .aborted
    if fd >= 0 {
      close(fd)
      fd = -1
    }
    unlink(temporaryPath)
    TemporaryPaths.unregister(temporaryPath)
  }

  /// Writes `bytes` to `path` atomically.
  /// - Throws: `FileWriteError` naming `path`; nothing is left behind on failure.
  public static func write(_ bytes: [UInt8], to path: String) throws {
    try write(to: path) { try $0.write(bytes) }
  }

  /// Runs `body` with a fresh `AtomicFile` for `path`, committing when it returns and aborting when it throws.
  /// - Returns: what `body` returned.
  /// - Throws: what `body` threw, or `FileWriteError`.
  public static func write<Result>(to path: String, _ body: (AtomicFile) throws -> Result) throws -> Result {
    let file = try AtomicFile(path: path)
    do {
      let result = try body(file)
      try file.commit()
      return result
    } catch {
      file.abort()
      throw error
    }
  }

  private func flush() throws {
    guard !buffer.isEmpty else { return }
    defer { buffer.removeAll(keepingCapacity: true) }
    try buffer.withUnsafeBytes { try writeAll($0) }
  }

  private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
    guard var address = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let written = SystemCalls.writeBytes(fd, address, remaining)
      if written < 0 {
        if errno == EINTR { continue }
        throw FileWriteError(path: path, errno: errno)
      }
      if written == 0 { throw FileWriteError(path: path, errno: ENOSPC) }
      remaining -= written
      address += written
    }
  }

  /// Makes the rename durable. A directory that cannot be synced (some file systems) is not an error:
  /// the data itself is already on disk.
  private func syncDirectory() {
    let slash = path.lastIndex(of: "/")
    FolderReplacement.sync(slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? ".")
  }
}
