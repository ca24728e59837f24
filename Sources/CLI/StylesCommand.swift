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
      var line = style.name.padding(to: width)
      for flag in honoured.map({ "--" + $0.rawValue }) {
        // Wrapped at 120 columns, the next line indented under the first option.
        if line.count + 1 + flag.count > Self.columns {
          console.line(line)
          line = String(repeating: " ", count: width)
        } else if line.count > width {
          line += " "
        }
        line += flag
      }
      console.line(line)
    }
    return .success
  }

  /// The widest line printed.
  static let columns = 120
}

extension String {
  /// The text followed by spaces up to `width` characters (at least one space).
  func padding(to width: Int) -> String {
    self + String(repeating: " ", count: max(1, width - count))
  }
}
