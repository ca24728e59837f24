import Foundation
@_exported import ProgressRender
import Testing
import XCTest

/// Snapshot assertions for an app's own test suite, in one line, as swift-snapshot-testing users
/// write them: `assertAnimationMatches(preset: "wave", golden: "Goldens/wave.gif")`.
///
/// The animation is rendered into a temporary folder and compared with the golden by the differ
/// (`DiffOptions`: threshold, budgets, ignore regions). A missing golden is recorded and the
/// assertion fails once, saying so (commit the file); with `PROGRESS_RENDER_RECORD=1` in the
/// environment (or `record: true`) a differing golden is replaced. On a difference it fails with the
/// differ's summary (the differing frames) and the path of an HTML report. It reports through Swift
/// Testing inside a Swift Testing test and through XCTest otherwise.
public enum AnimationSnapshot {
  /// The environment variable that asks every assertion to record its golden.
  public static let recordVariable = "PROGRESS_RENDER_RECORD"

  /// What one comparison found.
  public enum Result: Equatable, Sendable {
    /// The render is the golden, within the tolerance.
    case matches
    /// There was no golden; the render was recorded there.
    case recorded(golden: String)
    /// The golden was replaced by the render (record mode).
    case updated(golden: String)
    /// The render differs: the differ's summary and the HTML report.
    case differs(summary: String, report: String)

    /// The failure message, or `nil` when the assertion passes.
    public var failure: String? {
      switch self {
      case .matches, .updated: return nil
      case .recorded(let golden):
        return "no golden at '\(golden)': recorded it from this run; check it and commit it, then run again"
      case .differs(let summary, let report):
        return "\(summary); report: \(report) (set \(AnimationSnapshot.recordVariable)=1 to accept the new render)"
      }
    }
  }

  /// Renders `style` and compares it with `golden`.
  ///
  /// A file golden is compared in memory (`RenderJob.renderedFile()`): a passing run writes
  /// nothing. The render goes to a temporary folder only when it must be kept — to record the
  /// golden or to write the report of a difference — and for a frames-folder golden.
  /// - Parameters:
  ///   - style: what to draw.
  ///   - settings: size, fps, duration, background (default: the style's own).
  ///   - golden: the golden's path: a GIF, WebP, APNG, PNG or frames folder (`name/`); relative paths
  ///     resolve against `directory`. Its kind is the kind rendered.
  ///   - directory: where relative golden paths start (the assertions pass the test file's folder).
  ///   - options: the differ's tolerance.
  ///   - record: replace a differing golden instead of failing.
  /// - Returns: what the comparison found.
  /// - Throws: `RenderError`, `DiffError` or `FileWriteError` naming the problem.
  public static func compare(
    _ style: Style, settings: RenderSettings? = nil, golden: String, directory: String,
    options: DiffOptions = DiffOptions(), record: Bool = false
  ) throws -> Result {
    let goldenPath = golden.hasPrefix("/") ? golden : (directory as NSString).appendingPathComponent(golden)
    let exists = FileManager.default.fileExists(atPath: goldenPath)
    let report = goldenPath + ".report"
    let settings = settings ?? RenderSettings(defaultsOf: style)
    let isFolder = golden.hasSuffix("/")
    var file: RenderedFile?
    if !isFolder {
      let job = RenderJob(style: style, settings: settings, output: try OutputTarget(path: goldenPath))
      let rendered = try job.renderedFile()
      if exists, !record, try matches(rendered.bytes, golden: goldenPath, options: options) {
        try? FileManager.default.removeItem(atPath: report)
        return .matches
      }
      file = rendered
    }
    let scratch = FileManager.default.temporaryDirectory.path + "/progress-render-snapshot-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let name = (PathNames.trimmingTrailingSlashes(goldenPath) as NSString).lastPathComponent
    let rendered = scratch + "/" + name + (isFolder ? "/" : "")
    if let file {
      try AtomicFile.write(file.bytes, to: rendered)
    } else {
      try RenderJob(style: style, settings: settings, output: try OutputTarget(path: rendered)).run()
    }
    let parent = PathNames.parent(of: PathNames.trimmingTrailingSlashes(goldenPath))
    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    // The report is written in the scratch folder and kept beside the golden only when they differ
    // (`name.gif.report/`); a passing run removes one an earlier failure left.
    let run = DiffRun(
      expected: goldenPath, actual: rendered, options: options,
      reportFolder: exists && !record ? scratch + "/report" : nil,
      update: record || !exists)
    var summary = ""
    let outcome = try run.run { message in
      if case .line(let text) = message, summary.isEmpty { summary = text }
    }
    try? FileManager.default.removeItem(atPath: report)
    switch outcome {
    case .same: return .matches
    case .recorded: return .recorded(golden: goldenPath)
    case .updated: return .updated(golden: goldenPath)
    case .different:
      try FileManager.default.moveItem(atPath: scratch + "/report", toPath: report)
      return .differs(summary: summary, report: report + "/report.html")
    }
  }

  /// Whether a render held in memory is the golden file within the tolerance (the differ's verdict).
  private static func matches(_ bytes: [UInt8], golden: String, options: DiffOptions) throws -> Bool {
    let expected = try FrameSequenceLoader.load(golden, limits: options.limits)
    let actual = try FrameSequenceLoader.load(bytes: bytes, source: "the render of '\(golden)'", limits: options.limits)
    for side in [expected, actual] { try DiffError.check(options.ignore, width: side.width, height: side.height) }
    return try AnimationDiff.compare(expected: expected, actual: actual, options: options).report.verdict != .different
  }

  /// Records a failure in whichever framework runs the test.
  static func fail(_ message: String, fileID: String, filePath: String, line: Int, column: Int) {
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    } else {
      XCTFail(message, file: StaticString(stringLiteral: "progress-render snapshot"), line: UInt(line))
    }
  }
}

/// Asserts that a style renders as its golden (see `AnimationSnapshot`).
/// - Parameters:
///   - style: what to draw.
///   - settings: size, fps, duration, background (default: the style's own).
///   - golden: the golden's path, relative to the test file's folder unless absolute.
///   - options: the differ's threshold, budgets and ignore regions.
///   - record: replace a differing golden (default: when `PROGRESS_RENDER_RECORD` is set).
public func assertAnimationMatches(
  _ style: Style, settings: RenderSettings? = nil, golden: String, options: DiffOptions = DiffOptions(),
  record: Bool = ProcessInfo.processInfo.environment[AnimationSnapshot.recordVariable] != nil,
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
  do {
    let result = try AnimationSnapshot.compare(
      style, settings: settings, golden: golden, directory: (filePath as NSString).deletingLastPathComponent,
      options: options, record: record)
    if let failure = result.failure {
      AnimationSnapshot.fail(failure, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  } catch {
    AnimationSnapshot.fail("\(error)", fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// Asserts that a preset renders as its golden; an unknown name fails with the nearest preset's.
public func assertAnimationMatches(
  preset name: String, settings: RenderSettings? = nil, golden: String, options: DiffOptions = DiffOptions(),
  record: Bool = ProcessInfo.processInfo.environment[AnimationSnapshot.recordVariable] != nil,
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
  do {
    let style = try StyleSource(presetNamed: name).style
    assertAnimationMatches(
      style, settings: settings, golden: golden, options: options, record: record, fileID: fileID,
      filePath: filePath, line: line, column: column)
  } catch {
    AnimationSnapshot.fail("\(error)", fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
