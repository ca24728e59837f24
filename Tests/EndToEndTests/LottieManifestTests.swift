import Foundation
import Testing

/// `"lottie": "path"` entries of `batch` and `check` manifests through the real binary: rendered
/// with the entry's output options, fresh until the Lottie file or an image it links changes.
@Suite struct LottieManifestTests {
  /// A 40 × 40, 10 fps, one-second animation: a square image from `img/dot.png` over a solid.
  static func animation(solid: String = "#3366ff") -> String {
    #"{"v":"5.7.0","fr":10,"ip":0,"op":10,"w":40,"h":40,"nm":"m","assets":[{"id":"dot","w":8,"h":8,"u":"img/","p":"dot.png"}],"#
      + #""layers":[{"ty":2,"nm":"dot","ind":1,"refId":"dot","ip":0,"op":10,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[4,4]},{"t":10,"s":[28,28]}]},"a":{"a":0,"k":[0,0]}}},"#
      + #"{"ty":1,"nm":"bg","ind":2,"sc":"\#(solid)","sw":40,"sh":40,"ip":0,"op":10,"st":0,"ks":{}}]}"#
  }

  static let manifest = """
    { "defaults": { "size": 24 },
      "assets": [
        { "lottie": "anim.json", "out": "out/anim.gif" },
        { "lottie": "anim.json", "out": "out/anim.png", "at": "50%" } ] }
    """

  /// Writes the manifest, the animation and its image under `set/`.
  static func setUp(_ scratch: Binary) throws {
    try FileManager.default.createDirectory(atPath: scratch.work + "/set/img", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: scratch.work + "/set/assets.json", contents: Data(manifest.utf8)))
    #expect(FileManager.default.createFile(atPath: scratch.work + "/set/anim.json", contents: Data(animation().utf8)))
    let dot = try scratch.run(["render", "--style", "thumb", "--size", "8", "--out", "set/img/dot.png", "--quiet"])
    try #require(dot.status == 0, "\(dot.err)")
  }

  @Test func rendersAndGoesStaleWithTheFileAndItsImage() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    try Self.setUp(scratch)
    let first = try scratch.run(["batch", "set/assets.json"])
    #expect(first.status == 0, "\(first.err)")
    #expect(first.out.hasPrefix("rendered 2, skipped 0, failed 0 in "), "\(first.out)")
    let gif = try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/set/out/anim.gif"))
    let single = try scratch.run(["--lottie", "set/anim.json", "--size", "24", "--out", "single.gif", "--quiet"])
    #expect(single.status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/single.gif")) == gif)

    let again = try scratch.run(["batch", "set/assets.json"])
    #expect(again.out.hasPrefix("rendered 0, skipped 2, failed 0 in "), "\(again.out)")

    let image = try scratch.run(["render", "--style", "wave", "--size", "8", "--out", "set/img/dot.png", "--quiet"])
    #expect(image.status == 0)
    let afterImage = try scratch.run(["batch", "set/assets.json"])
    #expect(afterImage.out.hasPrefix("rendered 2, skipped 0, failed 0 in "), "\(afterImage.out)")

    let edited = Self.animation(solid: "#ff3300")
    #expect(FileManager.default.createFile(atPath: scratch.work + "/set/anim.json", contents: Data(edited.utf8)))
    let afterEdit = try scratch.run(["batch", "set/assets.json"])
    #expect(afterEdit.out.hasPrefix("rendered 2, skipped 0, failed 0 in "), "\(afterEdit.out)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/set/out/anim.gif")) != gif)
  }

  @Test func checksAgainstGoldens() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    try Self.setUp(scratch)
    let update = try scratch.run(["check", "set/assets.json", "--golden", "golden", "--update", "--quiet"])
    #expect(update.status == 0, "\(update.out)\(update.err)")
    let same = try scratch.run(["check", "set/assets.json", "--golden", "golden"])
    #expect(same.out == "check: 2 same, 0 different, 0 new, 0 failed\n", "\(same.out)\(same.err)")
    #expect(
      FileManager.default.createFile(
        atPath: scratch.work + "/set/anim.json", contents: Data(Self.animation(solid: "#ff3300").utf8)))
    let different = try scratch.run(["check", "set/assets.json", "--golden", "golden", "--quiet"])
    #expect(different.status == 1)
    #expect(different.out.hasPrefix("different: assets[0] out/anim.gif"), "\(different.out)")
  }

  /// A Lottie file that is missing or broken is named with the manifest's entry; nothing is written.
  @Test(arguments: [
    ("missing.json", nil, "assets[0]: --lottie set/missing.json no such file"),
    ("bad.json", "{\"fr\":10}", "assets[0]: --lottie set/bad.json: the animation has no 'op'"),
  ])
  func namesTheEntry(file: String, text: String?, message: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    try Self.setUp(scratch)
    if let text {
      #expect(FileManager.default.createFile(atPath: scratch.work + "/set/" + file, contents: Data(text.utf8)))
    }
    let manifest = #"{ "assets": [ { "lottie": "\#(file)", "out": "out/x.gif" } ] }"#
    #expect(FileManager.default.createFile(atPath: scratch.work + "/set/assets.json", contents: Data(manifest.utf8)))
    let result = try scratch.run(["batch", "set/assets.json"])
    #expect(result.status == 2, "\(result.err)")
    #expect(result.err.contains(message), "\(result.err)")
    #expect(!FileManager.default.fileExists(atPath: scratch.work + "/set/out"))
  }
}
