import ProgressRender

/// `progress-render diff EXPECTED ACTUAL [options]`: compares two animations (GIF, WebP, APNG, PNG or
/// folder of PNG frames) as they are displayed. The library's `DiffRun` does the work; this command parses,
/// prints what the run says, names the option a bad destination came from, and exits.
struct DiffCommand: Command {
  let name = "diff"
  let summary = "Compare two animations, PNGs or frame folders as displayed; exit 0 same, 1 different, 2 bad input."
  let usage = ["diff EXPECTED ACTUAL [options]"]
  let details = [
    "Each side is a GIF, a WebP, an APNG, a PNG, or a folder of PNG frames (frame-0000.png …), in any pairing,\n"
      + "told apart by content. Animated frames are composited with their disposal modes and compared by display\n"
      + "time, so a GIF that merged identical frames lines up with a folder of every frame; a folder's N frames are\n"
      + "spread evenly over the animation's duration (WebP and APNG times are compared in centiseconds).",
    "--update makes ACTUAL the new baseline at EXPECTED, keeping EXPECTED's kind (a GIF is copied or re-encoded\n"
      + "over the old duration, a frames folder rewritten); it records a missing baseline, and exits 0.",
    "Exit status: 0 same within tolerance, 1 different or writing failed while running, 2 bad arguments,\n"
      + "unreadable input, or an output (--out, --junit, --update baseline) that cannot be written there.",
  ]
  let options =
    DiffCommand.toleranceOptions + [
      OptionSpec(
        "--out", .path, "DIR", "Write expected/actual/diff PNGs of each differing frame, report.json, report.html."),
      OptionSpec("--junit", .path, "FILE", "Write a JUnit XML report."),
      OptionSpec.flag("--update", "Make ACTUAL the new baseline at EXPECTED (or record a missing one); exit 0."),
      OptionSpec.flag("--quiet", "Print no summary line (errors and notes still go to stderr)."),
    ]

  /// How strictly to compare: options `diff` and `check` share.
  static let toleranceOptions = [
    OptionSpec(
      "--threshold", .number(lower: 0, lowerOpen: false, upper: 1, unit: nil), "X",
      "Per-pixel tolerance on pixelmatch's YIQ scale (default 0.1; 0 = exact)."),
    OptionSpec.flag("--include-aa", "Count anti-aliased pixels as changed (by default they are counted apart)."),
    OptionSpec(
      "--max-diff-pixels", .integer(0...Int.max, unit: nil), "N", "Pass if at most N pixels changed, over all frames."),
    OptionSpec(
      "--max-diff-percent", .number(lower: 0, lowerOpen: false, upper: 100, unit: nil), "P",
      "Pass if at most P percent of all compared pixels changed."),
  ]

  /// The differ's options from `toleranceOptions`.
  static func diffOptions(_ arguments: ParsedArguments) -> DiffOptions {
    DiffOptions(
      threshold: arguments.number("--threshold") ?? 0.1, includeAntialiasing: arguments.has("--include-aa"),
      maxDiffPixels: arguments.integer("--max-diff-pixels"), maxDiffPercent: arguments.number("--max-diff-percent"))
  }

  func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
    let paths = arguments.positionals
    guard paths.count == 2 else {
      if paths.count > 2 { throw UsageError.unexpectedArgument(paths[2], command: name) }
      throw UsageError.missingArgument(
        paths.isEmpty ? "two paths, EXPECTED and ACTUAL" : "a second path, ACTUAL", command: name)
    }
    let run = DiffRun(
      expected: paths[0], actual: paths[1], options: DiffCommand.diffOptions(arguments),
      reportFolder: arguments.text("--out"), junitFile: arguments.text("--junit"), update: arguments.has("--update"))
    let quiet = arguments.has("--quiet")
    let outcome: DiffRun.Outcome
    do {
      outcome = try run.run { message in
        switch message {
        case .line(let text): if !quiet { console.line(text) }
        case .note(let text): console.writeErr("\(CommandLineTool.name): note: \(QuotedText.escaped(text))\n")
        }
      }
    } catch let error as DiffRunError {
      throw UsageError.input(DiffCommand.option(for: error.subject) + " " + error.description)
    }
    return outcome == .different ? .failure : .success
  }

  /// The option that names a destination in messages.
  private static func option(for destination: DiffRunError.Destination) -> String {
    switch destination {
    case .reportFolder: return "--out"
    case .junitFile: return "--junit"
    case .baseline: return "--update"
    }
  }
}
