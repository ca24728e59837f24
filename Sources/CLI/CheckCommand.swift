import Foundation
import ProgressRender

/// `progress-render check MANIFEST --golden DIR`: renders every asset into a temporary folder and
/// compares each with `DIR/<out>` using the differ; one combined report.
struct CheckCommand: Command {
  let name = "check"
  let summary = "Render a manifest into a temporary folder and diff every asset against its golden."
  let usage = ["check MANIFEST --golden DIR [--out DIR] [--junit FILE] [--update] [--jobs N] [diff options]"]
  let details = [
    "Each asset's golden is DIR/<its \"out\" path>; a missing golden counts as different (a new asset). --out DIR\n"
      + "writes report.json and report.html listing every asset, with each differing asset's diff artifacts in\n"
      + "DIR/assets/NNNN/. --update copies the fresh renders over the goldens that differ or are missing.",
    "Exit status: 0 every asset is the same (or --update refreshed them), 1 some differ, are new or failed\n"
      + "to render, 2 bad manifest or options.",
  ]
  let options =
    [
      OptionSpec("--golden", .path, "DIR", "Folder of committed goldens, laid out like the manifest's outputs."),
      OptionSpec("--out", .path, "DIR", "Write the combined report (report.json, report.html, artifacts) here."),
      OptionSpec("--junit", .path, "FILE", "Write a JUnit XML report: one test case per asset."),
      OptionSpec.flag("--update", "Make the fresh renders the new goldens; exits 0 unless a render failed."),
      OptionSpec(
        "--threshold", .number(lower: 0, lowerOpen: false, upper: 1, unit: nil), "X",
        "Per-pixel tolerance of the differ (default 0.1; 0 = exact)."),
      OptionSpec(
        "--max-diff-pixels", .integer(0...Int.max, unit: nil), "N", "Pass an asset with at most N changed pixels."),
      OptionSpec(
        "--max-diff-percent", .number(lower: 0, lowerOpen: false, upper: 100, unit: nil), "P",
        "Pass an asset with at most P percent changed pixels."),
      OptionSpec.flag("--include-aa", "Count anti-aliased pixels as changed."),
    ] + BatchCommand.runOptions

  func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
    let manifest = try BatchCommand.manifest(arguments, command: name)
    guard let goldenFolder = arguments.text("--golden") else {
      throw UsageError.missingOption(option: "--golden DIR", expected: "the folder of committed goldens")
    }
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
    guard let planned = BatchCommand.plan(manifest, outputRoot: scratch, console: console) else { return .usage }
    let assets = BatchCommand.select(planned, shard: shard).map(\.asset)

    let quiet = arguments.has("--quiet")
    let results = BatchCommand.runner(arguments, force: true).run(
      assets, lock: BatchLock(), progress: BatchCommand.progress(quiet: quiet, console: console))
    let options = DiffOptions(
      threshold: arguments.number("--threshold") ?? 0.1, includeAntialiasing: arguments.has("--include-aa"),
      maxDiffPixels: arguments.integer("--max-diff-pixels"), maxDiffPercent: arguments.number("--max-diff-percent"))
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
}
