import Foundation
import Testing

/// `check --out`'s combined report through the real binary: thumbnails of the worst frame, previews
/// of new assets, one folder with nothing pointing into the deleted scratch folder.
@Suite struct CheckReportTests {
  static let manifest = """
    { "defaults": { "size": 48, "fps": 10, "duration": 1, "background": "#ffffff" },
      "assets": [
        { "style": "thumb", "out": "out/thumb.gif", "color": "#00aa00" },
        { "style": "download", "out": "out/download.gif" },
        { "style": "upload", "out": "out/upload.gif", "color": "#00aa00" } ] }
    """

  private func contents(_ path: String) -> String {
    String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
  }

  /// A work folder with goldens: thumb's drawn in blue (so it differs), upload's missing (new) unless
  /// `keepUpload`.
  static func prepare(_ scratch: Binary, keepUpload: Bool = false, manifest: String = manifest) throws {
    #expect(FileManager.default.createFile(atPath: scratch.work + "/assets.json", contents: Data(manifest.utf8)))
    _ = try scratch.run(["check", "assets.json", "--golden", "golden", "--update", "--quiet"])
    if !keepUpload { try FileManager.default.removeItem(atPath: scratch.work + "/golden/out/upload.gif") }
    let blue = try scratch.run([
      "render", "--style", "thumb", "--size", "48", "--fps", "10", "--duration", "1", "--background", "#ffffff",
      "--color", "#0000ff", "--out", "golden/out/thumb.gif", "--quiet",
    ])
    #expect(blue.status == 0)
  }

  /// A scratch folder prepared with `manifest`, and `check` run in it with `--out report/`, which fails
  /// (thumb differs).
  static func checkedScratch(manifest: String = manifest) throws -> Binary {
    let scratch = try Binary()
    try prepare(scratch, manifest: manifest)
    let result = try scratch.run(["check", "assets.json", "--golden", "golden", "--out", "report/", "--quiet"])
    #expect(result.status == 1)
    return scratch
  }

  @Test func reportShowsWorstFramesAndPreviewsInOneFolder() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    try Self.prepare(scratch)
    let result = try scratch.run(["check", "assets.json", "--golden", "golden", "--out", "report", "--quiet"])
    #expect(result.status == 1)
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("different: assets[0] out/thumb.gif: ") == true)
    #expect(lines.first?.contains(": different") == false)  // said once
    #expect(lines.last?.hasPrefix("new: assets[2] out/upload.gif: no golden") == true)

    let report = scratch.work + "/report"
    let json = try JSONSerialization.jsonObject(with: Data(contents(report + "/report.json").utf8))
    let assets = (json as? [String: Any])?["assets"] as? [[String: Any]] ?? []
    // The thumbnail is the worst frame of the asset's own comparison, not frame 0.
    let own = try JSONSerialization.jsonObject(with: Data(contents(report + "/assets/out/thumb.gif/report.json").utf8))
    let worst = try #require(((own as? [String: Any])?["totals"] as? [String: Any])?["worstFrame"] as? Int)
    #expect(worst > 0)
    #expect(assets[0]["worstFrame"] as? Int == worst)
    #expect(assets[0]["diffImage"] as? String == String(format: "assets/out/thumb.gif/frame-%04d-diff.png", worst))
    let preview = try #require(assets[2]["preview"] as? String)
    #expect(FileManager.default.fileExists(atPath: report + "/" + preview))
    let html = contents(report + "/report.html")
    #expect(
      html.contains(
        "<a href=\"assets/out/thumb.gif/report.html#frame-\(worst)\"><img src=\"assets/out/thumb.gif/frame-"))
    #expect(html.contains("<img src=\"\(preview)\""))
    // Nothing names the scratch folder, which is gone by now; every reference stays inside the folder.
    for name in FileManager.default.enumerator(atPath: report)?.allObjects as? [String] ?? []
    where !name.hasSuffix(".png") {
      // An asset's page links back to the index, up inside the folder.
      let text = contents(report + "/" + name).replacingOccurrences(
        of: "<a href=\"../../../report.html\">", with: "")
      #expect(!text.contains(BatchScratch.prefix), "\(name)")
      #expect(!text.contains("src=\"/") && !text.contains("href=\"/") && !text.contains("../"), "\(name)")
    }
  }
}

extension CheckReportTests {
  @Test(arguments: [
    // thumb at 48 px differs from its blue golden in its ring; the manifest's `ignore` and `--ignore` add up.
    (#""ignore": [[0, 0, 48, 48]]"#, [String](), 0, "check: 3 same, 0 different, 0 new"),
    (#""ignore": [[0, 0, 48, 24]]"#, ["--ignore", "0,24,48,24"], 0, "check: 3 same, 0 different, 0 new"),
    (#""ignore": [[0, 0, 48, 24]]"#, [], 1, "different: assets[0] out/thumb.gif: "),
    (
      #""ignore": [[40, 0, 10, 10]]"#, [], 2,
      "assets[0].ignore[0] [40,0,10,10] (out/thumb.gif) reaches outside the 48×48 frame"
    ),
    ("", ["--ignore", "0,0,49,1"], 2, "--ignore '0,0,49,1' reaches outside the 48×48 frame"),
    (#""ignore": "0,0,4,4""#, [], 2, "assets[0].ignore: expected a list of regions [[x, y, w, h], …] in pixels"),
  ])
  func regionsToIgnore(entry: String, extra: [String], status: Int32, output: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    try Self.prepare(scratch, keepUpload: true)
    let thumb = "\"out\": \"out/thumb.gif\", \"color\": \"#00aa00\""
    let manifest = Self.manifest.replacingOccurrences(of: thumb, with: thumb + (entry.isEmpty ? "" : ", " + entry))
    #expect(entry.isEmpty || manifest.contains(entry))
    #expect(FileManager.default.createFile(atPath: scratch.work + "/assets.json", contents: Data(manifest.utf8)))
    let result = try scratch.run(["check", "assets.json", "--golden", "golden"] + extra)
    #expect(result.status == status, "\(result.out)\(result.err)")
    #expect((status == 2 ? result.err : result.out).contains(output), "\(result.out)\(result.err)")
  }
}

/// The scratch folders' name prefix (`BatchCheck.scratchPrefix`).
enum BatchScratch {
  static let prefix = "progress-render-check-"
}

/// The report a reviewer acts on (issue 23, item 4): failures first, then new assets, then the passes
/// folded away; rows named by their output path with the worst frame as expected | actual | diff; each
/// asset page links back; the new renders are in the folder with the exact command that accepts them;
/// `diff --json` prints the report as `check --json` does.
@Suite struct ReviewerReportTests {
  static let manifest = """
    { "defaults": { "size": 48, "fps": 10, "duration": 1, "background": "#ffffff" },
      "assets": [
        { "style": "download", "out": "out/download.gif" },
        { "style": "upload", "out": "out/upload.gif", "color": "#00aa00" },
        { "style": "thumb", "out": "out/thumb.gif", "color": "#00aa00" } ] }
    """

  private func contents(_ path: String) -> String {
    String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
  }

  /// Goldens: thumb's in blue (different), download's as rendered (same), upload's missing (new).
  @Test func failuresFirstThenNewThenPassesFolded() throws {
    let scratch = try CheckReportTests.checkedScratch(manifest: Self.manifest)
    defer { scratch.remove() }
    let report = scratch.work + "/report"
    let html = contents(report + "/report.html")
    let failures = try #require(html.range(of: "<h2>Failures (1)</h2>"))
    let new = try #require(html.range(of: "<h2>New (1)</h2>"))
    let passes = try #require(html.range(of: "<details><summary>Passed (1)</summary>"))
    #expect(failures.lowerBound < new.lowerBound && new.lowerBound < passes.lowerBound)
    #expect(html.contains("<a href=\"assets/out/thumb.gif/report.html\"><code>out/thumb.gif</code></a>"))
    for role in ["expected", "actual", "diff"] {
      #expect(html.contains("assets/out/thumb.gif/frame-") && html.contains("-\(role).png\""), "\(role)")
    }
    #expect(html.contains("progress-render check assets.json --golden golden --update"))
    for render in ["renders/out/thumb.gif", "renders/out/upload.gif"] {
      #expect(FileManager.default.fileExists(atPath: report + "/" + render), "\(render)")
    }
    #expect(!FileManager.default.fileExists(atPath: report + "/renders/out/download.gif"))
    let page = contents(report + "/assets/out/thumb.gif/report.html")
    #expect(page.contains("<a href=\"../../../report.html\">"))
  }

  @Test func diffJSONIsTheReport() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    try CheckReportTests.prepare(scratch, manifest: Self.manifest)
    let diff = try scratch.run(["diff", "golden/out/thumb.gif", "golden/out/download.gif", "--json"])
    #expect(diff.status == 1)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(diff.out.utf8)) as? [String: Any])
    #expect(json["verdict"] as? String == "different")
    #expect((json["frames"] as? [Any])?.isEmpty == false)
    let same = try scratch.run(["diff", "golden/out/download.gif", "golden/out/download.gif", "--json"])
    #expect(same.status == 0)
    #expect(same.out.hasPrefix("{") && same.out.contains("\"verdict\" : \"same\""))
  }
}
