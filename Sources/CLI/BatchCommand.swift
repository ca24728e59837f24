import Foundation
import ProgressRender

/// `progress-render batch MANIFEST`: renders every asset of a manifest, in parallel, incrementally,
/// optionally one shard of it.
struct BatchCommand: Command {
  let name = "batch"
  let summary = "Render every asset of a JSON manifest: parallel, incremental, shardable across CI jobs."
  let usage = [
    "batch MANIFEST [--jobs N] [--shard I/N] [--force] [--fail-fast] [--allow-outside] [--quiet | --json]"
  ]
  let details = [
    "MANIFEST: { \"defaults\": { … }, \"assets\": [ { … }, … ] }; each key is a long option of 'render' without\n"
      + "'--' (\"style\", \"out\", \"scale\", …), true/false for flags. Relative paths are relative to the manifest.\n"
      + "Every entry is checked before anything renders.",
    "Outputs stay inside the manifest's folder, after following symbolic links and '..' (--allow-outside lifts\n"
      + "this); the manifest's folder itself is never an output, and no two entries may write the same place or\n"
      + "one inside the other (a frames folder owns everything in it).",
    "Incremental: <manifest name>.lock beside the manifest (assets.json → assets.lock) records per output the\n"
      + "fingerprint of its inputs (tool version, options as typed values, style, style file, image, label fonts)\n"
      + "and of the output; an asset whose fingerprint and output are unchanged is skipped and not touched (an\n"
      + "option spelled differently is the same input, an edited preset is not). --force renders all.",
    "--shard I/N renders the I-th of N balanced, disjoint parts (same split on every machine); each shard updates\n"
      + "only its own lock entries, merged into the lock file under a file lock, so shards running at once on one\n"
      + "machine keep each other's entries; in CI each shard job has its own copy of the lock.",
    "Exit status: 0 all rendered or unchanged, 1 some asset failed (the others still render unless --fail-fast),\n"
      + "2 bad manifest, options, input file or output path, found before anything renders (nothing rendered).",
  ]
  let options =
    BatchCommand.runOptions + [
      OptionSpec.flag("--force", "Render every asset, even those the lock shows unchanged."),
      OptionSpec.flag("--json", "Print a JSON summary (rendered, skipped, failed with messages, durations) on stdout."),
    ]

  /// Options `batch` and `check` share.
  static let runOptions = [
    OptionSpec(
      "--jobs", .integer(1...256, unit: nil), "N", "Assets rendered at once (default: the cores this process may use)."),
    OptionSpec("--shard", .text, "I/N", "Render only the I-th of N balanced parts, e.g. 2/3."),
    OptionSpec.flag("--fail-fast", "Start no new asset once one has failed."),
    OptionSpec.flag("--quiet", "Print no progress and no summary line (errors still go to stderr)."),
    OptionSpec.flag("--allow-outside", "Accept outputs outside the manifest's folder (absolute, '../…', via a link)."),
  ]

  func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
    let manifest = try BatchCommand.manifest(arguments, command: name)
    let shard = try BatchCommand.shard(arguments)
    do {
      try ReportDestination.checkFile(
        manifest.lockPath, named: "lock file '\(manifest.lockPath)'",
        remedy: "remove it, or rename the manifest (the lock is named after it)")
    } catch {
      throw UsageError.input(error.description)
    }
    guard let planned = BatchCommand.plan(manifest, outputRoot: nil, arguments: arguments, console: console) else {
      return .usage
    }
    let selected = BatchCommand.select(planned, shard: shard)
    let quiet = arguments.has("--quiet")
    if !quiet { selected.flatMap(\.warnings).forEach(console.warning) }

    let (lock, lockWarning) = BatchLock.load(path: manifest.lockPath)
    if let lockWarning { console.warning(lockWarning) }
    let assets = selected.map(\.asset)
    let started = Date()
    let results = BatchCommand.runner(arguments, force: arguments.has("--force")).run(
      assets, lock: lock, progress: BatchCommand.progress(quiet: quiet, console: console))
    let summary = BatchSummary(
      results: results, shard: shard, manifestAssets: manifest.assets.count,
      seconds: Date().timeIntervalSince(started))

    var status = summary.failed.isEmpty ? ExitStatus.success : .failure
    // Re-read under a file lock and merge: another shard may have written the lock meanwhile.
    do {
      try BatchLock.update(at: manifest.lockPath) { current in
        BatchRunner.updatedLock(
          current, assets: assets, results: results, manifestNames: Set(planned.map(\.asset.name)))
      }
    } catch {
      console.error("\(error)")
      status = .failure
    }
    for failure in summary.failed {
      console.error("assets[\(failure.index)] (\(failure.out)): \(failure.message ?? "failed")")
    }
    if arguments.has("--json") {
      console.writeOut(try summary.json())
    } else if !quiet {
      console.line(summary.line)
    }
    return status
  }

  // MARK: - Shared with `check`

  /// The manifest named by the one positional argument.
  /// - Throws: `UsageError` when it is missing, doubled or unreadable.
  static func manifest(_ arguments: ParsedArguments, command: String) throws -> BatchManifest {
    guard let path = arguments.positionals.first else {
      throw UsageError.missingArgument("a manifest file, e.g. 'assets.json'", command: command)
    }
    if arguments.positionals.count > 1 {
      throw UsageError.unexpectedArgument(arguments.positionals[1], command: command)
    }
    do {
      return try BatchManifest.load(path: path)
    } catch {
      throw UsageError.input(error.description)
    }
  }

  /// `--shard I/N`, if given.
  /// - Throws: `UsageError.invalidValue` for anything but two whole numbers with 1 ≤ I ≤ N.
  static func shard(_ arguments: ParsedArguments) throws(UsageError) -> ShardSpec? {
    guard let text = arguments.text("--shard") else { return nil }
    guard let shard = ShardSpec(text) else {
      throw .invalidValue(
        option: "--shard", text: text, reason: "is not a shard",
        expected: "I/N with 1 ≤ I ≤ N ≤ \(ShardSpec.maxCount), such as 2/3")
    }
    return shard
  }

  /// Plans every entry; prints every problem and returns `nil` when there is one.
  static func plan(_ manifest: BatchManifest, outputRoot: String?, arguments: ParsedArguments, console: Console)
    -> [BatchPlanner.Planned]?
  {
    do {
      return try BatchPlanner(
        manifest: manifest, outputRoot: outputRoot, allowOutside: arguments.has("--allow-outside")
      ).plan()
    } catch {
      error.messages.forEach(console.error)
      return nil
    }
  }

  /// The assets of one shard (all of them without `--shard`), in manifest order.
  static func select(_ planned: [BatchPlanner.Planned], shard: ShardSpec?) -> [BatchPlanner.Planned] {
    guard let shard else { return planned }
    return ShardPlanner.indices(of: shard, costs: planned.map(\.asset.cost)).map { planned[$0] }
  }

  /// A runner with `--jobs` (default: the cores this process may use, `ProcessorCount`) and `--fail-fast`.
  static func runner(_ arguments: ParsedArguments, force: Bool) -> BatchRunner {
    BatchRunner(
      jobs: arguments.integer("--jobs") ?? ProcessorCount.available, force: force,
      failFast: arguments.has("--fail-fast"))
  }

  /// Progress on standard error: a bar on a terminal that takes escape sequences
  /// (`TerminalStyle`), lines otherwise, nothing with `--quiet`.
  static func progress(quiet: Bool, console: Console) -> @Sendable (BatchProgress) -> Void {
    let mode: BatchProgressDisplay.Mode = quiet ? .quiet : TerminalStyle.current ? .bar : .lines
    let display = BatchProgressDisplay(mode: mode)
    return { progress in
      let text = display.text(for: progress)
      if !text.isEmpty { console.writeErr(text) }
    }
  }
}
