import Foundation
import ProgressRenderDiff
import ProgressRenderSupport

/// `check`'s work: renders a manifest's assets into a scratch folder, compares each with its golden
/// (`BatchChecker`), writes the combined report, and refreshes the goldens that differ or are new.
///
/// A command line plans the assets (rendered under the scratch folder), calls `run`, prints the
/// report and, when asked, calls `updateGoldens`.
public struct BatchCheck: Equatable, Sendable {
  /// The folder of committed goldens; an asset's golden is `goldenFolder/<its out path>`.
  public var goldenFolder: String
  /// The differ's threshold and budgets.
  public var options: DiffOptions
  /// Where `report.json`, `report.html` and the differing assets' artifacts go, if anywhere.
  public var reportFolder: String?
  /// Where a JUnit report goes, if anywhere.
  public var junitFile: String?
  /// Which differing frames each asset's report shows in full (default: the worst 12).
  public var reportFrames: ReportFrames
  /// The command line that accepts the new renders as goldens (`progress-render check … --update`),
  /// stated in `report.html` when given.
  public var acceptCommand: String?

  /// Describes a check.
  /// - Parameters:
  ///   - goldenFolder: the folder of goldens.
  ///   - options: how strictly to compare.
  ///   - reportFolder: the report folder, if wanted.
  ///   - junitFile: the JUnit file, if wanted.
  ///   - reportFrames: which differing frames each asset's report shows in full.
  public init(
    goldenFolder: String, options: DiffOptions = DiffOptions(), reportFolder: String? = nil, junitFile: String? = nil,
    reportFrames: ReportFrames = .standard
  ) {
    self.reportFrames = reportFrames
    self.goldenFolder = goldenFolder
    self.options = options
    self.reportFolder = reportFolder
    self.junitFile = junitFile
  }

  /// The start of the scratch folders' names in the temporary folder; the process id follows.
  public static let scratchPrefix = "progress-render-check-"

  /// Runs `body` with a fresh scratch folder, `<temporary folder>/progress-render-check-<pid>`,
  /// removed afterwards and on SIGINT or SIGTERM (`TemporaryPaths`); the scratch folders of runs
  /// that were killed are removed first (`Leftovers`).
  /// - Parameter body: receives the scratch folder's path.
  /// - Returns: what `body` returns.
  /// - Throws: `FileWriteError` when the folder cannot be created, or what `body` throws.
  public static func withScratchFolder<Result>(_ body: (String) throws -> Result) throws -> Result {
    let temporary = FileManager.default.temporaryDirectory.path
    Leftovers.removeAbandoned(in: temporary, prefix: scratchPrefix)
    let scratch = temporary + "/" + scratchPrefix + "\(getpid())"
    try? FileManager.default.removeItem(atPath: scratch)
    guard (try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)) != nil else {
      throw FileWriteError(path: scratch, reason: "cannot create the temporary folder")
    }
    TemporaryPaths.register(scratch)
    defer {
      try? FileManager.default.removeItem(atPath: scratch)
      TemporaryPaths.unregister(scratch)
    }
    return try body(scratch)
  }

  /// Renders every asset (rendered under `root`, whatever the lock says), compares each with its
  /// golden, and writes the reports asked for.
  /// - Parameters:
  ///   - assets: the planned assets, their outputs under `root`.
  ///   - root: the folder they are rendered into (see `withScratchFolder`).
  ///   - runner: jobs and fail-fast.
  ///   - progress: called as assets start and end.
  /// - Returns: one entry per asset, in order: `same`, `different`, `new` or `failed`.
  /// - Throws: `FileWriteError` (or an encoding error) when a report cannot be written.
  public func run(
    _ assets: [BatchAsset], renderedIn root: String, runner: BatchRunner,
    progress: @escaping @Sendable (BatchProgress) -> Void
  ) throws -> BatchCheckReport {
    let results = runner.run(assets, lock: BatchLock(), progress: progress)
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
      var assetOptions = options
      assetOptions.ignore += asset.ignore
      entries.append(
        BatchChecker.compare(
          index: asset.index, name: asset.name, rendered: BatchManifest.join(root, asset.name), golden: golden,
          options: assetOptions, reportFolder: reportFolder, reportFrames: reportFrames))
    }
    let report = BatchCheckReport(assets: entries)
    if let reportFolder {
      try? FileManager.default.createDirectory(atPath: reportFolder, withIntermediateDirectories: true)
      try AtomicFile.write(try report.json(), to: (reportFolder as NSString).appendingPathComponent("report.json"))
      try AtomicFile.write(
        Array(report.html(acceptCommand: acceptCommand).utf8),
        to: (reportFolder as NSString).appendingPathComponent("report.html"))
    }
    if let junitFile { try AtomicFile.write(Array(report.junit().utf8), to: junitFile) }
    return report
  }

  /// Why `updateGoldens` must not write the goldens of `planned`, one line per golden, checked
  /// before anything renders: a golden that leads outside the golden folder once symbolic links are
  /// followed (unless `allowOutside`), as a batch output may not leave the manifest's folder, or
  /// one that is a file the check reads (the manifest, its lock, a style file, a picture).
  /// - Parameters:
  ///   - planned: the planned assets.
  ///   - manifest: the manifest.
  ///   - allowOutside: accept goldens outside the golden folder (`--allow-outside`).
  /// - Returns: the problems, empty when every golden may be written.
  public func goldenProblems(
    _ planned: [BatchPlanner.Planned], manifest: BatchManifest, allowOutside: Bool
  ) -> [String] {
    var inputs: [String: String] = [:]
    for (path, name) in [(manifest.path, "the manifest"), (manifest.lockPath, "the manifest's lock file")] {
      if let identity = PathNames.fileIdentity(path) { inputs[identity] = "\(name) '\(path)'" }
    }
    for item in planned {
      for input in item.inputs {
        guard let identity = PathNames.fileIdentity(input.path), inputs[identity] == nil else { continue }
        inputs[identity] = "\(input.name) of assets[\(item.asset.index)]"
      }
    }
    let root = OutputPathResolver.resolved(goldenFolder)
    var problems: [String] = []
    for item in planned {
      let golden = BatchManifest.join(goldenFolder, item.asset.name)
      let resolved = OutputPathResolver.resolved(golden)
      let label = "assets[\(item.asset.index)] (\(item.asset.name))"
      if !allowOutside, resolved == root || !OutputPathResolver.isWithin(resolved, folder: root) {
        problems.append(
          "\(label): the golden '\(golden)' leads to '\(resolved)', outside --golden '\(goldenFolder)' (through a "
            + "symbolic link); goldens stay inside it (pass --allow-outside to allow it)")
      } else if let identity = PathNames.fileIdentity(golden), let input = inputs[identity] {
        problems.append(
          "\(label): the golden '\(golden)' is \(input), which this check reads; --update would replace an input: "
            + "give the asset another out path or the goldens another folder")
      }
    }
    return problems
  }

  /// One golden `updateGoldens` refreshed, or failed to.
  public struct GoldenUpdate: Equatable, Sendable {
    /// How it went.
    public enum Outcome: Equatable, Sendable {
      /// Written; `BaselineUpdater`'s line saying what.
      case written(String)
      /// Not written; the error, as one line naming the path.
      case failed(String)
    }
    /// The asset.
    public var asset: BatchCheckReport.Asset
    /// How it went.
    public var outcome: Outcome
  }

  /// Makes the fresh renders the new goldens of the assets that differ or are new.
  /// - Parameters:
  ///   - report: what `run` returned.
  ///   - root: the folder the assets were rendered into.
  /// - Returns: one entry per golden tried, in order; one that fails does not stop the others.
  public func updateGoldens(_ report: BatchCheckReport, renderedIn root: String) -> [GoldenUpdate] {
    report.assets.filter { $0.verdict == .different || $0.verdict == .new }.map { asset in
      do {
        let line = try BatchChecker.update(
          golden: asset.golden, with: BatchManifest.join(root, asset.out), limits: options.limits)
        return GoldenUpdate(asset: asset, outcome: .written(line))
      } catch {
        return GoldenUpdate(asset: asset, outcome: .failed("\(error)"))
      }
    }
  }
}
