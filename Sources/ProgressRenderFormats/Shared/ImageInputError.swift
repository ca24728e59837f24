import ProgressRenderSupport

/// An input image, animation or frames folder that cannot be read: missing, unreadable, not an image,
/// corrupt, or beyond the reader's limits.
///
/// The `description` is one line that names the file, says what is wrong and what would be right.
public struct ImageInputError: ProgressRenderError, Equatable, Sendable, CustomStringConvertible {
  /// Bad input: nothing was written.
  public var kind: ErrorKind { .badInput }

  /// The path (or label) of the input that failed.
  public let source: String
  /// What is wrong with it, in a few words.
  public let problem: String

  /// Creates an error for `source`.
  public init(source: String, problem: String) {
    self.source = source
    self.problem = problem
  }

  public var description: String { "cannot read '\(source)': \(problem)" }
}
