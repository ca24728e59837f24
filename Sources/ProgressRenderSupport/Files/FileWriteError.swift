#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why an output file could not be written. Its description is one line naming the target path.
public struct FileWriteError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The file the user asked for (never the temporary file).
  public var path: String
  /// What went wrong, e.g. the system's text for an `errno` value.
  public var reason: String
  /// The `errno` value when a system call failed, else `nil`.
  public var code: Int32?

  /// Creates an error from a reason text.
  public init(path: String, reason: String, code: Int32? = nil) {
    self.path = path
    self.reason = reason
    self.code = code
  }

  /// Creates an error from an `errno` value, adding a hint for the common causes.
  public init(path: String, errno code: Int32) {
    var reason = String(cString: strerror(code))
    switch code {
    case ENOENT, ENOTDIR: reason += " (the output directory must exist)"
    case EACCES, EPERM, EROFS: reason += " (choose a writable directory)"
    case EISDIR: reason += " (the output path is a directory: give a file name)"
    default: break
    }
    self.init(path: path, reason: reason, code: code)
  }

  public var description: String { "cannot write '\(path)': \(reason)" }
}
