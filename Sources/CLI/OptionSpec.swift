import ProgressRender

/// One command-line option, declared once: name, what it takes, help, and the style override
/// it feeds (which decides the presets that honour it).
struct OptionSpec: Equatable, Sendable {
  /// The long name with its dashes: `--size`.
  let name: String
  /// What the option takes.
  let kind: ValueKind
  /// The placeholder shown in help: `PX`, `COLOR`.
  let valueName: String
  /// One line of help.
  let help: String
  /// The style override this option sets, if any; help and `styles` list the presets it acts on.
  let field: StyleOverrides.Field?
  /// Whether giving the option again adds a value (`--ignore A --ignore B`) instead of replacing it;
  /// every value is in `ParsedArguments.lists`.
  var repeatable = false

  /// Declares an option.
  init(_ name: String, _ kind: ValueKind, _ valueName: String, _ help: String, field: StyleOverrides.Field? = nil) {
    self.name = name
    self.kind = kind
    self.valueName = valueName
    self.help = help
    self.field = field
  }

  /// The command-line form of one of `render`'s options: `--` and its key.
  init(_ option: RenderOption) {
    self.init("--" + option.key, option.kind, option.valueName, option.help, field: option.field)
  }

  /// Whether the option takes a value.
  var takesValue: Bool { kind != .flag }

  /// Declares a flag: an option without a value.
  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name, .flag, "", help)
  }

  /// Declares an option that may be given many times, each value kept in order.
  static func repeatable(_ name: String, _ kind: ValueKind, _ valueName: String, _ help: String) -> OptionSpec {
    var option = OptionSpec(name, kind, valueName, help)
    option.repeatable = true
    return option
  }

  /// The implicit `--help` flag every command has.
  static let helpFlag = OptionSpec.flag("--help", "Show this help and exit.")
}
