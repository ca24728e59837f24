import Foundation
import ProgressRender
import Testing

@testable import progress_render

/// `progress-render completions bash|zsh|fish`: the scripts the built binary prints, driven by the
/// shells themselves (bash's completion function with COMP_WORDS, zsh's line editor on a
/// pseudo-terminal, fish's `complete -C`) over one table of cases. A shell that is not installed
/// skips its tests (scripts/setup-tests installs them).
@Suite struct CompletionTests {
  /// What completing the last word of a command line offers, in a folder holding `file.gif`,
  /// `film.json` and a folder `goldens/` (file and folder values).
  struct Case: CustomTestStringConvertible, Sendable {
    let words: [String]
    let expected: [String]
    var testDescription: String { words.joined(separator: " ") + " → " + expected.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(words: ["--sty"], expected: ["--style", "--style-file"]),
    Case(words: ["--style", "w"], expected: ["wave"]),
    Case(words: ["--style", ""], expected: Presets.names.sorted()),
    Case(words: ["render", "--style", "do"], expected: ["dots", "download"]),
    Case(words: ["--style", "=", "w"], expected: ["wave"]),
    Case(words: ["diff", "--th"], expected: ["--threshold"]),
    Case(words: ["check", "--th"], expected: ["--threshold"]),
    Case(words: ["di"], expected: ["diff"]),
    Case(words: ["describe", "co"], expected: ["countdown"]),
    Case(words: ["completions", ""], expected: ["bash", "fish", "zsh"]),
    Case(words: ["--variant", ""], expected: ["pie", "ring"]),
    Case(words: ["--out", "fi"], expected: ["file.gif", "film.json"]),
    Case(words: ["check", "x.json", "--golden", "g"], expected: ["goldens"]),
    Case(words: ["batch", "film"], expected: ["film.json"]),
    Case(words: ["--size", ""], expected: []),
    Case(words: ["styles", "--"], expected: ["--help"]),
    Case(words: ["--vers"], expected: ["--version"]),
    Case(words: ["--help-m"], expected: ["--help-man"]),
    Case(words: ["-o", "fi"], expected: ["file.gif", "film.json"]),
    Case(words: ["render", "-o", "fi"], expected: ["file.gif", "film.json"]),
    Case(words: ["diff", "a.gif", "b.gif", "-o", "g"], expected: ["goldens"]),
    Case(words: ["--format", "g"], expected: ["gif"]),
    Case(words: ["--format", ""], expected: OutputFormat.allCases.map(\.rawValue).sorted()),
    Case(words: ["--style", "m"], expected: ["material", "material4"]),
    Case(words: ["styles", "-"], expected: ["--help", "-h"]),
    Case(words: ["-"], expected: names(CommandLineTool.commands[0].options + CommandLineTool.toolFlags)),
    Case(words: ["batch", "-"], expected: names(BatchCommand().options + [OptionSpec.helpFlag])),
  ]

  /// Every name of `options`, long and short, sorted: what `-` alone completes to.
  private static func names(_ options: [OptionSpec]) -> [String] {
    Set(options.flatMap(\.names)).sorted()
  }

  /// A scratch folder with the completion script written by the binary and the files above.
  private static func scratch(_ shell: String) throws -> (Binary, script: String) {
    let scratch = try Binary()
    let result = try scratch.run(["completions", shell])
    #expect(result.status == 0)
    #expect(result.err.isEmpty)
    scratch.write("script." + shell, result.out)
    #expect(FileManager.default.createFile(atPath: scratch.work + "/file.gif", contents: Data()))
    #expect(FileManager.default.createFile(atPath: scratch.work + "/film.json", contents: Data()))
    try FileManager.default.createDirectory(atPath: scratch.work + "/goldens", withIntermediateDirectories: false)
    return (scratch, scratch.root + "/script." + shell)
  }

  /// Runs `shell` with `arguments` in `folder`; nil when the shell is not installed.
  private static func run(_ shell: String, _ arguments: [String], in folder: String) throws -> Binary.Result? {
    guard
      let path = ["/usr/bin/", "/bin/", "/usr/local/bin/"].map({ $0 + shell }).first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = URL(fileURLWithPath: Binary.path).deletingLastPathComponent().path + ":/usr/bin:/bin"
    process.environment = environment
    return try Binary.capture(process)
  }

  /// Calls the function bash's `complete -p progress-render` names, as bash would for `words`.
  private static let bashDriver = """
    source "$1"; shift
    COMP_WORDS=(progress-render "$@"); COMP_CWORD=$#
    COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
    spec=$(complete -p progress-render) || exit 3
    function=${spec##*-F }; function=${function%% *}
    "$function" progress-render "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf '%s\\n' "${COMPREPLY[@]}"
    """

  private static func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init)
  }

  @Test(arguments: cases) func bashCompletes(_ test: Case) throws {
    let (scratch, script) = try Self.scratch("bash")
    defer { scratch.remove() }
    let result = try #require(
      try Self.run("bash", ["-c", Self.bashDriver, "bash", script] + test.words, in: scratch.work))
    #expect(result.err == "")
    #expect(Self.lines(result.out).sorted() == test.expected)
  }

  /// Every option of every command, and every command, completes from its first letters (a short
  /// option from `-`): the script is generated from the option tables, so an option added there
  /// needs no other edit.
  @Test func bashCompletesEveryOptionOfEveryCommand() throws {
    let (scratch, script) = try Self.scratch("bash")
    defer { scratch.remove() }
    var driver =
      "source \"$1\"\nspec=$(complete -p progress-render); function=${spec##*-F }; function=${function%% *}\n"
    var expected: [String] = []
    for command in CommandLineTool.commands {
      for option in command.options + [OptionSpec.helpFlag] {
        for name in option.names {
          let prefix = String(name.prefix(name.count - 1))
          driver +=
            "COMP_WORDS=(progress-render \(command.name) \(prefix)); COMP_CWORD=2; \"$function\"; "
            + "printf '\(command.name) %s\\n' \"${COMPREPLY[@]}\"\n"
          expected.append("\(command.name) \(name)")
        }
      }
      driver +=
        "COMP_WORDS=(progress-render \(command.name)); COMP_CWORD=1; \"$function\"; printf 'command %s\\n' \"${COMPREPLY[@]}\"\n"
      expected.append("command \(command.name)")
    }
    let result = try #require(try Self.run("bash", ["-c", driver, "bash", script], in: scratch.work))
    #expect(result.err == "")
    let offered = Set(Self.lines(result.out))
    for line in expected {
      #expect(offered.contains(line), "\(line) not offered")
    }
  }

  /// The script as the README says to load it: `source <(progress-render completions bash)`.
  @Test func bashSourcesFromProcessSubstitution() throws {
    let (scratch, _) = try Self.scratch("bash")
    defer { scratch.remove() }
    let driver = """
      source <(progress-render completions bash)
      COMP_WORDS=(progress-render --style w); COMP_CWORD=2
      spec=$(complete -p progress-render); function=${spec##*-F }; function=${function%% *}
      "$function"; printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try #require(try Self.run("bash", ["-c", driver], in: scratch.work))
    #expect(result.out == "wave\n")
    #expect(result.err == "")
  }

  @Test func shellcheckFindsNothingInTheBashScript() throws {
    let (scratch, script) = try Self.scratch("bash")
    defer { scratch.remove() }
    guard let result = try Self.run("shellcheck", ["-s", "bash", script], in: scratch.work) else { return }
    #expect(result.status == 0, "\(result.out)")
  }

  @Test(arguments: cases) func fishCompletes(_ test: Case) throws {
    let (scratch, script) = try Self.scratch("fish")
    defer { scratch.remove() }
    // fish sees `--style=w` as one word; bash's split form is the same line without spaces.
    let line = (["progress-render"] + test.words).joined(separator: " ").replacingOccurrences(of: " = ", with: "=")
    guard
      let result = try Self.run(
        "fish", ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, line], in: scratch.work)
    else { return }
    #expect(result.err == "")
    // fish ends a folder's name with '/'.
    let offered = Self.lines(result.out).map { String($0.prefix { $0 != "\t" }) }.map {
      $0.hasSuffix("/") ? String($0.dropLast()) : $0
    }
    let expected = test.words.contains("=") ? test.expected.map { "--style=" + $0 } : test.expected
    #expect(offered.sorted() == expected.sorted())
  }

  @Test func fishParses() throws {
    let (scratch, script) = try Self.scratch("fish")
    defer { scratch.remove() }
    guard let result = try Self.run("fish", ["--no-config", "-n", script], in: scratch.work) else { return }
    #expect(result.status == 0)
    #expect(result.err == "")
  }

  /// Types a line and Tab into an interactive zsh on a pseudo-terminal (zpty) with the script
  /// loaded, and prints every match the completion system adds (`compadd` wrapped).
  private static let zshDriver = #"""
    zmodload zsh/zpty
    zpty z zsh -f -i
    local line
    run() {  # one command line in the shell, waiting until it is done
      local line
      zpty -w z "$1; print S''YNC$2"
      while zpty -r z line; do [[ $line == *SYNC$2* && $line != *"S''YNC"* ]] && break; done
    }
    run "PROMPT='@''@>'; RPROMPT=''; autoload -U compinit && compinit -u -D && source ${(q)1}" 1
    run 'compadd() { local -a m; builtin compadd -O m "$@"; (( $#m )) && print -rl -- M""ATCH:${^m}; builtin compadd "$@"; }' 2
    run "bindkey '^I' complete-word" 3
    zpty -r z line '*@@>*'  # the prompt: the line editor reads keys now (before, ^U would erase the line)
    zpty -n -w z "$2"$'\t'
    zpty -w z $'\C-u'"print D''ONE"
    while zpty -r z line; do
      [[ $line == *DONE* && $line != *"D''ONE"* ]] && break
      [[ $line == *MATCH:* ]] && print -r -- ${${line##*MATCH:}%%$'\r'*}
    done
    zpty -d z
    """#

  @Test(arguments: cases) func zshCompletes(_ test: Case) throws {
    let (scratch, script) = try Self.scratch("zsh")
    defer { scratch.remove() }
    let line = (["progress-render"] + test.words).joined(separator: " ").replacingOccurrences(of: " = ", with: "=")
    guard try Self.run("zsh", ["-c", "true"], in: scratch.work) != nil else { return }
    // `timeout`: a line editor that never answers must not hang the suite.
    let result = try #require(
      try Self.run(
        "timeout", ["-k", "5", "60", "zsh", "-f", "-c", Self.zshDriver, "zsh", script, line], in: scratch.work))
    #expect(result.err == "")
    #expect(Set(Self.lines(result.out)).sorted() == test.expected)
  }

  /// zsh offers an option once, in either form: after `-o x.gif`, neither `-o` nor `--out` again
  /// (`_arguments` exclusion groups), while the other options still are.
  @Test(arguments: ["-o x.gif -", "--out x.gif -", "diff a.gif b.gif -q -"])
  func zshOffersAnOptionGivenInOneFormInNeither(_ words: String) throws {
    let (scratch, script) = try Self.scratch("zsh")
    defer { scratch.remove() }
    guard try Self.run("zsh", ["-c", "true"], in: scratch.work) != nil else { return }
    let result = try #require(
      try Self.run(
        "timeout", ["-k", "5", "60", "zsh", "-f", "-c", Self.zshDriver, "zsh", script, "progress-render " + words],
        in: scratch.work))
    #expect(result.err == "")
    let offered = Set(Self.lines(result.out))
    let given = words.contains("-q") ? ["-q", "--quiet"] : ["-o", "--out"]
    #expect(offered.isDisjoint(with: given), "\(offered.sorted())")
    #expect(offered.isSuperset(of: ["-h", "--help"]), "\(offered.sorted())")
  }

  /// zsh parses the script, and sourcing it after `compinit` registers the function for the command.
  @Test func zshParsesAndRegisters() throws {
    let (scratch, script) = try Self.scratch("zsh")
    defer { scratch.remove() }
    guard let parsed = try Self.run("zsh", ["-n", script], in: scratch.work) else { return }
    #expect(parsed.status == 0)
    #expect(parsed.err == "")
    let registered = try #require(
      try Self.run(
        "zsh",
        [
          "-f", "-c", "autoload -U compinit && compinit -u -D && source $1 && print -r -- $_comps[progress-render]",
          "zsh", script,
        ],
        in: scratch.work))
    #expect(registered.out == "_progress-render\n")
    #expect(registered.err == "")
  }

  @Test(arguments: [
    (["completions"], "needs a shell: bash, zsh, fish"),
    (["completions", "tcsh"], "'tcsh' is not one of bash, zsh, fish"),
    (["completions", "bsh"], "did you mean 'bash'?"), (["completions", "bash", "zsh"], "unexpected argument 'zsh'"),
  ])
  func completionsRefusesBadShells(_ arguments: [String], _ message: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(arguments)
    #expect(result.status == 2)
    #expect(result.out.isEmpty)
    #expect(result.errLines.first?.contains(message) == true, "\(result.err)")
  }
}
