import Foundation

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
    /// The differ's one-line summary, or why there is none.
    public var summary: String
    /// The asset's differ artifacts folder (`report.html`, `report.json`, frame PNGs), relative to
    /// the report's folder, when written.
    public var artifacts: String?
    /// The first differing frame's diff image, relative to the report's folder, when written.
    public var diffImage: String?

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
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return Array(try encoder.encode(self)) + [0x0A]
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

  /// One HTML page listing every asset with its verdict and summary, linking each differing
  /// asset's differ report and showing its first diff image.
  public func html() -> String {
    let e = DiffJUnitReport.escape
    let rows = assets.map { asset -> String in
      let link = asset.artifacts.map { "<a href=\"\(e($0))/report.html\">frames</a>" } ?? ""
      let image = asset.diffImage.map { "<img src=\"\(e($0))\" alt=\"diff of \(e(asset.out))\">" } ?? ""
      return "<tr class=\"\(asset.verdict.rawValue)\"><td>\(asset.index)</td><td><code>\(e(asset.out))</code></td>"
        + "<td class=\"v\">\(asset.verdict.rawValue)</td><td>\(e(asset.summary))</td><td>\(link)</td>"
        + "<td>\(image)</td></tr>"
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
      img{image-rendering:pixelated;max-width:160px;background:#eee}
      </style></head><body>
      <h1 class="\(verdict.rawValue)">\(e(summary))</h1>
      <table><tr><th>#</th><th>asset</th><th>verdict</th><th>summary</th><th>report</th><th>diff</th></tr>
      \(rows.joined(separator: "\n"))
      </table>
      </body></html>

      """
  }
}
