import ProgressRenderSupport

/// Why an easing text did not parse.
public struct EasingParseError: ProgressRenderError, Equatable, CustomStringConvertible, Sendable {
  /// Bad input: nothing was written.
  public var kind: ErrorKind { .badInput }

  /// The text that was given.
  public var text: String
  /// What was wrong with it, when more is known than "not an easing".
  public var reason: String?

  /// Creates the error.
  public init(text: String, reason: String?) {
    self.text = text
    self.reason = reason
  }

  /// The valid forms, for messages.
  public static let validForms =
    "linear, ease, ease-in, ease-out, ease-in-out, cubic-bezier(x1, y1, x2, y2) with x1 and x2 in 0…1, "
    + "steps(n) or steps(n, jump-start|jump-end|jump-none|jump-both|start|end) "
    + "(Core Animation's default, easeIn, easeOut and easeInEaseOut also work)"

  /// One line: the text, the reason if known, and the valid forms.
  public var description: String {
    let why = reason.map { " (\($0))" } ?? ""
    return "'\(text)' is not an easing\(why): use \(EasingParseError.validForms)"
  }
}
