import Foundation
import Testing

/// `check` through the real binary: same, changed and missing goldens, reports, `--update`.
@Suite struct BatchCheckTests {
  private func contents(_ path: String) -> String {
    String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
  }

  @Test func checkAgainstGoldens() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let work = scratch.work
    #expect(
      FileManager.default.createFile(atPath: work + "/assets.json", contents: Data(BatchCommandTests.manifest.utf8)))

    let fresh = try scratch.run(["check", "assets.json", "--golden", "golden", "--quiet"])
    #expect(fresh.status == 1)
    #expect(fresh.out.split(separator: "\n").allSatisfy { $0.hasPrefix("new: assets[") })

    let update = try scratch.run(["check", "assets.json", "--golden", "golden", "--update", "--quiet"])
    #expect(update.status == 0)
    #expect(FileManager.default.fileExists(atPath: work + "/golden/out/wave@2x.gif"))
    #expect(FileManager.default.fileExists(atPath: work + "/golden/frames/count/frame-0001.png"))
    #expect(!FileManager.default.fileExists(atPath: work + "/out"))

    let same = try scratch.run([
      "check", "assets.json", "--golden", "golden", "--out", "report", "--junit", "junit.xml",
    ])
    #expect(same.status == 0, "\(same.out)\(same.err)")
    #expect(same.out == "check: 5 same, 0 different, 0 new, 0 failed\n")
    #expect(contents(work + "/junit.xml").contains("tests=\"5\" failures=\"0\""))

    // A golden drawn in another colour.
    let other = try scratch.run([
      "render", "--style", "download", "--size", "12", "--fps", "5", "--duration", "0.4", "--background", "#ffffff",
      "--color", "#ff0000", "--out", "golden/out/download.gif", "--quiet",
    ])
    #expect(other.status == 0)
    let different = try scratch.run([
      "check", "assets.json", "--golden", "golden", "--out", "report", "--junit", "junit.xml", "--quiet",
    ])
    #expect(different.status == 1)
    #expect(different.out.hasPrefix("different: assets[0] out/download.gif: 2 of 2 frames differ"))
    #expect(different.out.components(separatedBy: "different").count - 1 == 1, "no stutter: \(different.out)")
    let report = try JSONSerialization.jsonObject(with: Data(contents(work + "/report/report.json").utf8))
    let assets = (report as? [String: Any])?["assets"] as? [[String: Any]] ?? []
    #expect(assets.map { $0["verdict"] as? String } == ["different", "same", "same", "same", "same"])
    // Named by its output path (issue 23), not by its position.
    #expect(assets.first?["artifacts"] as? String == "assets/out/download.gif")
    #expect(FileManager.default.fileExists(atPath: work + "/report/assets/out/download.gif/report.html"))
    #expect(assets.first?["render"] as? String == "renders/out/download.gif")
    #expect(FileManager.default.fileExists(atPath: work + "/report/renders/out/download.gif"))
    let diffImage = try #require(assets.first?["diffImage"] as? String)
    #expect(FileManager.default.fileExists(atPath: work + "/report/" + diffImage))
    let html = contents(work + "/report/report.html")
    #expect(html.contains("<a href=\"assets/out/download.gif/report.html\"><code>out/download.gif</code></a>"))
    #expect(html.contains("check: 4 same, 1 different, 0 new, 0 failed"))
    let junit = contents(work + "/junit.xml")
    #expect(junit.contains("tests=\"5\" failures=\"1\""))
    #expect(junit.contains("<testcase classname=\"progress-render.check\" name=\"out/download.gif\">"))
  }
}
