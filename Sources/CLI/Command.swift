/// One subcommand of the tool: its name, help and option table, and what it does.
///
/// To add a command, write `NameCommand.swift` conforming to this protocol and add one line
/// to `CommandLineTool.commands`.
protocol Command: Sendable {
  /// The word that selects it: `render`, `styles`, ….
  var name: String { get }
  /// One line for the command list.
  var summary: String { get }
  /// Usage lines without the program name: `describe STYLE`.
  var usage: [String] { get }
  /// Paragraphs printed after the usage in `--help` (may be empty).
  var details: [String] { get }
  /// The options it accepts (`--help` is implicit).
  var options: [OptionSpec] { get }
  /// What its operands (the words that are not options) complete to in a shell; `.files` unless it says.
  var operands: ValueCompletion { get }

  /// Runs the command.
  /// - Parameters:
  ///   - arguments: the parsed options and positional words.
  ///   - console: where to print.
  /// - Returns: the exit status.
  /// - Throws: `UsageError` for bad input, or a library error whose description names the input.
  func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus
}
