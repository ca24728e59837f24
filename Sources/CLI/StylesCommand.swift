import ProgressRender

/// `progress-render styles`: the presets, one line each, then the style options each one uses.
struct StylesCommand: Command {
  let name = "styles"
  let summary = "List the preset styles, one line each, and the style options each one uses."
  let usage = ["styles"]
  let details = [
    "Every style also takes --size, --scale, --fps, --duration, --loop, --background, --at and --quiet."
  ]
  let options: [OptionSpec] = []
  let operands = ValueCompletion.none

  func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
    if let extra = arguments.positionals.first { throw UsageError.unexpectedArgument(extra, command: name) }
    let width = (Presets.names.map(\.count).max() ?? 0) + 2
    for style in Presets.all {
      console.line(style.name.padding(to: width) + style.summary)
    }
    console.line("")
    console.line("Style options each preset uses (all also take --size, --scale, --fps, --duration, --loop,")
    console.line("--background, --at; see 'progress-render render --help'):")
    for style in Presets.all {
      let honoured = StyleOverrides.Field.allCases.filter { $0.isHonoured(by: style) }
      console.line(style.name.padding(to: width) + honoured.map { "--" + $0.rawValue }.joined(separator: " "))
    }
    return .success
  }
}

extension String {
  /// The text followed by spaces up to `width` characters (at least one space).
  func padding(to width: Int) -> String {
    self + String(repeating: " ", count: max(1, width - count))
  }
}
