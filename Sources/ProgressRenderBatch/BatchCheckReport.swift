import Foundation
import ProgressRenderDiff
import ProgressRenderSupport

/// The combined report of `progress-render check`: every asset's verdict against its golden, and
/// where its differ artifacts are. Encodes to the deterministic `report.json`.
public struct BatchCheckReport: Codable, Equatable, Sendable {
  /// One asset's outcome.
  public enum Verdict: String, Codable, Sendable {
    /// Same as the golden within the differ's tolerance.
    case same
    /// Differs from the golden (or the golden cannot be read).
    case different
    /// No golden yet.
    case new
    /// The asset did not render.
    case failed
  }

  /// One asset.
  public struct Asset: Codable, Equatable, Sendable {
    /// Position in the manifest's `assets`.
    public var index: Int
    /// The output path as written in the manifest.
    public var out: String
    /// The golden compared against.
    public var golden: String
    /// The verdict.
    public var verdict: Verdict
    /// The differ's one-line summary without its verdict (`3 of 120 frames differ (…)`), or why there is none.
    public var summary: String
    /// The asset's differ artifacts folder (`report.html`, `report.json`, frame PNGs), relative to
    /// the report's folder, when written.
    public var artifacts: String?
    /// The worst differing frame's diff image, relative to the report's folder, when written.
    public var diffImage: String?
    /// The position of that frame in the asset's comparison.
    public var worstFrame: Int?
    /// A new asset's middle frame, relative to the report's folder, when written.
    public var preview: String?

    /// Creates an asset entry.
    public init(
      index: Int, out: String, golden: String, verdict: Verdict, summary: String, artifacts: String? = nil,
      diffImage: String? = nil
    ) {
      self.index = index
      self.out = out
      self.golden = golden
      self.verdict = verdict
      self.summary = summary
      self.artifacts = artifacts
      self.diffImage = diffImage
    }

    /// `different: assets[6] out/wave.gif: 3 of 120 frames differ (…)`: the line `check` prints.
    public var line: String { "\(verdict.rawValue): assets[\(index)] \(out): \(summary)" }
  }

  /// Every checked asset, in manifest order.
  public var assets: [Asset]
  /// `same` when every asset is the same as its golden.
  public var verdict: DiffReport.Verdict

  /// Creates a report; the verdict follows from the assets.
  public init(assets: [Asset]) {
    self.assets = assets.sorted { $0.index < $1.index }
    self.verdict = assets.allSatisfy { $0.verdict == .same } ? .same : .different
  }

  /// How many assets have a verdict.
  public func count(_ verdict: Verdict) -> Int { assets.filter { $0.verdict == verdict }.count }

  /// `check: 28 same, 1 different, 1 new, 0 failed`.
  public var summary: String {
    "check: \(count(.same)) same, \(count(.different)) different, \(count(.new)) new, \(count(.failed)) failed"
  }

  /// Pretty JSON with sorted keys and a trailing newline.
  public func json() throws -> [UInt8] {
    try CanonicalJSON.bytes(of: self) + [0x0A]
  }

  /// JUnit XML: one test case per asset, failing unless it is the same as its golden.
  public func junit() -> String {
    let failures = assets.filter { $0.verdict != .same }.count
    let cases = assets.map { asset -> String in
      let failing = asset.verdict != .same
      let detail = "golden: \(asset.golden)" + (asset.artifacts.map { "\nartifacts: \($0)" } ?? "")
      return DiffJUnitReport.testCase(
        asset.out, className: "progress-render.check",
        failure: failing ? asset.verdict.rawValue + ": " + asset.summary : nil, detail: detail)
    }
    return DiffJUnitReport.document(
      name: "progress-render check", suite: "progress-render check", cases: cases, failures: failures)
  }

  /// One HTML page listing every asset with its verdict and summary; a differing asset shows its worst
  /// frame's diff image, linking to that frame in the asset's own report, and a new asset its middle
  /// frame. Every link and image is relative to the report folder, so the folder can be uploaded as a
  /// CI artifact and opened anywhere.
  public func html() -> String {
    let e = DiffJUnitReport.escape
    let rows = assets.map { asset -> String in
      let link = asset.artifacts.map { "<a href=\"\(e($0))/report.html\">frames</a>" } ?? ""
      var picture = ""
      if let image = asset.diffImage, let artifacts = asset.artifacts {
        let anchor = asset.worstFrame.map { "#frame-\($0)" } ?? ""
        picture =
          "<a href=\"\(e(artifacts))/report.html\(anchor)\"><img src=\"\(e(image))\" "
          + "alt=\"worst frame of \(e(asset.out))\"></a><small>worst frame\(asset.worstFrame.map { " \($0)" } ?? "")</small>"
      } else if let preview = asset.preview {
        picture =
          "<img src=\"\(e(preview))\" alt=\"preview of \(e(asset.out))\"><small>preview (middle frame)</small>"
      }
      return "<tr class=\"\(asset.verdict.rawValue)\"><td>\(asset.index)</td><td><code>\(e(asset.out))</code></td>"
        + "<td class=\"v\">\(asset.verdict.rawValue)</td><td>\(e(asset.summary))</td><td>\(link)</td>"
        + "<td>\(picture)</td></tr>"
    }
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8">
      <title>progress-render check: \(verdict.rawValue)</title>
      <style>
      body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}
      h1{font-size:20px} table{border-collapse:collapse} td,th{border-bottom:1px solid #ddd;padding:4px 8px;
        text-align:left;vertical-align:top} code{background:#f2f2f2;padding:1px 4px;border-radius:3px}
      .same .v{color:#17792d} .different .v,.failed .v{color:#b3261e} .new .v{color:#8a5a00}
      img{image-rendering:pixelated;width:120px;height:auto;display:block;
        background:repeating-conic-gradient(#d8d8d8 0% 25%,#fff 0% 50%) 50%/16px 16px;border:1px solid #ccc}
      small{color:#555}
      </style></head><body>
      <h1 class="\(verdict.rawValue)">\(e(summary))</h1>
      <table><tr><th>#</th><th>asset</th><th>verdict</th><th>summary</th><th>report</th><th>frame</th></tr>
      \(rows.joined(separator: "\n"))
      </table>
      </body></html>

      """
  }
}
