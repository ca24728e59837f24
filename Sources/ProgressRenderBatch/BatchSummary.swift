import Foundation
import ProgressRenderSupport

/// The outcome of a batch run: what was rendered, skipped, failed and cancelled. `--json` prints
/// it as JSON (sorted keys); otherwise `line` is printed.
public struct BatchSummary: Codable, Equatable, Sendable {
  /// Assets written.
  public var rendered: [BatchAssetResult]
  /// Assets left untouched because nothing changed.
  public var skipped: [BatchAssetResult]
  /// Assets whose render failed, with the messages.
  public var failed: [BatchAssetResult]
  /// Assets not started after a failure under `--fail-fast`.
  public var cancelled: [BatchAssetResult]
  /// The shard run (`2/3`), or `nil` for the whole set.
  public var shard: String?
  /// Assets in the manifest (all shards).
  public var manifestAssets: Int
  /// Wall-clock seconds of the run.
  public var seconds: Double

  /// Sorts results by status, each list in manifest order.
  public init(results: [BatchAssetResult], shard: ShardSpec?, manifestAssets: Int, seconds: Double) {
    let ordered = results.sorted { $0.index < $1.index }
    rendered = ordered.filter { $0.status == .rendered }
    skipped = ordered.filter { $0.status == .skipped }
    failed = ordered.filter { $0.status == .failed }
    cancelled = ordered.filter { $0.status == .cancelled }
    self.shard = shard?.description
    self.manifestAssets = manifestAssets
    self.seconds = seconds
  }

  /// `rendered 12, skipped 2, failed 1 in 3.40 s (shard 2/3 of 30 assets); failed: assets[4] up.gif`.
  public var line: String {
    var text = "rendered \(rendered.count), skipped \(skipped.count), failed \(failed.count)"
    if !cancelled.isEmpty { text += ", cancelled \(cancelled.count)" }
    text += " in \(BatchProgressDisplay.seconds(seconds))"
    if let shard { text += " (shard \(shard) of \(manifestAssets) assets)" }
    if !failed.isEmpty {
      text += "; failed: " + failed.map { "assets[\($0.index)] \($0.out)" }.joined(separator: ", ")
    }
    return text
  }

  /// Pretty JSON with sorted keys and a trailing newline.
  public func json() throws -> String {
    try CanonicalJSON.text(of: self) + "\n"
  }
}
