/// A GIF could not be encoded: a bad option (named by its command-line flag), bad frames,
/// or a library failure. Its description is one line.
public struct GIFEncodingError: Error, Equatable, CustomStringConvertible, Sendable {
  public var description: String

  /// Creates an error with a one-line message.
  public init(_ description: String) {
    self.description = description
  }
}
