import ProgressRender

/// A failure after the input was accepted (rendering or writing); the tool exits with status 1.
struct CommandFailure: ProgressRenderError, CustomStringConvertible {
  /// One line saying what failed.
  let description: String
  /// The work failed.
  var kind: ErrorKind { .failed }
}
