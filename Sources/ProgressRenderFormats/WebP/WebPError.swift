import ProgressRenderSupport

/// libwebp could not encode or decode an animated WebP. Its description is one line naming the
/// failure (and the file, when reading).
public struct WebPError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The message: what failed and, from libwebp, why.
  public let description: String
  /// Whether the input (a file read, an option) was wrong rather than the work failing.
  public let isBadInput: Bool

  init(_ description: String, isBadInput: Bool = false) {
    self.description = description
    self.isBadInput = isBadInput
  }
}

extension WebPError: ProgressRenderError {
  /// A WebP that cannot be read, or an option out of range, is bad input; an encoder failure is a failure.
  public var kind: ErrorKind { isBadInput ? .badInput : .failed }
}
