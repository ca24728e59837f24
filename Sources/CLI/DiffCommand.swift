import ProgressRender

/// `progress-render diff EXPECTED ACTUAL [options]`: compares two animations (GIF, PNG or folder of
/// PNG frames) as they are displayed. The library's `DiffRun` does the work; this command parses,
/// prints what the run says, names the option a bad destination came from, and exits.
struct DiffCommand: Command {
  let name = "diff"
  let summary = "Compare two GIFs, PNGs or frame folders as displayed; exit 0 same, 1 different, 2 bad input."
  let usage = ["diff EXPECTED ACTUAL [options]"]
  let details = [
    "Each side is a GIF, a PNG, or a folder of PNG frames (frame-0000.png …), in any pairing. GIF frames are\n"
      + "composited with their disposal modes and compared by display time, so a GIF that merged identical frames\n"
      + "lines up with a folder of every frame; a folder's N frames are spread evenly over the GIF's duration.",
    "--out DIR writes report.html (a strip of every frame's changed pixels; the worst --report-frames frames in\n"
      + "full, each PNG written once beside it), report.json and the PNGs: one folder to upload and open anywhere.\n"
      + "--ignore X,Y,W,H (repeatable) leaves a rectangle out; the per-frame budgets let small differences pass.",
    "--update makes ACTUAL the new baseline at EXPECTED, keeping EXPECTED's kind (a GIF is copied or re-encoded\n"
      + "over the old duration, a frames folder rewritten); it records a missing baseline, and exits 0.",
    "Exit status: 0 same within tolerance, 1 different or writing failed while running, 2 bad arguments,\n"
      + "unreadable input, or an output (--out, --junit, --update baseline) that cannot be written there.",
  ]
  let options =
    DiffCommand.toleranceOptions + [
      OptionSpec(
        "--out", .path, "DIR", "Write report.html (timeline of every frame, the worst in full), report.json, PNGs."),
      OptionSpec(
        "--report-frames", .text, "N|all", "Differing frames --out shows in full, worst first (default 12)."),
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
    OptionSpec(
      "--max-diff-pixels-per-frame", .integer(0...Int.max, unit: nil), "N",
      "A frame with at most N changed pixels passes."),
    OptionSpec(
      "--max-diff-percent-per-frame", .number(lower: 0, lowerOpen: false, upper: 100, unit: nil), "P",
      "A frame with at most P percent of its pixels changed passes."),
    OptionSpec.repeatable(
      "--ignore", .text, "X,Y,W,H", "Do not compare this rectangle (pixels from the top left); repeatable."),
  ]

  /// The differ's options from `toleranceOptions`.
  /// - Throws: `UsageError.invalidValue` for an `--ignore` value that is not a region.
  static func diffOptions(_ arguments: ParsedArguments) throws(UsageError) -> DiffOptions {
    var regions: [IgnoreRegion] = []
    for text in arguments.texts("--ignore") {
      guard let region = IgnoreRegion.parse(text) else {
        throw .invalidValue(
          option: "--ignore", text: text, reason: "is not a region", expected: IgnoreRegion.expectation)
      }
      regions.append(region)
    }
    return DiffOptions(
      threshold: arguments.number("--threshold") ?? 0.1, includeAntialiasing: arguments.has("--include-aa"),
      maxDiffPixels: arguments.integer("--max-diff-pixels"), maxDiffPercent: arguments.number("--max-diff-percent"),
      maxDiffPixelsPerFrame: arguments.integer("--max-diff-pixels-per-frame"),
      maxDiffPercentPerFrame: arguments.number("--max-diff-percent-per-frame"), ignore: regions)
  }

  /// `--report-frames N|all` (default 12).
  static func reportFrames(_ arguments: ParsedArguments) throws(UsageError) -> ReportFrames {
    guard let text = arguments.text("--report-frames") else { return .standard }
    guard let frames = ReportFrames.parse(text) else {
      throw .invalidValue(
        option: "--report-frames", text: text, reason: "is not a count",
        expected: "a whole number ≥ 1 or 'all' (default 12)")
    }
    return frames
  }

  func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
    let paths = arguments.positionals
    guard paths.count == 2 else {
      if paths.count > 2 { throw UsageError.unexpectedArgument(paths[2], command: name) }
      throw UsageError.missingArgument(
        paths.isEmpty ? "two paths, EXPECTED and ACTUAL" : "a second path, ACTUAL", command: name)
    }
    let run = DiffRun(
      expected: paths[0], actual: paths[1], options: try DiffCommand.diffOptions(arguments),
      reportFolder: arguments.text("--out"), junitFile: arguments.text("--junit"), update: arguments.has("--update"),
      reportFrames: try DiffCommand.reportFrames(arguments))
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
    } catch let error as IgnoreRegionError {
      throw UsageError.input("--ignore " + error.description)
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
