import ProgressRenderSupport

/// Why a manifest cannot be run: it does not load, or its entries have problems (every one found,
/// in manifest order). The one error type of `ProgressRenderBatch`; bad input, found before anything
/// renders.
public struct BatchError: ProgressRenderError, Equatable, Sendable, CustomStringConvertible {
  /// The problems, one line each, in manifest order.
  public let messages: [String]

  /// Bad input: nothing was written.
  public var kind: ErrorKind { .badInput }

  /// One problem.
  /// - Parameter message: the line naming the manifest, the entry or the key and what would be right.
  public init(_ message: String) { messages = [message] }

  /// Every problem found.
  /// - Parameter messages: one line each, in manifest order.
  public init(messages: [String]) { self.messages = messages }

  /// The problems, one per line.
  public var description: String { messages.joined(separator: "\n") }
}
