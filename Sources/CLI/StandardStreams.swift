import Foundation
import ProgressRender
import Synchronization

/// The process's standard output and standard error, written with `write(2)`.
///
/// A write to standard output that fails (a full disk, `> /dev/full`) is remembered rather than
/// trapping as `FileHandle.write` does; `finalStatus(_:)` then reports it and makes the exit
/// status 1, since what was asked for did not all arrive. A failed write to standard error is
/// dropped: there is nowhere left to report it.
enum StandardStreams {
  /// The `errno` of the first failed write to standard output.
  private static let outputError = Mutex<Int32?>(nil)

  /// Writes text to standard output as given.
  @Sendable static func writeOut(_ text: String) {
    if let code = write(text, to: STDOUT_FILENO) { outputError.withLock { $0 = $0 ?? code } }
  }

  /// Writes bytes (an image) to standard output as given.
  /// - Returns: whether every byte was written (and no earlier write to standard output failed).
  @Sendable static func writeOut(bytes: [UInt8]) -> Bool {
    if let code = write(bytes, to: STDOUT_FILENO) { outputError.withLock { $0 = $0 ?? code } }
    return outputError.withLock { $0 } == nil
  }

  /// Writes text to standard error as given.
  @Sendable static func writeErr(_ text: String) {
    _ = write(text, to: STDERR_FILENO)
  }

  /// The exit status to end with: `status`, or 1 (bad input stays 2) with an error line when a
  /// write to standard output failed.
  static func finalStatus(_ status: ExitStatus) -> ExitStatus {
    guard let code = outputError.withLock({ $0 }) else { return status }
    Console.standard.error("cannot write to standard output: \(String(cString: strerror(code)))")
    return status == .usage ? .usage : .failure
  }

  /// Writes all of `text` to a file descriptor.
  private static func write(_ text: String, to descriptor: Int32) -> Int32? {
    write(Array(text.utf8), to: descriptor)
  }

  /// Writes all of `bytes` to a file descriptor.
  /// - Returns: `nil`, or the `errno` of the write that failed.
  private static func write(_ all: [UInt8], to descriptor: Int32) -> Int32? {
    var bytes = all[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { SystemCalls.writeBytes(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      bytes = bytes.dropFirst(written)
    }
    return nil
  }
}
