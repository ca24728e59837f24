import ProgressRenderSupport

/// Why a label format is not valid.
public struct LabelFormatError: ProgressRenderError, Equatable, CustomStringConvertible, Sendable {
  /// Bad input: nothing was written.
  public var kind: ErrorKind { .badInput }

  /// The format as written.
  public var format: String
  /// What is wrong with it.
  public var reason: String

  /// Creates the error.
  public init(format: String, reason: String) {
    self.format = format
    self.reason = reason
  }

  /// One line: the format, the reason, and the valid forms.
  public var description: String {
    "'\(format)' is not a label format (\(reason)): use one %d or %.Nf with %% for a percent sign "
      + "(e.g. '%.0f%%'), 'mm:ss', or plain text without %"
  }
}
