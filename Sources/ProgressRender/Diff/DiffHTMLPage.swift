import Foundation

/// Renders `report.html`: one self-contained page (images inlined as base64 PNG data URIs, a few lines of
/// inline CSS and JavaScript, no server or network) showing the verdict, the problems, and for every
/// differing pair the expected, actual and diff images side by side plus a blink / slider view.
///
/// The CSS and the script are the files `Resources/report/report.css` and `report.js`, embedded at
/// build time by the `EmbedResources` plugin.
public enum DiffHTMLPage {
  /// The page.
  /// - Parameters:
  ///   - report: The comparison's report.
  ///   - artifacts: Pictures of the differing pairs.
  /// - Returns: The HTML text.
  /// - Complexity: O(bytes of the artifacts' PNGs).
  public static func html(_ report: DiffReport, artifacts: [FrameArtifact]) -> String {
    let e = DiffJUnitReport.escape
    var sections: [String] = []
    for artifact in artifacts {
      let frame = report.frames[artifact.index]
      sections.append(section(frame, artifact))
    }
    let problems = report.problems.map { "<li class=\"bad\">\(e($0))</li>" } + report.notes.map { "<li>\(e($0))</li>" }
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8">
      <title>progress-render diff: \(e(report.verdict.rawValue))</title>
      <style>
      \(resource("report.css"))</style></head><body>
      <h1 class="\(report.verdict.rawValue)">\(e(report.summary))</h1>
      <p class="meta">expected <code>\(e(report.expected.path))</code> (\(sideText(report.expected))) ·
      actual <code>\(e(report.actual.path))</code> (\(sideText(report.actual))) ·
      threshold \(report.threshold)\(report.includeAntialiasing ? " · anti-aliased pixels counted" : "")</p>
      \(problems.isEmpty ? "" : "<ul>\(problems.joined())</ul>")
      \(sections.isEmpty ? "<p>No differing frames.</p>" : sections.joined(separator: "\n"))
      <script>
      \(resource("report.js"))</script>
      </body></html>

      """
  }

  private static func section(_ frame: DiffReport.FrameResult, _ artifact: FrameArtifact) -> String {
    let e = DiffJUnitReport.escape
    let width = max(artifact.expected?.width ?? 0, artifact.actual?.width ?? 0)
    let scale = max(1, min(4, 240 / max(width, 1)))
    var figures: [String] = []
    var uris: [String: String] = [:]
    for (name, picture) in [("expected", artifact.expected), ("actual", artifact.actual), ("diff", artifact.diff)] {
      guard let picture else { continue }
      let uri = "data:image/png;base64," + Data(picture.png).base64EncodedString()
      uris[name] = uri
      figures.append(
        "<figure><figcaption>\(name)</figcaption><div class=\"checker\"><img alt=\"\(name)\" src=\"\(uri)\" "
          + "width=\"\(picture.width * scale)\" height=\"\(picture.height * scale)\"></div></figure>")
    }
    if let expected = uris["expected"], let actual = uris["actual"], let picture = artifact.expected,
      frame.status == .changed
    {
      let size = "width=\"\(picture.width * scale)\" height=\"\(picture.height * scale)\""
      figures.append(
        """
        <figure class="compare"><figcaption>actual over expected</figcaption>
        <div class="checker stack"><img alt="expected" src="\(expected)" \(size)><img class="top" alt="actual" \
        src="\(actual)" \(size)></div>
        <div class="controls"><input type="range" min="0" max="100" value="50" aria-label="slider"> \
        <label><input type="checkbox"> blink</label></div></figure>
        """)
    }
    let time = frame.start.map { start in " · \(number(start))–\(number(frame.end ?? start)) cs" } ?? ""
    return """
      <h2 id="frame-\(frame.index)">Frame \(frame.index): \(e(frame.status.rawValue))</h2>
      <p class="meta">expected <code>\(e(frame.expectedLabel ?? "none"))</code> · actual \
      <code>\(e(frame.actualLabel ?? "none"))</code>\(time) · \(frame.changedPixels) changed pixels \
      (\(DiffReport.percentText(frame.changedPercent))) · \(frame.antialiasedPixels) anti-aliased · largest delta \
      \(frame.maxDelta)</p>
      <div class="row">\(figures.joined(separator: "\n"))</div>
      """
  }

  /// An embedded file of `Resources/report/`, as text.
  private static func resource(_ name: String) -> String {
    guard let data = EmbeddedResources.files["report/" + name] else {
      fatalError("Resources/report/\(name) is not embedded")  // a file of the build: a bug, not an input
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// `90` for 90.0, `93.33` for 93.33.
  private static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  private static func sideText(_ side: DiffReport.Side) -> String {
    "\(side.kind.rawValue), \(side.frames) frame\(side.frames == 1 ? "" : "s"), \(side.width)×\(side.height)"
      + (side.duration.map { ", \($0) cs" } ?? "")
  }
}
