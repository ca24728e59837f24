import Foundation
import Testing

/// `--out name.webp` and `name.apng` through the real binary: written, read back by `diff`, and
/// rendered and gated by `batch` and `check`.
@Suite struct AnimatedOutputTests {
  static let render = ["--style", "download", "--size", "24", "--fps", "10", "--duration", "0.5"]

  @Test func writesWebPAndAPNGThatDiffTheSameAsTheGIF() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    for name in ["a.webp", "b.apng", "c.gif", "frames/"] {
      let result = try scratch.run(Self.render + ["--out", name])
      #expect(result.status == 0, "\(name): \(result.err)")
    }
    let webp = try #require(FileManager.default.contents(atPath: scratch.work + "/a.webp"))
    #expect(webp.prefix(4) == Data("RIFF".utf8) && webp[8..<12] == Data("WEBP".utf8))
    let apng = try #require(FileManager.default.contents(atPath: scratch.work + "/b.apng"))
    #expect(apng.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]) && apng.range(of: Data("acTL".utf8)) != nil)
    for (expected, actual) in [("a.webp", "b.apng"), ("c.gif", "a.webp"), ("b.apng", "c.gif"), ("frames/", "b.apng")] {
      let diff = try scratch.run(["diff", expected, actual])
      #expect(diff.status == 0, "\(expected) vs \(actual): \(diff.out) \(diff.err)")
      #expect(diff.out.hasPrefix("same: 5 frames"), "\(expected) vs \(actual): \(diff.out)")
    }
    let again = try scratch.run(Self.render + ["--out", "a2.webp"])
    #expect(again.status == 0)
    #expect(FileManager.default.contents(atPath: scratch.work + "/a2.webp") == webp, "same command, same bytes")
  }

  @Test func lossyQualityAndItsRange() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    #expect(try scratch.run(Self.render + ["--out", "q.webp", "--quality", "70", "--quiet"]).status == 0)
    let bad = try scratch.run(Self.render + ["--out", "q2.webp", "--quality", "101"])
    #expect(bad.status == 2)
    #expect(bad.err.contains("--quality") && bad.err.contains("101"), "\(bad.err)")
    #expect(!FileManager.default.fileExists(atPath: scratch.work + "/q2.webp"))
  }

  @Test func batchAndCheckHandleEveryKind() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let manifest = """
      { "defaults": { "size": 16, "fps": 10, "duration": 0.4, "background": "transparent" },
        "assets": [
          { "style": "download", "out": "out/download.gif" },
          { "style": "download", "out": "out/download.webp" },
          { "style": "download", "out": "out/download-q.webp", "quality": 60 },
          { "style": "download", "out": "out/download.apng", "loop": 2 } ] }
      """
    #expect(FileManager.default.createFile(atPath: scratch.work + "/assets.json", contents: Data(manifest.utf8)))
    let batch = try scratch.run(["batch", "assets.json", "--quiet"])
    #expect(batch.status == 0, "\(batch.err)")
    for name in ["download.gif", "download.webp", "download-q.webp", "download.apng"] {
      #expect(FileManager.default.fileExists(atPath: scratch.work + "/out/" + name), "\(name)")
    }
    let update = try scratch.run(["check", "assets.json", "--golden", "golden", "--update", "--quiet"])
    #expect(update.status == 0, "\(update.err)")
    #expect(FileManager.default.fileExists(atPath: scratch.work + "/golden/out/download.apng"))
    let same = try scratch.run(["check", "assets.json", "--golden", "golden"])
    #expect(same.status == 0, "\(same.out)\(same.err)")
    #expect(same.out.contains("4 same, 0 different"), "\(same.out)")
    // A golden WebP of another look: check says different.
    let other = try scratch.run([
      "--style", "download", "--size", "16", "--fps", "10", "--duration", "0.4", "--color", "#ff0000",
      "--background", "transparent", "--out", "golden/out/download.webp", "--quiet",
    ])
    #expect(other.status == 0, "\(other.err)")
    let changed = try scratch.run(["check", "assets.json", "--golden", "golden"])
    #expect(changed.status == 1)
    #expect(changed.out.contains("3 same, 1 different"), "\(changed.out)")
  }
}
