/// An error of the library: one line naming the value or file and the rule it breaks (never a
/// command-line flag; a command line adds its own names), and its kind.
///
/// Every error type the library throws adopts it (`LibraryErrorTests` checks the sources), so a
/// caller maps `kind` to what it does (an exit status) in one place, without casting to types.
public protocol ProgressRenderError: Error, CustomStringConvertible, Sendable {
  /// Whether the input was wrong or the work failed.
  var kind: ErrorKind { get }
}

// FileWriteError gets its kind here; every other module's errors adopt the protocol where they are declared.

extension FileWriteError: ProgressRenderError {
  /// The work failed while writing.
  public var kind: ErrorKind { .failed }
}
