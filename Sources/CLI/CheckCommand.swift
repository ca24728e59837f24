import Foundation
import ProgressRender

/// `progress-render check MANIFEST --golden DIR`: renders every asset into a temporary folder and
/// compares each with `DIR/<out>` using the differ; one combined report.
struct CheckCommand: Command {
  let name = "check"
  let summary = "Render a manifest into a temporary folder and diff every asset against its golden."
  let usage = [
    "check MANIFEST --golden DIR [--out DIR] [--junit FILE] [--update] [--quiet | --json] [options]"
  ]
  let details = [
    "Each asset's golden is DIR/<its \"out\" path>; a missing golden counts as different (a new asset). --out DIR\n"
      + "writes report.json and report.html listing every asset, with each differing asset's diff artifacts in\n"
      + "DIR/assets/NNNN/ (its worst frame as the thumbnail; a new asset's middle frame as a preview): one folder\n"
      + "to upload and open anywhere. --update copies the fresh renders over the goldens that differ or are missing.",
    "An entry's \"ignore\": [[x, y, w, h], …] leaves rectangles of that asset out of the comparison (with --ignore).",
    "Outputs follow the rule of 'batch' (inside the manifest's folder unless --allow-outside, no two writing\n"
      + "the same place) though they are rendered into a temporary folder; each must be a path relative to the\n"
      + "manifest, which names its golden.",
    "Exit status: 0 every asset is the same (or --update refreshed them), 1 some differ, are new or failed\n"
      + "to render, or a report could not be written, 2 bad manifest or options (report destinations included:\n"
      + "checked before anything renders).",
  ]
  let options =
    [
      OptionSpec("--golden", .path, "DIR", "Folder of committed goldens, laid out like the manifest's outputs."),
      OptionSpec("--out", .path, "DIR", "Write the combined report (report.json, report.html, artifacts) here."),
      OptionSpec("--junit", .path, "FILE", "Write a JUnit XML report: one test case per asset."),
      OptionSpec(
        "--report-frames", .text, "N|all",
        "Differing frames each asset's report shows in full (default 12, at most 1000)."),
      OptionSpec.flag("--update", "Make the fresh renders the new goldens; exits 0 unless a render failed."),
      OptionSpec.flag("--json", "Print the report (every asset's verdict and summary) as JSON on stdout."),
    ] + DiffCommand.toleranceOptions + BatchCommand.runOptions

  func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
    let manifest = try BatchCommand.manifest(arguments, command: name)
    guard let goldenFolder = arguments.text("--golden") else {
      throw UsageError.missingOption(option: "--golden DIR", expected: "the folder of committed goldens")
    }
    try CheckCommand.checkDestinations(arguments, golden: goldenFolder)
    let shard = try BatchCommand.shard(arguments)
    var check = BatchCheck(
      goldenFolder: goldenFolder, options: try DiffCommand.diffOptions(arguments),
      reportFolder: arguments.text("--out"),
      junitFile: arguments.text("--junit"), reportFrames: try DiffCommand.reportFrames(arguments))
    check.acceptCommand = CheckCommand.acceptCommand(Array(CommandLine.arguments.dropFirst()))
    let json = arguments.has("--json")
    let quiet = arguments.has("--quiet")
    return try BatchCheck.withScratchFolder { scratch in
      guard let planned = BatchCommand.plan(manifest, outputRoot: scratch, arguments: arguments, console: console)
      else { return .usage }
      let selected = BatchCommand.select(planned, shard: shard)
      if !quiet { selected.flatMap(\.warnings).forEach(console.warning) }
      try CheckCommand.checkRegions(planned.map(\.asset), commandLine: check.options.ignore)
      if arguments.has("--update") {
        let problems = check.goldenProblems(
          planned, manifest: manifest, allowOutside: arguments.has("--allow-outside"))
        guard problems.isEmpty else {
          problems.forEach(console.error)
          return .usage
        }
      }
      let report = try check.run(
        selected.map(\.asset), renderedIn: scratch,
        runner: BatchCommand.runner(arguments, force: true),
        progress: BatchCommand.progress(quiet: quiet, console: console))
      if json {
        console.writeOut(String(decoding: try report.json(), as: UTF8.self))
      } else {
        // Quiet prints nothing on success: the lines of assets that differ or are new only when the
        // check fails (not when --update makes them the goldens).
        if !quiet || (!arguments.has("--update") && report.verdict != .same) {
          for asset in report.assets where asset.verdict != .same { console.line(asset.line) }
        }
        if !quiet { console.line(report.summary) }
      }
      guard arguments.has("--update") else { return report.verdict == .same ? .success : .failure }
      var status = ExitStatus.success
      for update in check.updateGoldens(report, renderedIn: scratch) {
        switch update.outcome {
        case .written:
          if !quiet, !json { console.line("updated: assets[\(update.asset.index)] \(update.asset.golden)") }
        case .failed(let message):
          console.error("assets[\(update.asset.index)] (\(update.asset.out)): \(message)")
          status = .failure
        }
      }
      return report.count(.failed) > 0 ? .failure : status
    }
  }

  /// Checks, before anything renders, that every region to ignore (`--ignore` and each entry's
  /// `ignore`) lies inside the asset's frames.
  /// - Throws: `UsageError.input` naming the option or the entry and the region.
  private static func checkRegions(_ assets: [BatchAsset], commandLine: [IgnoreRegion]) throws {
    for asset in assets {
      let (width, height) = (asset.job.settings.pixelSize, asset.job.settings.pixelHeight)
      for region in commandLine {
        if let problem = region.problem(named: "--ignore '\(region)'", width: width, height: height) {
          throw UsageError.input(problem + " (assets[\(asset.index)] \(asset.name))")
        }
      }
      for (n, region) in asset.ignore.enumerated() {
        let name = "assets[\(asset.index)].ignore[\(n)] [\(region)] (\(asset.name))"
        if let problem = region.problem(named: name, width: width, height: height) { throw UsageError.input(problem) }
      }
    }
  }

  /// The command that accepts this run's renders: the same command line without its report options
  /// (`--out`, `--junit`, `--json`, `--quiet`), with `--update`, each word quoted for a POSIX shell
  /// where it needs it.
  /// - Parameter arguments: the process's arguments after the tool's name.
  static func acceptCommand(_ arguments: [String]) -> String {
    var words: [String] = []
    var skipValue = false
    for word in arguments {
      if skipValue {
        skipValue = false
        continue
      }
      if ["--out", "-o", "--junit"].contains(word) {
        skipValue = true
        continue
      }
      if ["--json", "--quiet", "-q", "--update"].contains(word) || word.hasPrefix("--out=")
        || word.hasPrefix("--junit=")
      {
        continue
      }
      words.append(word)
    }
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./_-")
    let quoted = words.map { word in
      !word.isEmpty && word.allSatisfy(safe.contains)
        ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    return ([CommandLineTool.name] + quoted + ["--update"]).joined(separator: " ")
  }

  /// Checks, before anything renders, that the reports can be written where asked (`--out` a
  /// folder or creatable, `--junit` a file in an existing writable folder) and that `--golden` is a
  /// folder (writable with `--update`).
  /// - Throws: `ReportDestination.Problem` or `UsageError.input` naming the option and the path.
  private static func checkDestinations(_ arguments: ParsedArguments, golden: String) throws {
    if let folder = arguments.text("--out") { try ReportDestination.checkFolder(folder, named: "--out '\(folder)'") }
    if let junit = arguments.text("--junit") {
      // `--out` is created before the JUnit file is written, so `--junit report/junit.xml` may name it.
      try ReportDestination.checkFile(junit, named: "--junit '\(junit)'", createdFolder: arguments.text("--out"))
    }
    var isFolder: ObjCBool = false
    if arguments.has("--update") {
      try ReportDestination.checkFolder(golden, named: "--golden '\(golden)'")
    } else if FileManager.default.fileExists(atPath: golden, isDirectory: &isFolder), !isFolder.boolValue {
      throw UsageError.input("--golden '\(golden)' is a file, not a folder; give the folder of goldens")
    }
  }
}
