import ProgressRenderSupport

/// Why a value does not fit its option's `OptionKind`; the caller adds the option's name (a flag
/// on the command line, a key in a manifest) and the value as written.
public enum OptionValueError: ProgressRenderError, Equatable {
  /// Not of the kind at all: `reason` is `is not a whole number`, `is empty`, ….
  case invalid(reason: String, expected: String)
  /// Of the kind but outside its range.
  case outOfRange(expected: String)
  /// Not one of the words.
  case invalidChoice(choices: [String], suggestion: String?)

  /// What a valid value looks like.
  public var expected: String {
    switch self {
    case .invalid(_, let expected), .outOfRange(let expected): return expected
    case .invalidChoice(let choices, _): return "one of " + choices.joined(separator: ", ")
    }
  }

  /// A value that does not fit its option is bad input.
  public var kind: ErrorKind { .badInput }

  /// One line without the option's name or the value, which the caller puts in front.
  public var description: String {
    switch self {
    case .invalid(let reason, let expected): return "\(reason): expected \(expected)"
    case .outOfRange(let expected): return "is out of range: expected \(expected)"
    case .invalidChoice(_, let suggestion):
      return "expected \(expected)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }
  }
}
