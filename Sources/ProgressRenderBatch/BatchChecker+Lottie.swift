import Foundation
import ProgressRenderFormats
import ProgressRenderSupport

extension BatchChecker {
  /// Whether an output is a Lottie file (`name.json`), which `check` compares byte for byte: the
  /// export is deterministic, and a Lottie file has no pixels of its own to compare.
  static func isLottie(_ path: String) -> Bool {
    PathNames.fileExtension(of: path) == "json"
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
      ? "the Lottie file is the golden byte for byte (\(actual.count) bytes)"
      : "the Lottie file differs from the golden (\(actual.count) bytes, golden \(expected.count) bytes)"
    return asset
  }

  /// Makes a fresh Lottie file the new golden: a copy, written atomically.
  /// - Returns: one line saying what was written.
  /// - Throws: `FileWriteError` naming the path.
  static func updateLottie(golden: String, with rendered: String, limits: DecodeLimits) throws -> String {
    guard let bytes = readBounded(rendered, limits: limits) else {
      throw FileWriteError(path: rendered, reason: "the rendered Lottie file cannot be read")
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
