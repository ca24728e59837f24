import Foundation

/// Reads a small input file (a style, a manifest) without trusting it: the file is opened
/// without blocking (a FIFO with no writer does not hang), must be a regular file, and is
/// refused by its size before it is read; the read itself stops one byte past the limit, so a
/// file that grows meanwhile is refused too.
package enum InputFile {
  /// Why the file cannot be used, as the end of a sentence that starts with its name:
  /// `is not a regular file (a FIFO)`, `is 20000000 bytes; at most 2097152 are read`.
  package struct Problem: ProgressRenderError, Equatable, Sendable {
    /// The reason.
    package let message: String
    /// Bad input: the file cannot be used.
    package var kind: ErrorKind { .badInput }
    /// The reason, as the end of a sentence that starts with the file's name.
    package var description: String { message }
  }

  /// Reads a whole regular file of at most `limit` bytes.
  /// - Parameters:
  ///   - path: the file.
  ///   - limit: the largest size accepted, in bytes.
  /// - Returns: its bytes.
  /// - Throws: `Problem` when it is missing, unreadable, not a regular file or too large.
  /// - Complexity: O(limit) time and memory at most.
  package static func read(_ path: String, limit: Int) throws(Problem) -> Data {
    let (descriptor, _) = try openRegular(path, limit: limit)
    defer { close(descriptor) }
    return try readAll(descriptor, limit: limit)
  }

  /// The first `count` bytes of a regular file (fewer when it is shorter), or `nil` when it is
  /// missing, unreadable or not a regular file — a FIFO is never waited on. For telling formats
  /// apart by content.
  /// - Complexity: O(count).
  package static func head(_ path: String, count: Int) -> [UInt8]? {
    guard let (descriptor, _) = try? openRegular(path, limit: Int.max) else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: max(count, 0))
    var filled = 0
    while filled < bytes.count {
      let read = bytes.withUnsafeMutableBytes { buffer in
        SystemCalls.readBytes(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
      }
      if read < 0 && errno == EINTR { continue }
      guard read > 0 else { break }
      filled += read
    }
    return Array(bytes.prefix(filled))
  }

  /// Opens a regular file of at most `limit` bytes without blocking (a FIFO with no writer).
  /// - Returns: the descriptor, which the caller closes, and the file's size.
  /// - Throws: `Problem` when it is missing, unreadable, not a regular file or too large.
  private static func openRegular(_ path: String, limit: Int) throws(Problem) -> (Int32, Int) {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw Problem(message: openProblem(errno)) }
    var info = stat()
    var problem: String? = nil
    if fstat(descriptor, &info) != 0 {
      problem = "cannot be read: " + errorText(errno)
    } else if let kind = kind(of: info.st_mode) {
      problem = kind
    } else if info.st_size > limit {
      problem = "is \(info.st_size) bytes; at most \(limit) bytes are read"
    }
    guard let problem else { return (descriptor, Int(info.st_size)) }
    close(descriptor)
    throw Problem(message: problem)
  }

  /// Reads standard input to its end, at most `limit` bytes (a pipe or a redirected file).
  /// - Parameter limit: the largest size accepted, in bytes.
  /// - Returns: its bytes.
  /// - Throws: `Problem` when standard input is a terminal (nothing was piped in), cannot be read
  ///   or holds more than `limit` bytes.
  /// - Complexity: O(limit) time and memory at most.
  package static func readStandardInput(limit: Int) throws(Problem) -> Data {
    guard isatty(STDIN_FILENO) == 0 else { throw Problem(message: "is a terminal, not a pipe or a file") }
    return try readAll(STDIN_FILENO, limit: limit)
  }

  /// Reads a whole regular file of at most `limit` bytes into exactly as much memory as it holds (its
  /// size as `fstat` says, grown only if the file grows meanwhile, never past `limit + 1`): a 250 MB
  /// file takes 250 MB, not a buffer of the limit's size and a copy.
  /// - Throws: `Problem` when it is missing, unreadable, not a regular file (a FIFO does not block)
  ///   or larger than `limit`.
  /// - Complexity: O(size) time and memory.
  package static func readBytes(_ path: String, limit: Int) throws(Problem) -> [UInt8] {
    let (descriptor, size) = try openRegular(path, limit: limit)
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var filled = 0
    while true {
      if filled == bytes.count {
        guard bytes.count <= limit else { break }
        bytes += [UInt8](repeating: 0, count: min(limit + 1 - bytes.count, max(1 << 16, bytes.count)))
      }
      let count = bytes.withUnsafeMutableBytes { buffer in
        SystemCalls.readBytes(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw Problem(message: "cannot be read: " + errorText(errno)) }
      if count == 0 { break }
      filled += count
    }
    guard filled <= limit else { throw Problem(message: "is more than \(limit) bytes, the limit") }
    bytes.removeLast(bytes.count - filled)
    return bytes
  }

  /// Copies standard input into the new file `path` 64 KiB at a time, so that memory stays small
  /// whatever is piped in: its first `headCount` bytes are read first and given to `check`, which
  /// refuses them with a reason (then nothing more is read), and the copy stops one byte past
  /// `limit`. On any problem the file is removed.
  /// - Parameters:
  ///   - path: the file to create (it must not exist).
  ///   - limit: the largest size accepted, in bytes.
  ///   - headCount: how many first bytes `check` sees (fewer when the input is shorter).
  ///   - check: the reason the first bytes are refused, or `nil`.
  /// - Throws: `Problem` when standard input is a terminal or a folder, cannot be read, is refused by
  ///   `check` or holds more than `limit` bytes, or when the file cannot be written.
  /// - Complexity: O(bytes) time, O(64 KiB) memory.
  package static func copyStandardInput(
    to path: String, limit: Int, headCount: Int, check: ([UInt8]) -> String?
  ) throws(Problem) {
    guard isatty(STDIN_FILENO) == 0 else { throw Problem(message: "is a terminal, not a pipe or a file") }
    var info = stat()
    if fstat(STDIN_FILENO, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      throw Problem(message: "is a folder, not a file")
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    func fill(_ wanted: Int) throws(Problem) -> Int {
      var filled = 0
      while filled < wanted {
        let count = chunk.withUnsafeMutableBytes {
          SystemCalls.readBytes(STDIN_FILENO, $0.baseAddress! + filled, wanted - filled)
        }
        if count < 0 && errno == EINTR { continue }
        guard count >= 0 else {
          throw Problem(message: errno == EISDIR ? "is a folder, not a file" : "cannot be read: " + errorText(errno))
        }
        if count == 0 { break }
        filled += count
      }
      return filled
    }
    let headLength = try fill(min(headCount, chunk.count))
    if let reason = check(Array(chunk[..<headLength])) { throw Problem(message: reason) }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw Problem(message: "cannot be copied to '\(path)': " + errorText(errno)) }
    var ok = false
    defer {
      close(descriptor)
      if !ok { unlink(path) }
    }
    var length = headLength
    var total = 0
    while length > 0 {
      total += length
      guard total <= limit else {
        throw Problem(message: "is more than \(limit) bytes; at most \(limit) bytes are read")
      }
      var written = 0
      while written < length {
        let count = chunk.withUnsafeBytes {
          SystemCalls.writeBytes(descriptor, $0.baseAddress! + written, length - written)
        }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { throw Problem(message: "cannot be copied to '\(path)': " + errorText(errno)) }
        written += count
      }
      length = try fill(chunk.count)
    }
    ok = true
  }

  /// Reads a descriptor to its end, stopping one byte past `limit`.
  private static func readAll(_ descriptor: Int32, limit: Int) throws(Problem) -> Data {
    var data = Data(count: limit + 1)
    var filled = 0
    while filled <= limit {
      let count = data.withUnsafeMutableBytes { buffer in
        guard let start = buffer.baseAddress else { return 0 }
        return SystemCalls.readBytes(descriptor, start + filled, limit + 1 - filled)
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw Problem(message: "cannot be read: " + errorText(errno)) }
      if count == 0 { break }
      filled += count
    }
    guard filled <= limit else {
      throw Problem(message: "is more than \(limit) bytes; at most \(limit) bytes are read")
    }
    data.count = filled
    return data
  }

  /// What a file is when it is not a regular file; nil for a regular file.
  private static func kind(of mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "is a directory"
    case S_IFIFO: return "is not a regular file (a FIFO)"
    case S_IFCHR, S_IFBLK: return "is not a regular file (a device)"
    case S_IFSOCK: return "is not a regular file (a socket)"
    default: return "is not a regular file"
    }
  }

  private static func openProblem(_ code: Int32) -> String {
    switch code {
    case ENOENT: return "no such file"
    case EACCES: return "cannot be read: permission denied"
    case ENOTDIR: return "no such file (a part of its path is not a folder)"
    default: return "cannot be opened: " + errorText(code)
    }
  }

  private static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
