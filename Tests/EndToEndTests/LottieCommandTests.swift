import Foundation
import Testing

/// `--out name.json` through the real binary: what it writes, what it warns about, and batch manifests.
@Suite struct LottieCommandTests {
  @Test(arguments: ["anim.json", "anim.lottie.json"])
  func writesALottieFile(name: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(["render", "--style", "countdown", "--out", name, "--fps", "20", "--size", "64"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.isEmpty)
    let data = try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/" + name))
    #expect(result.out == "wrote \(name): 76 frames, 64×64 px, \(data.count) bytes\n")
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["fr"] as? Int == 20 && object["op"] as? Int == 76)
    #expect(object["w"] as? Int == 64 && object["h"] as? Int == 64)
    #expect(try scratch.workContents() == [name])
  }

  @Test func warnsAboutPixelAndGIFOptions() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run([
      "render", "--style", "wave", "--out", "w.json", "--edge-levels", "64", "--scale", "2", "--dither", "0.5",
      "--quiet",
    ])
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.errLines == [
        "progress-render: warning: --dither is used only for a GIF (--out name.gif); ignored",
        "progress-render: warning: --edge-levels does not apply to a Lottie file (--out name.json), which is vector; ignored",
        "progress-render: warning: --scale does not apply to a Lottie file (--out name.json), which is vector; ignored",
      ])
    #expect(try scratch.workContents() == ["w.json"])
  }

  /// Upload's label shadow is written (a stroked copy under the text per halo stroke), so nothing is
  /// warned about; the text layers carry the glyphs of every character they show.
  @Test func writesTheLabelShadowAndTheGlyphs() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(["render", "--style", "upload", "--out", "u.json", "--size", "64"])
    #expect(result.status == 0, "\(result.err)")
    #expect(!result.errLines.contains { $0.hasPrefix("progress-render: warning: u.json: ") }, "\(result.err)")
    let data = try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/u.json"))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let layers = try #require(object["layers"] as? [[String: Any]])
    let names = layers.compactMap { $0["nm"] as? String }
    #expect(names.filter { $0.hasPrefix("label 1 halo ") }.count == 3, "\(names)")
    let chars = try #require(object["chars"] as? [[String: Any]])
    let characters = Set(chars.compactMap { $0["ch"] as? String })
    #expect(characters.isSuperset(of: ["0", "5", ".", "%"]), "\(characters)")
    #expect(try scratch.workContents() == ["u.json"])
  }

  /// `--out name.lottie`: a dotLottie ZIP holding its manifest and, stored as written, the same JSON
  /// as `--out name.json`; the same bytes twice.
  @Test func dotLottieHoldsTheJSONAndItsManifest() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    for out in ["d.json", "d.lottie", "again/d.lottie"] {
      try FileManager.default.createDirectory(atPath: scratch.work + "/again", withIntermediateDirectories: true)
      let result = try scratch.run(["render", "--style", "download", "--out", out, "--quiet"])
      #expect(result.status == 0, "\(result.err)")
    }
    let json = try [UInt8](Data(contentsOf: URL(fileURLWithPath: scratch.work + "/d.json")))
    let archive = try [UInt8](Data(contentsOf: URL(fileURLWithPath: scratch.work + "/d.lottie")))
    #expect(archive.starts(with: [0x50, 0x4B, 0x03, 0x04]))
    let text = String(decoding: archive, as: UTF8.self)
    #expect(text.contains("manifest.json") && text.contains("animations/d.json"))
    #expect(text.contains("{\"animations\":[{\"id\":\"d\"}]"))
    #expect(archive.count > json.count && text.contains(String(decoding: json, as: UTF8.self)))
    let again = try [UInt8](Data(contentsOf: URL(fileURLWithPath: scratch.work + "/again/d.lottie")))
    #expect(again == archive)
  }

  @Test func sameBytesTwice() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    for name in ["a.json", "b.json"] {
      #expect(try scratch.run(["render", "--style", "upload", "--out", name, "--quiet"]).status == 0)
    }
    let a = try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/a.json"))
    let b = try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/b.json"))
    #expect(a == b)
  }

  @Test func batchWritesAGIFAndALottieFile() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let manifest = """
      { "defaults": { "size": 24, "fps": 5, "duration": 0.6 },
        "assets": [
          { "style": "download", "out": "out/download.gif" },
          { "style": "download", "out": "out/download.json" } ] }
      """
    #expect(FileManager.default.createFile(atPath: scratch.work + "/assets.json", contents: Data(manifest.utf8)))
    let result = try scratch.run(["batch", "assets.json"])
    #expect(result.status == 0, "\(result.err)")
    let lottie = try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/out/download.json"))
    let object = try #require(try JSONSerialization.jsonObject(with: lottie) as? [String: Any])
    #expect(object["op"] as? Int == 3 && object["w"] as? Int == 24)
    #expect(FileManager.default.fileExists(atPath: scratch.work + "/out/download.gif"))
    let again = try scratch.run(["batch", "assets.json"])
    #expect(again.out.hasPrefix("rendered 0, skipped 2, failed 0"), "\(again.out)")
  }

  @Test func checkGatesALottieFileByItsBytes() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let manifest = """
      { "defaults": { "size": 24, "fps": 5, "duration": 0.6 },
        "assets": [ { "style": "countdown", "out": "out/c.json" } ] }
      """
    #expect(FileManager.default.createFile(atPath: scratch.work + "/assets.json", contents: Data(manifest.utf8)))
    let recorded = try scratch.run(["check", "assets.json", "--golden", "golden", "--update"])
    #expect(recorded.status == 0, "\(recorded.err)")
    #expect(recorded.out.contains("updated: assets[0] golden/out/c.json"), "\(recorded.out)")
    let same = try scratch.run(["check", "assets.json", "--golden", "golden"])
    #expect(same.status == 0, "\(same.out)\(same.err)")
    #expect(same.out.contains("check: 1 same, 0 different, 0 new, 0 failed"))
    #expect(FileManager.default.createFile(atPath: scratch.work + "/golden/out/c.json", contents: Data("{}\n".utf8)))
    let different = try scratch.run(["check", "assets.json", "--golden", "golden"])
    #expect(different.status == 1)
    #expect(different.out.contains("different: assets[0] out/c.json: the Lottie file differs from the golden ("))
  }
}
