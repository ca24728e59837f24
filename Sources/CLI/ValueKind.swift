import ProgressRender

/// What an option takes: the library's `OptionKind`, shared by `render`'s option table and the
/// other commands' options.
typealias ValueKind = OptionKind

extension OptionKind {
  /// Parses and checks `text` as a value of this kind for `option`.
  /// - Throws: `UsageError.invalidValue`, `.outOfRange` or `.invalidChoice` naming the option and the text.
  func parse(_ text: String, for option: String) throws(UsageError) -> OptionValue {
    do {
      return try parse(text)
    } catch {
      switch error {
      case .invalidValue(let reason, let expected):
        throw .invalidValue(option: option, text: text, reason: reason, expected: expected)
      case .valueOutOfRange(let expected):
        throw .outOfRange(option: option, text: text, expected: expected)
      case .invalidChoice(let choices, let suggestion):
        throw .invalidChoice(option: option, text: text, choices: choices, suggestion: suggestion)
      default:
        throw .input("\(option) \(error.description)")
      }
    }
  }
}
