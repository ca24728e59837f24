import ProgressRender

/// The tool's entry point: picks the command, handles `--help` and `--version`, prints errors.
///
/// `progress-render --style X --out Y …` (first word an option) is the same as
/// `progress-render render --style X --out Y …`.
enum CommandLineTool {
  /// The program name used in messages.
  static let name = "progress-render"

  /// The commands whose options this tool parses, in the order `--help` lists them.
  /// To add one, write `NameCommand.swift` conforming to `Command` and add a line.
  static let commands: [any Command] = [
    RenderCommand(),
    StylesCommand(),
    DescribeCommand(),
    BatchCommand(),
    CheckCommand(),
    DiffCommand(),
    CompletionsCommand(),
  ]

  /// The options of the tool itself, given as its first word.
  static let toolFlags = [
    OptionSpec.helpFlag,
    OptionSpec.versionFlag,
    OptionSpec.flag("--help-man", "Print the manual page (roff) and exit."),
  ]

  /// The names of all commands.
  static var commandNames: [String] { commands.map(\.name) }

  /// Runs the tool.
  /// - Parameters:
  ///   - arguments: the command line without the program name.
  ///   - console: where to print.
  /// - Returns: the exit status; 1 when a write to the process's standard output failed (see
  ///   `StandardStreams.finalStatus`).
  static func main(_ arguments: [String], console: Console = .standard) -> ExitStatus {
    StandardStreams.finalStatus(dispatch(arguments, console: console))
  }

  /// Runs the command `arguments` name.
  private static func dispatch(_ arguments: [String], console: Console) -> ExitStatus {
    guard let first = arguments.first else {
      console.error("no command given; try '\(name) --style wave --out loading.gif' or see '\(name) --help'")
      return .usage
    }
    switch first {
    case "--version", "-V":
      console.line("\(name) \(ProgressRenderVersion.string)")
      return .success
    case "--help-man":
      console.writeOut(ManPage.page(commands))
      return .success
    case "--help", "-h", "help":
      if first == "help", arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
        console.writeOut(HelpText.command(command))
      } else {
        console.writeOut(HelpText.overview(commands))
      }
      return .success
    default:
      break
    }
    if first.hasPrefix("-") {
      return run(RenderCommand(), arguments, console: console)
    }
    guard let command = commands.first(where: { $0.name == first }) else {
      report(
        UsageError.unknownCommand(first, suggestion: NearestWord.suggestion(for: first, among: commandNames)),
        command: nil, console: console)
      return .usage
    }
    return run(command, Array(arguments.dropFirst()), console: console)
  }

  /// Parses and runs one command; prints help when `--help` (`-h`) is among its options, else the
  /// version when `--version` (`-V`) is.
  private static func run(_ command: any Command, _ arguments: [String], console: Console) -> ExitStatus {
    let options = arguments.prefix(while: { $0 != "--" })
    if options.contains(where: { $0 == "--help" || $0 == "-h" }) {
      console.writeOut(HelpText.command(command))
      return .success
    }
    if options.contains(where: { $0 == "--version" || $0 == "-V" }) {
      console.line("\(name) \(ProgressRenderVersion.string)")
      return .success
    }
    do {
      let parsed = try ArgumentParser(options: command.options).parse(arguments)
      return try command.run(parsed, console: console)
    } catch {
      report(error, command: command, console: console)
      return ExitStatus(for: error)
    }
  }

  /// Prints an error as one line; a usage error that `--help` answers ends with a pointer to it
  /// (`…; see 'progress-render render --help'`).
  private static func report(_ error: any Error, command: (any Command)?, console: Console) {
    var line = String(describing: error)
    if let usage = error as? UsageError, usage.helpIsTheAnswer {
      line += "; " + helpPointer(command)
    }
    console.error(line)
  }

  /// `see 'progress-render render --help'` (or the tool's `--help` without a command).
  private static func helpPointer(_ command: (any Command)?) -> String {
    "see '" + (command.map { "\(name) \($0.name) --help" } ?? "\(name) --help") + "'"
  }
}
