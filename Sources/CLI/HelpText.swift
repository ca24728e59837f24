import ProgressRender

/// Builds `--help` text from the command table and the option declarations.
enum HelpText {
  /// Column at which option help starts.
  private static let helpColumn = 28

  /// The tool's overview: usage, commands, and the render options (the bare form's).
  static func overview(_ commands: [any Command]) -> String {
    let tool = CommandLineTool.name
    var lines = [
      "\(tool) \(ProgressRenderVersion.string) — renders animated progress indicators to GIF, WebP, APNG, PNG or Lottie.",
      "",
      "Usage: \(tool) [render] --style NAME --out PATH [options]",
      "       \(tool) COMMAND [options]",
      "       \(tool) --version",
      "",
      "Commands:",
    ]
    for command in commands {
      lines.append("  " + pad(command.name, to: 12) + command.summary)
    }
    lines += ["", "Run '\(tool) COMMAND --help' for a command's options. Options of 'render':"]
    lines += optionLines(RenderCommand().options + CommandLineTool.toolFlags)
    return lines.joined(separator: "\n") + "\n"
  }

  /// One command's help: usage, details, options with their ranges and the styles they act on.
  static func command(_ command: any Command) -> String {
    let tool = CommandLineTool.name
    var lines = command.usage.enumerated().map { index, usage in
      (index == 0 ? "Usage: " : "       ") + "\(tool) " + usage
    }
    lines += ["", command.summary]
    for paragraph in command.details {
      lines += ["", paragraph]
    }
    lines += ["", "Options:"]
    lines += optionLines(command.options + [OptionSpec.helpFlag, OptionSpec.versionFlag])
    return lines.joined(separator: "\n") + "\n"
  }

  /// Two-column option lines (`  -o, --out PATH` for an option with a short form); a style option
  /// gets a second line naming the presets it acts on.
  static func optionLines(_ options: [OptionSpec]) -> [String] {
    var lines: [String] = []
    for option in options {
      let left =
        "  " + (option.short.map { $0 + ", " } ?? "") + option.name
        + (option.valueName.isEmpty ? "" : " " + option.valueName)
      let range = shortRange(option.kind).map { " Range: \($0)." } ?? ""
      let start = left.count + 1 < helpColumn ? pad(left, to: helpColumn) : left + "\n" + pad("", to: helpColumn)
      lines.append(start + option.help + range)
      if let field = option.field {
        let names = Presets.all.filter { field.isHonoured(by: $0) }.map(\.name)
        lines.append(pad("", to: helpColumn) + "Styles: " + (names.isEmpty ? "none" : names.joined(separator: ", ")))
      }
    }
    return lines
  }

  /// `1…4096`, `0 < x ≤ 50`, `pie|ring`, or nil for kinds without a range.
  static func shortRange(_ kind: ValueKind) -> String? {
    let n = NumberText.short
    switch kind {
    case .integer(let range, _): return "\(range.lowerBound)…\(range.upperBound)"
    case .canvas(let range, _): return "\(range.lowerBound)…\(range.upperBound) or WxH"
    case .number(let lower, true, let upper, _): return "\(n(lower)) < x ≤ \(n(upper))"
    case .number(let lower, false, let upper, _): return "\(n(lower))…\(n(upper))"
    case .choice(let words): return words.joined(separator: "|")
    default: return nil
    }
  }

  private static func pad(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
  }
}
