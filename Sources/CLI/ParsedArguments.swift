import ProgressRender

/// The result of parsing one command's arguments: checked option values and positional words.
struct ParsedArguments: Equatable, Sendable {
  /// Values by long option name (with dashes); for an option given more than once, the last.
  var values: [String: OptionValue] = [:]
  /// Every value of each repeatable option (`OptionSpec.repeatable`), in the order given.
  var lists: [String: [OptionValue]] = [:]
  /// Words that are not options, in order.
  var positionals: [String] = []

  /// Whether the option was given.
  func has(_ name: String) -> Bool { values[name] != nil }

  /// The whole-number value of an option, if given.
  func integer(_ name: String) -> Int? {
    if case .integer(let value) = values[name] { return value }
    return nil
  }

  /// The decimal value of an option, if given (whole-number options convert).
  func number(_ name: String) -> Double? {
    switch values[name] {
    case .number(let value): return value
    case .integer(let value): return Double(value)
    default: return nil
    }
  }

  /// The colour value of an option, if given.
  func color(_ name: String) -> RGBAColor? {
    if case .color(let value) = values[name] { return value }
    return nil
  }

  /// The text, path or choice value of an option, if given.
  func text(_ name: String) -> String? {
    if case .text(let value) = values[name] { return value }
    return nil
  }

  /// Every text value of a repeatable option, in order (empty if not given).
  func texts(_ name: String) -> [String] {
    (lists[name] ?? []).compactMap { value in
      if case .text(let text) = value { return text }
      return nil
    }
  }

  /// The time value of an option, if given.
  func time(_ name: String) -> StillTime? {
    if case .time(let value) = values[name] { return value }
    return nil
  }
}
