import Foundation
import Synchronization

/// Where a command writes: standard output for results, standard error for warnings and errors.
///
/// A value with two closures, so that tests can capture what a command prints.
struct Console: Sendable {
  /// Writes text to standard output as given (callers add newlines).
  let writeOut: @Sendable (String) -> Void
  /// Writes text to standard error as given.
  let writeErr: @Sendable (String) -> Void

  /// The process's standard output and standard error, unbuffered. A failed write to standard
  /// output (disk full, …) is remembered for `finalStatus(_:)`; one to standard error is dropped.
  static let standard = Console(
    writeOut: { text in
      if let code = write(text, to: STDOUT_FILENO) { outputError.withLock { $0 = $0 ?? code } }
    },
    writeErr: { _ = write($0, to: STDERR_FILENO) })

  /// The `errno` of the first failed write to standard output.
  private static let outputError = Mutex<Int32?>(nil)

  /// Prints one line on standard output.
  func line(_ text: String) { writeOut(text + "\n") }

  /// Prints `progress-render: warning: <text>` on standard error.
  func warning(_ text: String) { writeErr("\(CommandLineTool.name): warning: \(text)\n") }

  /// Prints `progress-render: error: <text>` on standard error.
  func error(_ text: String) { writeErr("\(CommandLineTool.name): error: \(text)\n") }

  /// The exit status to end with: `status`, or 1 with an error line when a write to standard
  /// output failed, since what was asked for did not all arrive (bad input stays 2).
  static func finalStatus(_ status: ExitStatus) -> ExitStatus {
    guard let code = outputError.withLock({ $0 }) else { return status }
    standard.error("cannot write to standard output: \(String(cString: strerror(code)))")
    return status == .usage ? .usage : .failure
  }

  /// Writes all of `text` to a file descriptor.
  /// - Returns: `nil`, or the `errno` of the write that failed.
  private static func write(_ text: String, to descriptor: Int32) -> Int32? {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      bytes = bytes.dropFirst(written)
    }
    return nil
  }
}
