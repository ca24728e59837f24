/// An error of the library: one line naming the value or file and the rule it breaks (never a
/// command-line flag; a command line adds its own names), and its kind.
///
/// Every error type the library throws adopts it (`LibraryErrorTests` checks the sources), so a
/// caller maps `kind` to what it does (an exit status) in one place, without casting to types.
public protocol ProgressRenderError: Error, CustomStringConvertible, Sendable {
  /// Whether the input was wrong or the work failed.
  var kind: ErrorKind { get }
}

// The errors of CBridge, which depends on nothing of ours, get their kind here.

extension FileWriteError: ProgressRenderError {
  /// The work failed while writing.
  public var kind: ErrorKind { .failed }
}

extension CairoError: ProgressRenderError {
  /// Cairo refused while drawing: the work failed.
  public var kind: ErrorKind { .failed }
}

extension TextError: ProgressRenderError {
  /// Pango could not be set up: the work failed.
  public var kind: ErrorKind { .failed }
}

extension PNGError: ProgressRenderError {
  /// A PNG that cannot be read is bad input; one that cannot be encoded is a failure.
  public var kind: ErrorKind {
    if case .encodeFailed = self { return .failed }
    return .badInput
  }
}

extension GIFReadError: ProgressRenderError {
  /// A GIF that cannot be read is bad input (the readers above wrap it as `ImageInputError`).
  var kind: ErrorKind { .badInput }
}

extension QuantizerError: ProgressRenderError {
  /// libimagequant failed: the work failed (the GIF encoder wraps it as `GIFEncodingError`).
  var kind: ErrorKind { .failed }
}

extension FontMatchError: ProgressRenderError {
  /// fontconfig could not be set up or asked: the work failed.
  public var kind: ErrorKind { .failed }
}

extension WebPError: ProgressRenderError {
  /// A WebP that cannot be read, or an option out of range, is bad input; an encoder failure is a failure.
  public var kind: ErrorKind { isBadInput ? .badInput : .failed }
}
