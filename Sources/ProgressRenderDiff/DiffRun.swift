import Foundation
import ProgressRenderFormats

/// One comparison of two animations from start to finish, as `progress-render diff` runs it: checks
/// that every output can be written where asked, reads both sides, compares them, writes the report
/// folder and the JUnit file, and with `update` makes the actual side the new baseline.
///
/// Errors carry their kind: everything found before the comparison (a destination that cannot be
/// written, an input that cannot be read) is `.badInput` and nothing is written; a write that fails
/// afterwards is `.failed`. "The inputs differ" is not an error but the outcome `.different`.
public struct DiffRun: Equatable, Sendable {
  /// The baseline: a GIF, a WebP, an APNG, a PNG, a folder of PNG frames or a Lottie file (may be
  /// missing with `update`).
  public var expected: String
  /// The candidate, of any of the same kinds.
  public var actual: String
  /// Threshold, budgets and read limits.
  public var options: DiffOptions
  /// A folder for per-frame artifacts, `report.json` and `report.html`, if wanted.
  public var reportFolder: String?
  /// A JUnit XML file, if wanted.
  public var junitFile: String?
  /// Which differing frames the report folder shows in full (default: the worst 12).
  public var reportFrames: ReportFrames
  /// Make `actual` the new baseline at `expected` (keeping its kind) when they differ, or record
  /// a missing baseline.
  public var update: Bool

  /// Describes a comparison.
  /// - Parameters:
  ///   - expected: the baseline path.
  ///   - actual: the candidate path.
  ///   - options: how strictly to compare.
  ///   - reportFolder: where to write the report folder, if anywhere.
  ///   - junitFile: where to write a JUnit report, if anywhere.
  ///   - update: whether to update the baseline.
  ///   - reportFrames: which differing frames the report folder shows in full.
  public init(
    expected: String, actual: String, options: DiffOptions = DiffOptions(), reportFolder: String? = nil,
    junitFile: String? = nil, update: Bool = false, reportFrames: ReportFrames = .standard
  ) {
    self.reportFrames = reportFrames
    self.expected = expected
    self.actual = actual
    self.options = options
    self.reportFolder = reportFolder
    self.junitFile = junitFile
    self.update = update
  }

  /// What a run says as it goes, in order.
  public enum Message: Equatable, Sendable {
    /// A result line: the summary, a recorded or updated baseline.
    case line(String)
    /// A remark about an input (a GIF's ignored broken tail), naming the file.
    case note(String)
    /// The comparison's whole report, right after its summary line (what `diff --json` prints).
    case report(DiffReport)
  }

  /// How a run ended.
  public enum Outcome: Equatable, Sendable {
    /// Same within the tolerance.
    case same
    /// Different (or failing the budget).
    case different
    /// Different, and `actual` is now the baseline.
    case updated
    /// The baseline did not exist; `actual` was recorded as it.
    case recorded
  }

  /// Runs the comparison.
  /// - Parameter say: receives each message as soon as it is known (a summary before a baseline
  ///   update is tried, so it is said even when the update fails).
  /// - Returns: how it ended.
  /// - Throws: `DiffError`, `FormatError`, `RasterError` or `LottieImportError` (bad input, before
  ///   anything is written);
  ///   `FileWriteError` when writing a report or the baseline fails.
  /// - Complexity: O(frames × pixels) time; a few frames in memory.
  public func run(say: (Message) -> Void) throws -> Outcome {
    try checkDestinations()
    let recordsNew = update && !FileManager.default.fileExists(atPath: expected)
    let expectedSide: FrameSequence?
    let actualSide: FrameSequence
    if recordsNew {
      (expectedSide, actualSide) = (nil, try DiffSideLoader.load(actual, options: options))
    } else {
      (expectedSide, actualSide) = try DiffSideLoader.load(expected: expected, actual: actual, options: options)
    }
    if update, expectedSide?.kind == .lottie, actualSide.kind != .lottie {
      throw DiffError.lottieBaseline(baseline: expected, actual: actualSide.source, kind: actualSide.kind.rawValue)
    }
    if update, expectedSide?.kind == .png, actualSide.presentIndices.count > 1 {
      throw DiffError.cannotUpdate(
        frames: actualSide.count, kind: actualSide.kind.rawValue, actual: actualSide.source, baseline: expected)
    }
    for side in [expectedSide, actualSide].compactMap({ $0 }) {
      try DiffError.check(options.ignore, width: side.width, height: side.height)
    }
    guard let expectedSide else {
      say(.line("new: '\(expected)' does not exist yet"))
      let recorded = try DiffSideLoader.baseline(from: actualSide, options: options)
      say(.line(try BaselineUpdater.update(expectedPath: expected, with: recorded)))
      return .recorded
    }
    let outcome = try AnimationDiff.compare(
      expected: expectedSide, actual: actualSide, options: options,
      reportFrames: reportFolder == nil ? nil : reportFrames)
    var report = outcome.report
    if let reportFolder {
      report = try DiffReportWriter.writeFolder(outcome, to: reportFolder)
    }
    if let junitFile {
      try DiffReportWriter.writeJUnit(report, to: junitFile)
    }
    say(.line(report.summary))
    say(.report(report))
    for note in expectedSide.notes + actualSide.notes { say(.note(note)) }
    guard report.verdict == .different else { return .same }
    guard update else { return .different }
    let duration = expectedSide.displayDelays?.reduce(0, +)
    let baseline = try DiffSideLoader.baseline(from: actualSide, options: options)
    say(.line(try BaselineUpdater.update(expectedPath: expected, with: baseline, expectedDuration: duration)))
    return .updated
  }

  /// Checks, before anything is read or compared, that every output can be written where asked:
  /// the report folder a folder (or creatable), the JUnit file a file in an existing writable
  /// folder, and with `update` the baseline (a folder, or a file in an existing writable folder).
  /// - Throws: `DiffError.destination` naming the path and what is wrong.
  public func checkDestinations() throws(DiffError) {
    do {
      if let folder = reportFolder { try ReportDestination.checkFolder(folder, named: "'\(folder)'") }
    } catch {
      throw .destination(.reportFolder, error)
    }
    do {
      if let junit = junitFile {
        // The report folder is written first, so the JUnit file may go into it.
        try ReportDestination.checkFile(junit, named: "'\(junit)'", createdFolder: reportFolder)
      }
    } catch {
      throw .destination(.junitFile, error)
    }
    guard update else { return }
    let name = "baseline '\(expected)'"
    var isFolder: ObjCBool = false
    do {
      if FileManager.default.fileExists(atPath: expected, isDirectory: &isFolder) {
        try isFolder.boolValue
          ? ReportDestination.checkFolder(expected, named: name) : ReportDestination.checkFile(expected, named: name)
      } else if FileManager.default.fileExists(atPath: actual, isDirectory: &isFolder), isFolder.boolValue {
        try ReportDestination.checkFolder(expected, named: name)
      } else {
        try ReportDestination.checkFile(expected, named: name)
      }
    } catch {
      throw .destination(.baseline, error)
    }
  }
}
