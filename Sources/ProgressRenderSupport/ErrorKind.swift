/// What an error of the library means for whoever asked for the work: the input was wrong, or the
/// work failed while running. ("The inputs differ" is a result, not an error: see `DiffReport`.)
///
/// A command line maps each kind to one exit status (2 and 1 for `progress-render`).
public enum ErrorKind: String, Equatable, Sendable, CaseIterable {
  /// The input cannot be used (a bad value, style, file, image or output path), found before
  /// anything was written or while reading an input. Nothing was written.
  case badInput
  /// The work failed after the input was accepted: rendering, encoding or writing (a full disk,
  /// an I/O error, a library that refused). Nothing half-written is left.
  case failed
}

extension ErrorKind {
  /// The kind of any error: its own for a `ProgressRenderError`, `.failed` for anything else (a
  /// system error that escaped a wrapper; `LibraryErrorTests` keeps the library from throwing one).
  /// - Parameter error: the error.
  public init(of error: any Error) {
    self = (error as? any ProgressRenderError)?.kind ?? .failed
  }
}
