import ProgressRender

/// The tool's exit codes (the README lists them).
enum ExitStatus: Int32, Sendable {
  /// Done; everything asked for was written (for `diff` and `check`: the inputs are the same).
  case success = 0
  /// Rendering or writing failed after the input was accepted (nothing is left half-written); for
  /// `diff` and `check`, the inputs differ.
  case failure = 1
  /// Bad input: usage, option values, style, style file, image or output path. Nothing written.
  case usage = 2

  /// The status for an error of a given kind: the one place kinds become exit codes.
  /// - Parameter kind: what the error means.
  init(_ kind: ErrorKind) {
    switch kind {
    case .badInput: self = .usage
    case .failed: self = .failure
    }
  }

  /// The status for any error a command throws, by its kind (`ErrorKind(of:)`).
  /// - Parameter error: the error.
  init(for error: any Error) {
    self.init(ErrorKind(of: error))
  }
}
