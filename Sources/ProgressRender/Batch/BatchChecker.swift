import Foundation

/// Compares freshly rendered batch assets with their goldens using the differ
/// (`FrameSequenceLoader`, `AnimationDiff`, `DiffReportWriter`) and refreshes goldens.
public enum BatchChecker {
  /// Compares one rendered asset with its golden.
  /// - Parameters:
  ///   - index: the asset's position in the manifest.
  ///   - name: its output path as written in the manifest.
  ///   - rendered: where it was rendered.
  ///   - golden: its golden file or folder.
  ///   - options: the differ's threshold and budgets.
  ///   - reportFolder: where the combined report goes; a differing asset's artifacts are written
  ///     into `assets/NNNN/` under it. `nil` writes nothing.
  /// - Returns: the asset's entry in the combined report (`new` when the golden is missing,
  ///   `different` when it differs or cannot be read). A Lottie file (`name.json`) is compared byte
  ///   for byte.
  public static func compare(
    index: Int, name: String, rendered: String, golden: String, options: DiffOptions, reportFolder: String?
  ) -> BatchCheckReport.Asset {
    var asset = BatchCheckReport.Asset(index: index, out: name, golden: golden, verdict: .same, summary: "")
    guard FileManager.default.fileExists(atPath: golden) else {
      asset.verdict = .new
      asset.summary = "no golden at '\(golden)' yet (new asset)"
      return asset
    }
    if isLottie(golden) { return compareLottie(asset, rendered: rendered, golden: golden, limits: options.limits) }
    do {
      let expected = try FrameSequenceLoader.load(golden, limits: options.limits)
      let actual = try FrameSequenceLoader.load(rendered, limits: options.limits)
      let outcome = AnimationDiff.compare(
        expected: expected, actual: actual, options: options, collectArtifacts: reportFolder != nil)
      asset.summary = outcome.report.summary
      asset.verdict = outcome.report.verdict == .same ? .same : .different
      if let reportFolder, asset.verdict == .different {
        let folder = "assets/" + padded(index)
        let report = try DiffReportWriter.writeFolder(
          outcome, to: (reportFolder as NSString).appendingPathComponent(folder))
        asset.artifacts = folder
        asset.diffImage = report.frames.lazy.compactMap { $0.images?["diff"] }.first.map { folder + "/" + $0 }
      }
    } catch {
      asset.verdict = .different
      asset.summary = "cannot compare: \(error)"
    }
    return asset
  }

  /// Makes a fresh render the new golden (same kind: a GIF, PNG or Lottie file is copied, a frames
  /// folder mirrored), creating the golden's folder when needed.
  /// - Returns: one line saying what was written.
  /// - Throws: `FileWriteError` or a read error naming the path.
  @discardableResult
  public static func update(golden: String, with rendered: String, limits: DecodeLimits = .standard) throws -> String {
    let parent = (PathNames.trimmingTrailingSlashes(golden) as NSString).deletingLastPathComponent
    if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent) {
      do {
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
      } catch {
        throw FileWriteError(path: parent, reason: "the golden's folder cannot be created")
      }
    }
    if isLottie(golden) { return try updateLottie(golden: golden, with: rendered, limits: limits) }
    let actual = try FrameSequenceLoader.load(rendered, limits: limits)
    return try BaselineUpdater.update(expectedPath: golden, with: actual, limits: limits)
  }

  private static func padded(_ index: Int) -> String {
    let text = String(index)
    return String(repeating: "0", count: max(0, 4 - text.count)) + text
  }
}
