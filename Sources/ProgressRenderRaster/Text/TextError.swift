import ProgressRenderSupport

/// Pango could not set up text layout.
public struct TextError: Error, Equatable, CustomStringConvertible, Sendable {
  /// What was being created, e.g. `a font map`.
  public var what: String

  /// Creates an error.
  public init(what: String) {
    self.what = what
  }

  public var description: String {
    "pango could not create \(what); check that pango and fontconfig are installed with at least one font"
  }
}

extension TextError: ProgressRenderError {
  /// Pango could not be set up: the work failed.
  public var kind: ErrorKind { .failed }
}
