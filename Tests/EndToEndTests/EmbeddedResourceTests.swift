import Foundation
import Testing

/// Every file under `Resources/` is in the binary byte for byte: the presets (see
/// `PresetFileTests`) and the diff report's CSS and script.
@Suite struct EmbeddedResourceTests {
  /// A file under `Resources/`, as text.
  private func resource(_ path: String) throws -> String {
    try String(contentsOf: Binary.packageRoot.appendingPathComponent("Resources/" + path), encoding: .utf8)
  }

  @Test func theDiffReportInlinesTheCSSAndTheScriptFiles() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    #expect(try scratch.run(["--style", "download", "--out", "a.png", "--quiet"]).status == 0)
    #expect(try scratch.run(["--style", "download", "--out", "b.png", "--color", "red", "--quiet"]).status == 0)
    #expect(try scratch.run(["diff", "a.png", "b.png", "--out", "report"]).status == 1)
    let html = try String(contentsOfFile: scratch.work + "/report/report.html", encoding: .utf8)
    #expect(html.contains("<style>\n" + (try resource("report/report.css")) + "</style></head>"))
    #expect(html.contains("<script>\n" + (try resource("report/report.js")) + "</script>\n</body></html>\n"))
  }
}
