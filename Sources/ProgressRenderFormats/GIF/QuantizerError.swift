import ProgressRenderSupport

/// libimagequant refused or failed: `PaletteQuantizer`'s error, which the GIF encoder reports as its own.
struct QuantizerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// One line naming the libimagequant call and its status.
  let description: String

  /// Creates an error with a one-line message.
  init(_ description: String) { self.description = description }
}

extension QuantizerError: ProgressRenderError {
  /// libimagequant failed: the work failed (the GIF encoder wraps it as `GIFEncodingError`).
  var kind: ErrorKind { .failed }
}
