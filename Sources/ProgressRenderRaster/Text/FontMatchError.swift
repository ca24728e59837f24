import ProgressRenderSupport

/// fontconfig could not load its configuration or match a pattern.
public struct FontMatchError: Error, Equatable, CustomStringConvertible, Sendable {
  /// What failed, e.g. `load its configuration` or `parse the pattern "x:"`.
  public var what: String

  /// Creates an error.
  /// - Parameter what: what fontconfig could not do.
  public init(what: String) {
    self.what = what
  }

  public var description: String {
    "fontconfig could not \(what)"
  }
}

extension FontMatchError: ProgressRenderError {
  /// fontconfig could not be set up or asked: the work failed.
  public var kind: ErrorKind { .failed }
}
