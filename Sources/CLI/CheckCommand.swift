import Foundation
import ProgressRender

/// `progress-render check MANIFEST --golden DIR`: renders every asset into a temporary folder and
/// compares each with `DIR/<out>` using the differ; one combined report.
struct CheckCommand: Command {
  let name = "check"
  let summary = "Render a manifest into a temporary folder and diff every asset against its golden."
  let usage = [
    "check MANIFEST --golden DIR [--out DIR] [--junit FILE] [--update] [--jobs N] [options]"
  ]
  let details = [
    "Each asset's golden is DIR/<its \"out\" path>; a missing golden counts as different (a new asset). --out DIR\n"
      + "writes report.json and report.html listing every asset, with each differing asset's diff artifacts in\n"
      + "DIR/assets/NNNN/. --update copies the fresh renders over the goldens that differ or are missing.",
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
      OptionSpec.flag("--update", "Make the fresh renders the new goldens; exits 0 unless a render failed."),
    ] + DiffCommand.toleranceOptions + BatchCommand.runOptions

  func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
    let manifest = try BatchCommand.manifest(arguments, command: name)
    guard let goldenFolder = arguments.text("--golden") else {
      throw UsageError.missingOption(option: "--golden DIR", expected: "the folder of committed goldens")
    }
    try CheckCommand.checkDestinations(arguments, golden: goldenFolder)
    let shard = try BatchCommand.shard(arguments)
    let temporary = FileManager.default.temporaryDirectory.path
    Leftovers.removeAbandoned(in: temporary, prefix: "progress-render-check-")
    let scratch = temporary + "/progress-render-check-\(getpid())"
    try? FileManager.default.removeItem(atPath: scratch)
    guard (try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)) != nil else {
      throw CommandFailure(description: "cannot create the temporary folder '\(scratch)'")
    }
    TemporaryPaths.register(scratch)  // removed on SIGINT/SIGTERM too
    defer {
      try? FileManager.default.removeItem(atPath: scratch)
      TemporaryPaths.unregister(scratch)
    }
    let planner = BatchPlanner(manifest: manifest, outputRoot: scratch)
    guard let planned = BatchCommand.plan(manifest, outputRoot: scratch, arguments: arguments, console: console) else {
      return .usage
    }
    let assets = BatchCommand.select(planned, shard: shard).map(\.asset)

    let quiet = arguments.has("--quiet")
    let results = BatchCommand.runner(arguments, force: true).run(
      assets, lock: BatchLock(), progress: BatchCommand.progress(quiet: quiet, console: console))
    let options = DiffCommand.diffOptions(arguments)
    let reportFolder = arguments.text("--out")
    var entries: [BatchCheckReport.Asset] = []
    for (asset, result) in zip(assets, results) {
      let golden = BatchManifest.join(goldenFolder, asset.name)
      guard result.status == .rendered else {
        entries.append(
          BatchCheckReport.Asset(
            index: asset.index, out: asset.name, golden: golden, verdict: .failed,
            summary: result.message ?? "not rendered"))
        continue
      }
      entries.append(
        BatchChecker.compare(
          index: asset.index, name: asset.name, rendered: planner.outputPath(asset.name), golden: golden,
          options: options, reportFolder: reportFolder))
    }
    let report = BatchCheckReport(assets: entries)
    do {
      if let reportFolder {
        try? FileManager.default.createDirectory(atPath: reportFolder, withIntermediateDirectories: true)
        try AtomicFile.write(try report.json(), to: (reportFolder as NSString).appendingPathComponent("report.json"))
        try AtomicFile.write(
          Array(report.html().utf8), to: (reportFolder as NSString).appendingPathComponent("report.html"))
      }
      if let junit = arguments.text("--junit") { try AtomicFile.write(Array(report.junit().utf8), to: junit) }
    } catch {
      throw CommandFailure(description: String(describing: error))
    }
    for asset in report.assets where asset.verdict != .same {
      console.line("\(asset.verdict.rawValue): assets[\(asset.index)] \(asset.out): \(asset.summary)")
    }
    if !quiet { console.line(report.summary) }
    guard arguments.has("--update") else { return report.verdict == .same ? .success : .failure }
    var status = ExitStatus.success
    for asset in report.assets where asset.verdict == .different || asset.verdict == .new {
      do {
        try BatchChecker.update(golden: asset.golden, with: planner.outputPath(asset.out))
        if !quiet { console.line("updated: assets[\(asset.index)] \(asset.golden)") }
      } catch {
        console.error("assets[\(asset.index)] (\(asset.out)): \(error)")
        status = .failure
      }
    }
    return report.count(.failed) > 0 ? .failure : status
  }

  /// Checks, before anything renders, that the reports can be written where asked (`--out` a
  /// folder or creatable, `--junit` a file in an existing writable folder) and that `--golden` is a
  /// folder (writable with `--update`).
  /// - Throws: `UsageError.input` naming the option and the path.
  private static func checkDestinations(_ arguments: ParsedArguments, golden: String) throws {
    do {
      if let folder = arguments.text("--out") { try ReportDestination.checkFolder(folder, named: "--out '\(folder)'") }
      if let junit = arguments.text("--junit") { try ReportDestination.checkFile(junit, named: "--junit '\(junit)'") }
      var isFolder: ObjCBool = false
      if arguments.has("--update") {
        try ReportDestination.checkFolder(golden, named: "--golden '\(golden)'")
      } else if FileManager.default.fileExists(atPath: golden, isDirectory: &isFolder), !isFolder.boolValue {
        throw UsageError.input("--golden '\(golden)' is a file, not a folder; give the folder of goldens")
      }
    } catch let problem as ReportDestination.Problem {
      throw UsageError.input(problem.description)
    }
  }
}
