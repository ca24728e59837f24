import ProgressRender

/// A command line the tool cannot use. Its description is the one line printed after
/// `progress-render: error:`; it quotes what the user typed and says what would be right.
/// The tool exits with status 2.
enum UsageError: ProgressRenderError, Equatable, Sendable, CustomStringConvertible {
  case unknownOption(String, suggestion: String?)
  case unknownCommand(String, suggestion: String?)
  case missingValue(option: String, expected: String)
  case flagWithValue(option: String, text: String)
  case invalidValue(option: String, text: String, reason: String, expected: String)
  case outOfRange(option: String, text: String, expected: String)
  case invalidChoice(option: String, text: String, choices: [String], suggestion: String?)
  case unexpectedArgument(String, command: String)
  case missingArgument(String, command: String)
  case missingOption(option: String, expected: String)
  case conflicting(String, String)
  case unknownStyle(String, names: [String], suggestion: String?)
  /// A library error (bad style file, settings, output path…) whose description already names the input.
  case input(String)

  /// Bad input, always.
  var kind: ErrorKind { .badInput }

  var description: String {
    switch self {
    case .unknownOption(let name, let suggestion):
      return "unknown option \(UsageError.quoted(name))" + UsageError.hint(suggestion)
    case .unknownCommand(let name, let suggestion):
      return "unknown command \(UsageError.quoted(name))" + UsageError.hint(suggestion)
        + (suggestion == nil ? "; commands: " : " Commands: ") + CommandLineTool.commandNames.joined(separator: ", ")
    case .missingValue(let option, let expected):
      return "missing value for \(UsageError.quoted(option)): expected \(expected)"
    case .flagWithValue(let option, let text):
      return "\(UsageError.quoted(option)) takes no value, got \(UsageError.quoted(text))"
    case .invalidValue(let option, let text, let reason, let expected):
      return "\(option) \(UsageError.quoted(text)) \(reason): expected \(expected)"
    case .outOfRange(let option, let text, let expected):
      return "\(option) \(QuotedText.escaped(text)) is out of range: expected \(expected)"
    case .invalidChoice(let option, let text, let choices, let suggestion):
      return "\(option) \(UsageError.quoted(text)) is not one of \(choices.joined(separator: ", "))"
        + UsageError.hint(suggestion)
    case .unexpectedArgument(let argument, let command):
      return "unexpected argument \(UsageError.quoted(argument)) for \(UsageError.quoted(command))"
    case .missingArgument(let what, let command):
      return "\(UsageError.quoted(command)) needs \(what)"
    case .missingOption(let option, let expected):
      return "missing \(option): expected \(expected)"
    case .conflicting(let a, let b):
      return "\(a) and \(b) cannot be used together; give one of them"
    case .unknownStyle(let name, let names, let suggestion):
      return "unknown style \(UsageError.quoted(name))" + UsageError.hint(suggestion)
        + (suggestion == nil ? "; valid styles: " : " Valid styles: ") + names.joined(separator: ", ")
    case .input(let text):
      return text
    }
  }

  /// Whether `--help` answers the error (an option the user cannot name, an argument or option
  /// missing or too many): then the one line ends with a pointer to it. Errors about a value
  /// already say what is expected and get none.
  var helpIsTheAnswer: Bool {
    switch self {
    case .unknownOption(_, let suggestion): return suggestion == nil
    case .unexpectedArgument, .missingArgument, .missingOption: return true
    default: return false
    }
  }

  /// A planning error of the library as the command line says it, each field named as its option
  /// (`out` → `--out`); the errors about a missing or unknown style or output, or a still time
  /// after the end, are usage errors (with the pointer to `--help`), the others input errors.
  /// - Parameter error: the library's error.
  init(_ error: RenderError) {
    let option: (OptionKey) -> String = UsageError.option
    switch error {
    case .conflictingStyles:
      self = .conflicting(option(.style), option(.styleFile))
    case .lottieWithStyle:
      self = .conflicting(option(.lottie), option(.style) + " or " + option(.styleFile))
    case .missingStyle:
      self = .missingOption(
        option: option(.style) + " NAME or " + option(.styleFile) + " FILE", expected: error.expected ?? "")
    case .missingOutput:
      self = .missingOption(option: option(.out) + " PATH", expected: error.expected ?? "")
    case .unknownStyle(let name, let names, let suggestion):
      self = .unknownStyle(name, names: names, suggestion: suggestion)
    case .stillTimeAfterEnd:
      self = .outOfRange(option: option(.at), text: error.valueText ?? "", expected: error.expected ?? "")
    default:
      self = .input(error.description(naming: option))
    }
  }

  /// A setting or style field named as its option: `size` → `--size` (for `description(naming:)`).
  static func option(_ name: String) -> String { "--" + name }

  /// An option as the command line spells it: `.edgeLevels` → `--edge-levels`.
  static func option(_ key: OptionKey) -> String { "--" + key.name }

  /// A value the user gave, escaped and between single quotes (one central place, so no
  /// message can print a raw newline or escape sequence).
  static func quoted(_ text: String) -> String { QuotedText.quoted(text) }

  private static func hint(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }
}
