/// A report, artifact or baseline that could not be written. The description is one line naming the path.
public struct DiffOutputError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path that could not be written.
  public let path: String
  /// What went wrong.
  public let problem: String

  /// Creates an error for `path`.
  public init(path: String, problem: String) {
    self.path = path
    self.problem = problem
  }

  public var description: String { "cannot write '\(path)': \(problem)" }
}
