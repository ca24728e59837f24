import Foundation
import ProgressRender

/// `progress-render diff EXPECTED ACTUAL [options]`: compares two animations (GIF, WebP, APNG, PNG,
/// folder of PNG frames, or Lottie file painted as `render` paints it) as they are displayed. The library's `DiffRun` does the work; this command parses,
/// prints what the run says, names the option a bad destination came from, and exits.
struct DiffCommand: Command {
  let name = "diff"
  let summary = "Compare animations, PNGs, frame folders or Lottie files; exit 0 same, 1 different, 2 bad input."
  let usage = ["diff EXPECTED ACTUAL [options]", "diff - ACTUAL [options] < expected.gif"]
  let details = [
    "Each side is a GIF, a WebP, an APNG, a PNG, or a folder of PNG frames (frame-0000.png …), in any pairing,\n"
      + "told apart by content; '-' as one side reads a file from standard input. Animated frames are composited with\n"
      + "their disposal modes and compared by display time, so a GIF that merged identical frames lines up with a\n"
      + "folder of every frame; a folder's N frames are spread evenly over the animation's duration (WebP and APNG\n"
      + "times are compared in centiseconds).",
    "A Lottie file (.json or dotLottie .lottie, told apart by content) is painted as 'render --lottie' paints it.\n"
      + "Two Lottie files are painted on one canvas at one rate (EXPECTED's w×h and frame rate, or --size and\n"
      + "--fps), every frame from ip; one that is longer has extra frames. Against a GIF, WebP or APNG the Lottie\n"
      + "file is painted at its size, at the start of each of its frames; against a frames folder at the folder's\n"
      + "size and the file's own rate (or --fps); against one PNG, the still render takes (the end).",
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
        "--report-frames", .text, "N|all",
        "Differing frames --out shows in full, worst first (default 12, at most 1000)."),
      OptionSpec("--junit", .path, "FILE", "Write a JUnit XML report."),
      OptionSpec.flag("--update", "Make ACTUAL the new baseline at EXPECTED (or record a missing one); exit 0."),
      OptionSpec.flag("--quiet", "Print no summary line (errors and notes still go to stderr)."),
      OptionSpec.flag("--json", "Print the report (summary, every frame's result) as JSON on stdout, as check --json."),
      OptionSpec(
        "--size", .canvas(1...RenderSettings.maxPixelSize, unit: "pixels"), "PX",
        "Canvas of two Lottie sides (default: EXPECTED's w×h)."),
      OptionSpec(
        "--fps",
        .number(
          lower: RenderSettings.minFPS, lowerOpen: false, upper: RenderSettings.maxFPS, unit: "frames per second"),
        "FPS", "Rate of Lottie sides, vs a Lottie or frames folder (default: own)."),
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

  /// `diffOptions` with `diff`'s own `--size` and `--fps`, the canvas and rate of Lottie sides.
  static func lottieDiffOptions(_ arguments: ParsedArguments) throws(UsageError) -> DiffOptions {
    var options = try diffOptions(arguments)
    switch arguments.values["--size"] {
    case .integer(let side): (options.lottieWidth, options.lottieHeight) = (side, side)
    case .canvas(let width, let height): (options.lottieWidth, options.lottieHeight) = (width, height)
    default: break
    }
    options.lottieFPS = arguments.number("--fps")
    return options
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
    guard paths.contains("-") else { return try compare(paths[0], paths[1], arguments, console: console) }
    if paths == ["-", "-"] {
      throw UsageError.input("diff: only one of EXPECTED and ACTUAL can be '-' (standard input)")
    }
    if paths[0] == "-", arguments.has("--update") {
      throw UsageError.input("--update cannot make standard input ('-') the baseline; give EXPECTED as a path")
    }
    return try BatchCheck.withScratchFolder { scratch in
      let path = scratch + "/standard-input"
      try DiffCommand.copyStandardInput(to: path)
      do {
        return try compare(
          paths[0] == "-" ? path : paths[0], paths[1] == "-" ? path : paths[1], arguments, console: console,
          renaming: path)
      } catch {
        throw RenamedPathError(error, path: path, as: DiffCommand.standardInputName)
      }
    }
  }

  /// What messages call standard input.
  private static let standardInputName = "- (standard input)"

  /// Copies standard input (at most `DecodeLimits.standard.maxFileBytes`, 64 KiB at a time) into
  /// `path`, once its first bytes show a GIF, a WebP, or a PNG or APNG; the differ then reads the
  /// file as it reads any other.
  /// - Throws: `UsageError` when standard input is a terminal or a folder, too large, or none of
  ///   those formats (refused before the rest is read).
  private static func copyStandardInput(to path: String) throws {
    let limit = DecodeLimits.standard.maxFileBytes
    do {
      try InputFile.copyStandardInput(to: path, limit: limit, headCount: 12) { head in
        if head.starts(with: Array("GIF8".utf8)) || head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
          || (head.count == 12 && head.starts(with: Array("RIFF".utf8)) && Array(head[8...]) == Array("WEBP".utf8))
        {
          return nil
        }
        return "is not a GIF, WebP, APNG or PNG (\(head.isEmpty ? "it is empty" : "by its first bytes")); "
          + "pipe one of those into it"
      }
    } catch {
      let remedy =
        error.message.hasPrefix("is a terminal")
        ? "; pipe a GIF, WebP, APNG or PNG into it"
        : error.message.hasPrefix("is a folder") ? "; pipe a file into it" : ""
      throw UsageError.input("diff: \(standardInputName) \(error.message)\(remedy)")
    }
  }

  /// Runs the differ on two paths and prints what it says (`renaming` a temporary path as `-`).
  private func compare(
    _ expected: String, _ actual: String, _ arguments: ParsedArguments, console: Console, renaming: String? = nil
  ) throws -> ExitStatus {
    let run = DiffRun(
      expected: expected, actual: actual, options: try DiffCommand.lottieDiffOptions(arguments),
      reportFolder: arguments.text("--out"), junitFile: arguments.text("--junit"), update: arguments.has("--update"),
      reportFrames: try DiffCommand.reportFrames(arguments))
    let quiet = arguments.has("--quiet")
    let json = arguments.has("--json")
    let rename = { (text: String) in
      renaming.map { text.replacingOccurrences(of: $0, with: DiffCommand.standardInputName) } ?? text
    }
    let outcome: DiffRun.Outcome
    do {
      outcome = try run.run { message in
        switch message {
        case .line(let text): if !quiet && !json { console.line(rename(text)) }
        case .note(let text): console.writeErr("\(CommandLineTool.name): note: \(QuotedText.escaped(rename(text)))\n")
        case .report(let report):
          if json, let bytes = try? DiffReportWriter.json(report) {
            console.writeOut(rename(String(decoding: bytes, as: UTF8.self)))
          }
        }
      }
    } catch let error as DiffError {
      throw UsageError.input(
        DiffCommand.option(for: error.subject).map { $0 + " " + error.description } ?? error.description)
    }
    return outcome == .different ? .failure : .success
  }

  /// The option that names a destination in messages.
  private static func option(for destination: DiffError.Subject) -> String? {
    switch destination {
    case .reportFolder: return "--out"
    case .junitFile: return "--junit"
    case .baseline: return "--update"
    case .ignore: return "--ignore"
    case .lottieSize: return "--size"
    case .lottieFPS: return "--fps"
    case .input: return nil
    }
  }
}
