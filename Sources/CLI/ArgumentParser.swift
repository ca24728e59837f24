import ProgressRender

/// A small table-driven parser for one command's arguments.
///
/// Accepts `--name VALUE`, `--name=VALUE` and flags; `--` ends the options (everything after it
/// is positional). A value may start with `-` (`--at -1s` reaches the range check) but not with
/// `--`, which means the value is missing. Each option may be given once, but a repeatable one
/// (`OptionSpec.repeatable`) as often as wanted, its values collected in order.
struct ArgumentParser: Sendable {
  /// The options the command accepts (`--help` is added by the parser).
  let options: [OptionSpec]

  /// Creates a parser for a command's option table.
  init(options: [OptionSpec]) {
    self.options = options + [OptionSpec.helpFlag]
  }

  /// Parses arguments (without the program and command names).
  /// - Parameter arguments: the words as the shell passed them.
  /// - Returns: the checked values and positional words.
  /// - Throws: the first `UsageError`, scanning left to right.
  /// - Complexity: O(arguments × options).
  func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var result = ParsedArguments()
    var rawValues: [String: String] = [:]
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        result.positionals += arguments[index...]
        break
      }
      guard argument.hasPrefix("-"), argument.count > 1 else {
        result.positionals.append(argument)
        continue
      }
      let (name, inlineValue) = ArgumentParser.split(argument)
      guard let option = options.first(where: { $0.name == name }) else {
        throw .unknownOption(name, suggestion: NearestWord.suggestion(for: name, among: options.map(\.name)))
      }
      let text: String
      if !option.takesValue {
        if let inlineValue { throw .flagWithValue(option: name, text: inlineValue) }
        text = ""
      } else if let inlineValue {
        text = inlineValue
      } else if index < arguments.count, !arguments[index].hasPrefix("--") {
        text = arguments[index]
        index += 1
      } else {
        throw .missingValue(option: name, expected: option.kind.expectation)
      }
      if let first = rawValues[name], !option.repeatable {
        throw .duplicate(option: name, first: first, second: text)
      }
      rawValues[name] = text
      result.values[name] = try option.kind.parse(text, for: name)
      if option.repeatable { result.lists[name, default: []].append(result.values[name] ?? .flag) }
    }
    return result
  }

  /// `--name=value` → (`--name`, `value`); `--name` → (`--name`, nil).
  private static func split(_ argument: String) -> (String, String?) {
    guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
