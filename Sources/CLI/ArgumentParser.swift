import ProgressRender

/// A small table-driven parser for one command's arguments.
///
/// Accepts `--name VALUE`, `--name=VALUE`, the short forms (`-o VALUE`, `-o=VALUE`) and flags;
/// `--` ends the options (everything after it is positional), and a lone `-` is a positional word
/// (standard input or output). A value may start with `-` (`--at -1s` reaches the range check, `-`
/// is standard input) but not with `--`, which means the value is missing. An option given again
/// replaces its earlier value (the last one wins, as in git, curl and ffmpeg; every value is still
/// checked); a `repeatable` option keeps them all.
struct ArgumentParser: Sendable {
  /// The options the command accepts (`--help` and `--version` are added by the parser).
  let options: [OptionSpec]

  /// Creates a parser for a command's option table.
  init(options: [OptionSpec]) {
    self.options = options + [OptionSpec.helpFlag, OptionSpec.versionFlag]
  }

  /// Parses arguments (without the program and command names).
  /// - Parameter arguments: the words as the shell passed them.
  /// - Returns: the checked values and positional words.
  /// - Throws: the first `UsageError`, scanning left to right.
  /// - Complexity: O(arguments × options).
  func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var result = ParsedArguments()
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
      guard let option = options.first(where: { $0.name == name || $0.short == name }) else {
        throw .unknownOption(name, suggestion: suggestion(for: name))
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
      let value = try option.kind.parse(text, for: name)
      result.values[option.name] = value
      if option.repeatable { result.lists[option.name, default: []].append(value) }
    }
    return result
  }

  /// The option a user probably meant by an unknown `name`: `-out` → `--out`, `-v` → `-V`, else
  /// the nearest long name (`--colour` → `--color`).
  private func suggestion(for name: String) -> String? {
    if !name.hasPrefix("--") {
      if let long = options.first(where: { $0.name == "-" + name }) { return long.name }
      let shorts = options.compactMap(\.short)
      if let short = shorts.first(where: { $0.lowercased() == name.lowercased() }) { return short }
    }
    return NearestWord.suggestion(for: name, among: options.map(\.name))
  }

  /// `--name=value` → (`--name`, `value`); `--name` → (`--name`, nil).
  private static func split(_ argument: String) -> (String, String?) {
    guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
