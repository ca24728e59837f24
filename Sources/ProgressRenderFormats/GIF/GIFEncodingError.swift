import ProgressRenderSupport

/// A GIF could not be encoded: a bad option or frame size (bad input), or a library failure. Its
/// description is one line naming the value and the rule.
public struct GIFEncodingError: ProgressRenderError, Equatable, CustomStringConvertible, Sendable {
  public var description: String
  /// `.badInput` for an option or size out of range, `.failed` for frames or libimagequant.
  public var kind: ErrorKind

  /// Creates an error with a one-line message.
  /// - Parameters:
  ///   - description: the message.
  ///   - kind: what it means (default: the encoding failed).
  public init(_ description: String, kind: ErrorKind = .failed) {
    self.description = description
    self.kind = kind
  }
}
