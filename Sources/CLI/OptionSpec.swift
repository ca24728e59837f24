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
  /// Whether every occurrence counts (values accumulate in `ParsedArguments.lists`); otherwise the
  /// last occurrence wins, as in git, curl and ffmpeg.
  let repeatable: Bool

  /// Declares an option.
  init(
    _ name: String, _ kind: ValueKind, _ valueName: String, _ help: String, field: StyleOverrides.Field? = nil,
    repeatable: Bool = false
  ) {
    self.name = name
    self.kind = kind
    self.valueName = valueName
    self.help = help
    self.field = field
    self.repeatable = repeatable
  }

  /// The command-line form of one of `render`'s options: `--` and its key.
  init(_ option: RenderOption) {
    self.init("--" + option.key.name, option.kind, option.valueName, option.help, field: option.field)
  }

  /// The one-letter form (`-o` for `--out`), if the option has one: the same letters in every command.
  var short: String? { OptionSpec.shortNames[name] }

  /// Every name of the option, the short one first: `-o`, `--out`.
  var names: [String] { (short.map { [$0] } ?? []) + [name] }

  /// The short options users expect from other tools, by long name.
  static let shortNames = ["--out": "-o", "--quiet": "-q", "--help": "-h", "--version": "-V"]

  /// Whether the option takes a value.
  var takesValue: Bool { kind != .flag }

  /// Declares a flag: an option without a value.
  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name, .flag, "", help)
  }

  /// Declares an option that may be given many times, each value kept in order.
  static func repeatable(_ name: String, _ kind: ValueKind, _ valueName: String, _ help: String) -> OptionSpec {
    OptionSpec(name, kind, valueName, help, repeatable: true)
  }

  /// The implicit `--help` flag every command has.
  static let helpFlag = OptionSpec.flag("--help", "Show this help and exit.")

  /// The implicit `--version` flag every command has.
  static let versionFlag = OptionSpec.flag("--version", "Print the version and exit.")
}
