import Foundation
import ProgressRender

/// Where a command writes: standard output for results, standard error for warnings and errors.
///
/// A value with two closures, so that tests can capture what a command prints.
struct Console: Sendable {
  /// Writes text to standard output as given (callers add newlines).
  let writeOut: @Sendable (String) -> Void
  /// Writes text to standard error as given.
  let writeErr: @Sendable (String) -> Void
  /// Writes bytes (an image for `--out -`) to standard output as given; returns whether all of them
  /// were written (a closed pipe or a full disk: not).
  let writeOutBytes: @Sendable ([UInt8]) -> Bool

  /// The process's standard output and standard error, unbuffered (see `StandardStreams`).
  static let standard = Console(
    writeOut: StandardStreams.writeOut, writeErr: StandardStreams.writeErr,
    writeOutBytes: StandardStreams.writeOut(bytes:))

  /// Prints one line on standard output.
  func line(_ text: String) { writeOut(text + "\n") }

  /// Prints `progress-render: warning: <text>` on standard error.
  func warning(_ text: String) { writeErr("\(CommandLineTool.name): warning: \(QuotedText.escaped(text))\n") }

  /// Prints `progress-render: error: <text>` on standard error.
  func error(_ text: String) { writeErr("\(CommandLineTool.name): error: \(QuotedText.escaped(text))\n") }
}
