import ProgressRenderSupport

/// giflib could not read a GIF, or a value it handed back broke a limit or a rule: `GIFFileReader`'s
/// error, which the readers above it turn into their own (`ImageInputError`).
struct GIFReadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path (or label) of the GIF.
  let source: String
  /// What is wrong with it, in a few words.
  let problem: String

  var description: String { "cannot read '\(source)': \(problem)" }
}

extension GIFReadError: ProgressRenderError {
  /// A GIF that cannot be read is bad input (the readers above wrap it as `ImageInputError`).
  var kind: ErrorKind { .badInput }
}
