import Foundation

/// Renders `report.html`: one self-contained page (images inlined as base64 PNG data URIs, a few lines of
/// inline CSS and JavaScript, no server or network) showing the verdict, the problems, and for every
/// differing pair the expected, actual and diff images side by side plus a blink / slider view.
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
      body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}
      h1{font-size:20px;margin:0 0 4px} h2{font-size:16px;margin:28px 0 6px}
      .same{color:#17792d} .different,.bad{color:#b3261e}
      .meta{color:#555} code{background:#f2f2f2;padding:1px 4px;border-radius:3px}
      .row{display:flex;gap:16px;flex-wrap:wrap;align-items:flex-start}
      figure{margin:0} figcaption{font-size:12px;color:#555;margin-bottom:4px}
      .checker{background:repeating-conic-gradient(#d8d8d8 0% 25%,#fff 0% 50%) 50%/16px 16px;line-height:0;
        display:inline-block;border:1px solid #ccc}
      img{image-rendering:pixelated;display:block}
      .stack{position:relative;display:inline-block}
      .stack img.top{position:absolute;left:0;top:0}
      .controls{font-size:12px;margin-top:6px}
      </style></head><body>
      <h1 class="\(report.verdict.rawValue)">\(e(report.summary))</h1>
      <p class="meta">expected <code>\(e(report.expected.path))</code> (\(sideText(report.expected))) ·
      actual <code>\(e(report.actual.path))</code> (\(sideText(report.actual))) ·
      threshold \(report.threshold)\(report.includeAntialiasing ? " · anti-aliased pixels counted" : "")</p>
      \(problems.isEmpty ? "" : "<ul>\(problems.joined())</ul>")
      \(sections.isEmpty ? "<p>No differing frames.</p>" : sections.joined(separator: "\n"))
      <script>
      document.querySelectorAll('.compare').forEach(function(box){
        var top=box.querySelector('img.top'), range=box.querySelector('input[type=range]'),
            blink=box.querySelector('input[type=checkbox]'), timer=null;
        function slide(){top.style.visibility='visible';top.style.clipPath='inset(0 '+(100-range.value)+'% 0 0)';}
        range.addEventListener('input',function(){blink.checked=false;clearInterval(timer);slide();});
        blink.addEventListener('change',function(){
          clearInterval(timer); top.style.clipPath='none';
          if(blink.checked){timer=setInterval(function(){
            top.style.visibility=top.style.visibility==='hidden'?'visible':'hidden';},500);} else slide();
        });
        slide();
      });
      </script>
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

  /// `90` for 90.0, `93.33` for 93.33.
  private static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  private static func sideText(_ side: DiffReport.Side) -> String {
    "\(side.kind.rawValue), \(side.frames) frame\(side.frames == 1 ? "" : "s"), \(side.width)×\(side.height)"
      + (side.duration.map { ", \($0) cs" } ?? "")
  }
}
