import ProgressRender

/// `progress-render describe STYLE`: a preset (or a style file) as canonical JSON, the format
/// `--style-file` reads back. `describe NAME` prints the preset's file `Resources/presets/NAME.json`
/// byte for byte; `describe NAME > s.json` then `--style-file s.json` renders the same bytes.
struct DescribeCommand: Command {
  let name = "describe"
  let summary = "Print a style as JSON (tracks, keyframes, easing, colours, geometry)."
  let usage = ["describe STYLE", "describe --style-file FILE"]
  let details = [
    "The JSON is canonical: sorted keys, two-space indents, a trailing newline. Edit it and render it\n"
      + "with --style-file; 'describe --style-file FILE' prints a file in the same canonical form."
  ]
  let options = [OptionSpec(RenderOption.style[1])]
  let operands = ValueCompletion.words(Presets.names)

  func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
    let source: StyleSource
    switch (arguments.positionals.count, arguments.text("--style-file")) {
    case (0, nil):
      throw UsageError.missingArgument("a style name: " + Presets.names.joined(separator: ", "), command: name)
    case (1, nil):
      if let json = Presets.source(named: arguments.positionals[0]) {
        console.writeOut(json)
        return .success
      }
      source = try DescribeCommand.load { () throws(RenderError) in
        try StyleSource(presetNamed: arguments.positionals[0])
      }
    case (0, let path?):
      source = try DescribeCommand.load { () throws(RenderError) in try StyleSource(filePath: path) }
    case (_, nil):
      throw UsageError.unexpectedArgument(arguments.positionals[1], command: name)
    case (_, .some):
      throw UsageError.conflicting("STYLE", "--style-file")
    }
    console.writeOut(try source.style.canonicalJSON())
    return .success
  }

  /// A style source, its error as a command-line error.
  private static func load(_ source: () throws(RenderError) -> StyleSource) throws(UsageError) -> StyleSource {
    do {
      return try source()
    } catch {
      throw UsageError(error)
    }
  }
}
