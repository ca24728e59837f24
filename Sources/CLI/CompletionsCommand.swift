import ProgressRender

/// `progress-render completions bash|zsh|fish`: prints the shell's completion script, generated
/// from the command and option tables (so it always matches the binary that prints it).
struct CompletionsCommand: Command {
  /// The shells there is a script for.
  enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
  }

  let name = "completions"
  let summary = "Print the completion script for bash, zsh or fish."
  let usage = ["completions bash|zsh|fish"]
  let details = [
    "bash: source <(progress-render completions bash) in ~/.bashrc, or save it as\n"
      + "/usr/local/share/bash-completion/completions/progress-render.",
    "zsh: save it as _progress-render in a folder of $fpath (e.g. /usr/local/share/zsh/site-functions),\n"
      + "or source <(progress-render completions zsh) after compinit.",
    "fish: save it as ~/.config/fish/completions/progress-render.fish, or progress-render completions fish | source.",
  ]
  let options: [OptionSpec] = []
  let operands = ValueCompletion.words(Shell.allCases.map(\.rawValue))

  func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
    let shells = Shell.allCases.map(\.rawValue)
    guard let word = arguments.positionals.first else {
      throw UsageError.missingArgument("a shell: " + shells.joined(separator: ", "), command: name)
    }
    if arguments.positionals.count > 1 { throw UsageError.unexpectedArgument(arguments.positionals[1], command: name) }
    guard let shell = Shell(rawValue: word) else {
      throw UsageError.invalidChoice(
        option: name, text: word, choices: shells, suggestion: NearestWord.suggestion(for: word, among: shells))
    }
    console.writeOut(CompletionsCommand.script(for: shell))
    return .success
  }

  /// The script for `shell`, from the tool's commands and flags.
  static func script(for shell: Shell) -> String {
    let commands = CommandLineTool.commands
    let flags = CommandLineTool.toolFlags
    switch shell {
    case .bash: return BashCompletion.script(commands, toolFlags: flags)
    case .zsh: return ZshCompletion.script(commands, toolFlags: flags)
    case .fish: return FishCompletion.script(commands, toolFlags: flags)
    }
  }
}
