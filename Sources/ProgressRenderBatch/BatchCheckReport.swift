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
    /// The worst differing frame's expected and actual images, relative to the report's folder.
    public var expectedImage: String?
    /// See `expectedImage`.
    public var actualImage: String?
    /// The fresh render of a new or differing asset, copied into the report's folder
    /// (`renders/<out>`), relative to it.
    public var render: String?

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

  /// One HTML page for a reviewer: failures first (different, then failed), then new assets, then the
  /// passes folded away. A differing asset's row shows its worst frame as expected | actual | diff,
  /// linking to that frame in the asset's own report (which links back here), and names it by its
  /// output path; a new asset shows its middle frame. The fresh renders of new and differing assets
  /// are in the folder (`renders/`), and `acceptCommand`, when given, is stated as the exact command
  /// that makes them the goldens. Every link and image is relative to the report folder, so the
  /// folder can be uploaded as a CI artifact and opened anywhere.
  /// - Parameter acceptCommand: the command line that accepts the renders (`check … --update`).
  public func html(acceptCommand: String? = nil) -> String {
    let e = DiffJUnitReport.escape
    func image(_ path: String?, _ caption: String, _ asset: Asset) -> String {
      guard let path else { return "<td></td>" }
      return "<td><img src=\"\(e(path))\" alt=\"\(caption) of \(e(asset.out))\"><small>\(caption)</small></td>"
    }
    func row(_ asset: Asset) -> String {
      let name =
        asset.artifacts.map { "<a href=\"\(e($0))/report.html\"><code>\(e(asset.out))</code></a>" }
        ?? "<code>\(e(asset.out))</code>"
      let render = asset.render.map { " · <a href=\"\(e($0))\">new render</a>" } ?? ""
      var pictures = "<td></td><td></td><td></td>"
      if let diff = asset.diffImage, let artifacts = asset.artifacts {
        let anchor = asset.worstFrame.map { "#frame-\($0)" } ?? ""
        let frame = asset.worstFrame.map { " (frame \($0))" } ?? ""
        pictures =
          image(asset.expectedImage, "expected", asset) + image(asset.actualImage, "actual", asset)
          + "<td><a href=\"\(e(artifacts))/report.html\(anchor)\"><img src=\"\(e(diff))\" "
          + "alt=\"worst frame of \(e(asset.out))\"></a><small>diff\(frame)</small></td>"
      } else if let preview = asset.preview {
        pictures = "<td></td>" + image(preview, "new (middle frame)", asset) + "<td></td>"
      }
      return
        "<tr class=\"\(asset.verdict.rawValue)\"><td>\(name)<br><small>assets[\(asset.index)]\(render)</small></td>"
        + "<td class=\"v\">\(asset.verdict.rawValue)</td><td>\(e(asset.summary))</td>\(pictures)</tr>"
    }
    let header = "<tr><th>asset</th><th>verdict</th><th>summary</th><th>expected</th><th>actual</th><th>diff</th></tr>"
    func table(_ rows: [Asset]) -> String {
      "<table>\(header)\n" + rows.map(row).joined(separator: "\n") + "\n</table>"
    }
    let failures = assets.filter { $0.verdict == .different } + assets.filter { $0.verdict == .failed }
    let new = assets.filter { $0.verdict == .new }
    let passes = assets.filter { $0.verdict == .same }
    var sections: [String] = []
    if !failures.isEmpty { sections.append("<h2>Failures (\(failures.count))</h2>\n" + table(failures)) }
    if !new.isEmpty { sections.append("<h2>New (\(new.count))</h2>\n" + table(new)) }
    if let acceptCommand, !(failures.isEmpty && new.isEmpty) {
      sections.append(
        "<p class=\"accept\">The new renders are in <code>renders/</code>. To accept them as the goldens, run:"
          + "<br><code>\(e(acceptCommand))</code></p>")
    }
    if !passes.isEmpty {
      sections.append(
        "<details><summary>Passed (\(passes.count))</summary>\n" + table(passes) + "\n</details>")
    }
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8">
      <title>progress-render check: \(verdict.rawValue)</title>
      <style>
      body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}
      h1{font-size:20px} h2{font-size:16px;margin-top:24px} table{border-collapse:collapse}
      td,th{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
      code{background:#f2f2f2;padding:1px 4px;border-radius:3px}
      .same .v{color:#17792d} .different .v,.failed .v{color:#b3261e} .new .v{color:#8a5a00}
      img{image-rendering:pixelated;width:120px;height:auto;display:block;
        background:repeating-conic-gradient(#d8d8d8 0% 25%,#fff 0% 50%) 50%/16px 16px;border:1px solid #ccc}
      small{color:#555} .accept code{display:inline-block;margin-top:4px;user-select:all}
      summary{cursor:pointer;font-weight:600;margin-top:24px}
      </style></head><body>
      <h1 class="\(verdict.rawValue)">\(e(summary))</h1>
      \(sections.joined(separator: "\n"))
      </body></html>

      """
  }
}
