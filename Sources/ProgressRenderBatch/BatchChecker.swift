import Foundation
import ProgressRenderDiff
import ProgressRenderFormats
import ProgressRenderRaster
import ProgressRenderSupport

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
    index: Int, name: String, rendered: String, golden: String, options: DiffOptions, reportFolder: String?,
    reportFrames: ReportFrames = .standard
  ) -> BatchCheckReport.Asset {
    var asset = BatchCheckReport.Asset(index: index, out: name, golden: golden, verdict: .same, summary: "")
    let folder = reportFolderName(for: name)
    guard FileManager.default.fileExists(atPath: golden) else {
      asset.verdict = .new
      asset.summary = "no golden at '\(golden)' yet (new asset)"
      if let reportFolder {
        asset.preview = writePreview(of: rendered, in: reportFolder, folder: folder, options)
        asset.render = saveRender(rendered, name: name, in: reportFolder)
      }
      return asset
    }
    if isLottie(golden) { return compareLottie(asset, rendered: rendered, golden: golden, limits: options.limits) }
    do {
      let sides = try FrameSequenceLoader.load(expected: golden, actual: rendered, limits: options.limits)
      let expected = sides.expected
      var actual = sides.actual
      actual.source = name  // the scratch folder is gone when the report is read: name the manifest's output
      try DiffError.check(options.ignore, width: actual.width, height: actual.height)
      let outcome = try AnimationDiff.compare(
        expected: expected, actual: actual, options: options, reportFrames: reportFolder == nil ? nil : reportFrames)
      asset.summary = outcome.report.detail
      asset.verdict = outcome.report.verdict == .same ? .same : .different
      if let reportFolder, asset.verdict == .different {
        let depth = folder.split(separator: "/").count
        let report = try DiffReportWriter.writeFolder(
          outcome, to: (reportFolder as NSString).appendingPathComponent(folder),
          backLink: String(repeating: "../", count: depth) + "report.html")
        asset.artifacts = folder
        let worst = report.frames.filter { $0.images?["diff"] != nil }.max {
          ($0.changedPercent, $1.index) < ($1.changedPercent, $0.index)
        }
        asset.diffImage = worst.flatMap { $0.images?["diff"] }.map { folder + "/" + $0 }
        asset.expectedImage = worst.flatMap { $0.images?["expected"] }.map { folder + "/" + $0 }
        asset.actualImage = worst.flatMap { $0.images?["actual"] }.map { folder + "/" + $0 }
        asset.worstFrame = worst?.index
        asset.render = saveRender(rendered, name: name, in: reportFolder)
      }
      if let reportFolder, asset.verdict == .different, asset.render == nil {
        asset.render = saveRender(rendered, name: name, in: reportFolder)
      }
    } catch {
      asset.verdict = .different
      asset.summary = "cannot compare: \(error)"
    }
    return asset
  }

  /// Writes `folder/preview.png` under the report folder: the middle frame of a new asset's render.
  /// - Returns: its path relative to the report folder, or `nil` when it cannot be read or written.
  private static func writePreview(
    of rendered: String, in reportFolder: String, folder: String, _ options: DiffOptions
  ) -> String? {
    guard let sequence = try? FrameSequenceLoader.load(rendered, limits: options.limits), sequence.count > 0,
      let frame = try? FrameReader(sequence).frame(at: sequence.count / 2),
      let png = try? PNGCodec.encode(frame, fast: true)
    else { return nil }
    let directory = (reportFolder as NSString).appendingPathComponent(folder)
    let name = folder + "/preview.png"
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try AtomicFile.write(png, to: (reportFolder as NSString).appendingPathComponent(name))
    } catch {
      return nil
    }
    return name
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

  /// An asset's artifacts folder in the report, named by its output path: `assets/light/wave.gif`,
  /// `assets/frames/wave-dark` (a frames folder's trailing `/` dropped).
  static func reportFolderName(for out: String) -> String {
    "assets/" + PathNames.trimmingTrailingSlashes(out)
  }

  /// Copies a fresh render into the report folder, `renders/<its out path>`, so the report carries
  /// the files a reviewer would accept as goldens.
  /// - Returns: its path relative to the report folder, or `nil` when it cannot be copied.
  static func saveRender(_ rendered: String, name: String, in reportFolder: String) -> String? {
    let relative = "renders/" + PathNames.trimmingTrailingSlashes(name)
    let target = (reportFolder as NSString).appendingPathComponent(relative)
    let manager = FileManager.default
    do {
      try manager.createDirectory(atPath: PathNames.parent(of: target), withIntermediateDirectories: true)
      try? manager.removeItem(atPath: target)
      try manager.copyItem(atPath: PathNames.trimmingTrailingSlashes(rendered), toPath: target)
    } catch {
      return nil
    }
    return relative
  }
}

extension BatchChecker {
  /// Whether an output is a vector file — Lottie (`name.json`) or SVG (`name.svg`) — which `check`
  /// compares byte for byte: the writers are deterministic, and the file has no pixels of its own.
  static func isLottie(_ path: String) -> Bool {
    ["json", "svg", "lottie"].contains(PathNames.fileExtension(of: path))
  }

  /// What a vector file is called in messages.
  private static func kind(_ path: String) -> String {
    switch PathNames.fileExtension(of: path) {
    case "svg": "SVG file"
    case "lottie": "dotLottie file"
    default: "Lottie file"
    }
  }

  /// Compares a rendered Lottie file with its golden byte for byte.
  /// - Returns: the asset with its verdict and summary (`different` when either cannot be read
  ///   within `limits.maxFileBytes`).
  static func compareLottie(
    _ asset: BatchCheckReport.Asset, rendered: String, golden: String, limits: DecodeLimits
  ) -> BatchCheckReport.Asset {
    var asset = asset
    guard let expected = readBounded(golden, limits: limits), let actual = readBounded(rendered, limits: limits) else {
      asset.verdict = .different
      asset.summary =
        "cannot compare: '\(golden)' or '\(rendered)' cannot be read (or is over \(limits.maxFileBytes) bytes)"
      return asset
    }
    asset.verdict = expected == actual ? .same : .different
    asset.summary =
      expected == actual
      ? "the \(kind(golden)) is the golden byte for byte (\(actual.count) bytes)"
      : "the \(kind(golden)) differs from the golden (\(actual.count) bytes, golden \(expected.count) bytes)"
    return asset
  }

  /// Makes a fresh Lottie file the new golden: a copy, written atomically.
  /// - Returns: one line saying what was written.
  /// - Throws: `FileWriteError` naming the path.
  static func updateLottie(golden: String, with rendered: String, limits: DecodeLimits) throws -> String {
    guard let bytes = readBounded(rendered, limits: limits) else {
      throw FileWriteError(path: rendered, reason: "the rendered \(kind(rendered)) cannot be read")
    }
    try AtomicFile.write(bytes, to: golden)
    return "updated: '\(golden)' is now a copy of '\(rendered)'"
  }

  /// A file's bytes, or `nil` when it cannot be read or is larger than `limits.maxFileBytes`.
  private static func readBounded(_ path: String, limits: DecodeLimits) -> [UInt8]? {
    guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
      size.intValue <= limits.maxFileBytes, let data = FileManager.default.contents(atPath: path)
    else { return nil }
    return [UInt8](data)
  }
}
