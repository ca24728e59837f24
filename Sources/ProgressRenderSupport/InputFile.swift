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
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw Problem(message: openProblem(errno)) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw Problem(message: "cannot be read: " + errorText(errno)) }
    if let kind = kind(of: info.st_mode) { throw Problem(message: kind) }
    guard info.st_size <= limit else {
      throw Problem(message: "is \(info.st_size) bytes; at most \(limit) bytes are read")
    }
    return try readAll(descriptor, limit: limit)
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

  /// Reads a descriptor to its end, stopping one byte past `limit`.
  private static func readAll(_ descriptor: Int32, limit: Int) throws(Problem) -> Data {
    var data = Data(count: limit + 1)
    var filled = 0
    while filled <= limit {
      let count = data.withUnsafeMutableBytes { buffer in
        guard let start = buffer.baseAddress else { return 0 }
        return Glibc.read(descriptor, start + filled, limit + 1 - filled)
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
