import Foundation
import ProgressRenderCore

/// Renders `report.html`: one page that refers to the PNGs written beside it by relative names (each
/// image written once and referenced once), so the report folder can be uploaded as a CI artifact and
/// opened anywhere without a server or network. It shows the verdict and the problems, a link to the
/// worst frame, a timeline strip of every compared pair with its share of changed pixels (inline SVG),
/// an index of the frames shown in full, and for each of those the expected, actual and diff images
/// (the script adds a blink / slider view over the same images).
///
/// The CSS and the script are the files `Resources/report/report.css` and `report.js`, embedded at
/// build time by the `EmbedResources` plugin.
package enum DiffHTMLPage {
  /// The page.
  /// - Parameters:
  ///   - report: The comparison's report, with the drawn frames' `images` filled in (file names
  ///     relative to the page).
  ///   - artifacts: Pictures of the drawn pairs (for their sizes).
  /// - Returns: The HTML text.
  /// - Complexity: O(pairs + drawn pairs).
  ///   - backLink: the page to link back to (a `check` report's index), relative to this page.
  package static func html(_ report: DiffReport, artifacts: [FrameArtifact], backLink: String? = nil) -> String {
    let e = DiffJUnitReport.escape
    let ranked = artifacts.sorted {
      let (a, b) = (report.frames[$0.index], report.frames[$1.index])
      return (a.changedPercent, b.index) > (b.changedPercent, a.index)
    }
    let differing = report.frames.filter { $0.status != .same && $0.status != .withinBudget }.count
    let problems = report.problems.map { "<li class=\"bad\">\(e($0))</li>" } + report.notes.map { "<li>\(e($0))</li>" }
    let jump = ranked.first.map { artifact -> String in
      let frame = report.frames[artifact.index]
      return "<p class=\"jump\"><a href=\"#frame-\(frame.index)\">Worst frame: \(frame.index) "
        + "(\(DiffReport.percentText(frame.changedPercent)) pixels changed)</a></p>"
    }
    let shown = ranked.count == differing ? "All \(differing)" : "The worst \(ranked.count) of \(differing)"
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8">
      <title>progress-render diff: \(e(report.verdict.rawValue))</title>
      <style>
      \(resource("report.css"))</style></head><body>
      \(backLink.map { "<p class=\"back\"><a href=\"\(e($0))\">← all assets</a></p>" } ?? "")
      <h1 class="\(report.verdict.rawValue)">\(e(report.summary))</h1>
      <p class="meta">expected <code>\(e(report.expected.path))</code> (\(sideText(report.expected))) ·
      actual <code>\(e(report.actual.path))</code> (\(sideText(report.actual))) ·
      \(e(settingsText(report)))</p>
      \(problems.isEmpty ? "" : "<ul>\(problems.joined())</ul>")
      \(jump ?? "")
      \(DiffTimelineStrip.svg(report.frames, shown: Set(artifacts.map(\.index))))
      \(ranked.isEmpty ? "<p>No differing frames.</p>" : "<h2>\(shown) differing frames, worst first</h2>")
      \(index(ranked, report))
      \(ranked.map { section(report.frames[$0.index], $0) }.joined(separator: "\n"))
      <script>
      \(resource("report.js"))</script>
      </body></html>

      """
  }

  /// The table of the frames shown, worst first, each linking to its section.
  private static func index(_ ranked: [FrameArtifact], _ report: DiffReport) -> String {
    guard !ranked.isEmpty else { return "" }
    let e = DiffJUnitReport.escape
    let rows = ranked.map { artifact -> String in
      let frame = report.frames[artifact.index]
      return "<tr><td><a href=\"#frame-\(frame.index)\">\(frame.index)</a></td><td>\(e(frame.status.rawValue))</td>"
        + "<td>\(DiffReport.percentText(frame.changedPercent))</td><td>\(frame.changedPixels)</td>"
        + "<td>\(e(timeText(frame)))</td></tr>"
    }
    return "<table class=\"index\"><tr><th>frame</th><th>status</th><th>changed</th><th>pixels</th><th>time</th></tr>"
      + rows.joined() + "</table>"
  }

  private static func section(_ frame: DiffReport.FrameResult, _ artifact: FrameArtifact) -> String {
    let e = DiffJUnitReport.escape
    let width = max(artifact.expected?.width ?? 0, artifact.actual?.width ?? 0)
    let scale = max(1, min(4, 240 / max(width, 1)))
    var figures: [String] = []
    for (name, picture) in [("expected", artifact.expected), ("actual", artifact.actual), ("diff", artifact.diff)] {
      guard let picture, let file = frame.images?[name] else { continue }
      figures.append(
        "<figure><figcaption>\(name)</figcaption><div class=\"checker\"><img class=\"\(name)\" alt=\"\(name)\" "
          + "src=\"\(e(file))\" width=\"\(picture.width * scale)\" height=\"\(picture.height * scale)\"></div></figure>"
      )
    }
    let time = timeText(frame)
    return """
      <h2 id="frame-\(frame.index)">Frame \(frame.index): \(e(frame.status.rawValue))</h2>
      <p class="meta">expected <code>\(e(frame.expectedLabel ?? "none"))</code> · actual \
      <code>\(e(frame.actualLabel ?? "none"))</code>\(time.isEmpty ? "" : " · " + time) · \(frame.changedPixels) \
      changed pixels (\(DiffReport.percentText(frame.changedPercent))) · \(frame.antialiasedPixels) anti-aliased · \
      largest delta \(frame.maxDelta)</p>
      <div class="row">\(figures.joined(separator: "\n"))</div>
      """
  }

  /// `90–100 cs`, or empty for untimed pairs.
  private static func timeText(_ frame: DiffReport.FrameResult) -> String {
    frame.start.map { start in "\(number(start))–\(number(frame.end ?? start)) cs" } ?? ""
  }

  /// Threshold, budgets and ignored regions, as one line.
  private static func settingsText(_ report: DiffReport) -> String {
    var parts = ["threshold \(report.threshold)"]
    if report.includeAntialiasing { parts.append("anti-aliased pixels counted") }
    if let pixels = report.maxDiffPixels { parts.append("at most \(pixels) changed pixels in all") }
    if let percent = report.maxDiffPercent { parts.append("at most \(number(percent))% in all") }
    if let pixels = report.maxDiffPixelsPerFrame { parts.append("at most \(pixels) changed pixels a frame") }
    if let percent = report.maxDiffPercentPerFrame { parts.append("at most \(number(percent))% a frame") }
    if let regions = report.ignore, !regions.isEmpty {
      parts.append("ignoring " + regions.map(\.description).joined(separator: " "))
    }
    return parts.joined(separator: " · ")
  }

  /// An embedded file of `Resources/report/`, as text.
  private static func resource(_ name: String) -> String {
    guard let data = EmbeddedResources.file("report/" + name) else {
      fatalError("Resources/report/\(name) is not embedded")  // a file of the build: a bug, not an input
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// `90` for 90.0, `93.33` for 93.33.
  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  private static func sideText(_ side: DiffReport.Side) -> String {
    "\(side.kind.rawValue), \(side.framesText), \(side.width)×\(side.height)"
      + (side.duration.map { ", \($0) cs" } ?? "")
  }
}
