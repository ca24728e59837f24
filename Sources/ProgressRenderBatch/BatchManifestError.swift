import ProgressRenderSupport

/// A batch manifest that cannot be used. Its description is one line naming the manifest or the
/// entry and key (`assets[3].scale: expected a whole number 1…4, got "x"`).
public struct BatchManifestError: ProgressRenderError, Equatable, Sendable, CustomStringConvertible {
  /// Bad input: nothing was written.
  public var kind: ErrorKind { .badInput }

  /// The message.
  public let description: String

  /// Creates an error from its one-line message.
  public init(_ description: String) {
    self.description = description
  }
}
