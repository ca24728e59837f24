import Foundation
import Testing

@testable import ProgressRenderBatch

@Suite struct BatchManifestTests {
  private func decode(_ text: String) throws(BatchError) -> BatchManifest {
    try BatchManifest.decode(Data(text.utf8), path: "dir/assets.json")
  }

  @Test func mergesDefaultsUnderEachAsset() throws {
    let manifest = try decode(
      """
      { "defaults": { "size": 120, "fps": 30, "background": "#ffffff" },
        "assets": [ { "style": "wave", "out": "wave@2x.gif", "scale": 2, "size": 64 },
                    { "style": "thumb", "out": "t.png", "progress": 0.37, "quiet": true } ] }
      """)
    let first = manifest.entry(at: 0)
    #expect(first.values["size"] == .number(64))
    #expect(first.values["fps"] == .number(30))
    #expect(first.defaultedKeys == ["fps", "background"])
    #expect(first.location(of: "fps") == "defaults.fps")
    #expect(first.location(of: "size") == "assets[0].size")
    #expect(
      first.canonicalJSON
        == ##"{"background":"#ffffff","fps":30,"out":"wave@2x.gif","scale":2,"size":64,"style":"wave"}"##)
    let second = manifest.entry(at: 1)
    #expect(second.values["quiet"] == .bool(true))
    #expect(second.values["progress"]?.argumentText == "0.37")
  }

  @Test(arguments: [
    (ManifestValue.number(120), "120", "120"),
    (.number(0.37), "0.37", "0.37"),
    (.number(-2), "-2", "-2"),
    (.bool(true), "true", "true"),
    (.string("a \"b\"\n"), "a \"b\"\n", #""a \"b\"\n""#),
  ])
  func valueTexts(value: ManifestValue, argument: String, json: String) {
    #expect(value.argumentText == argument)
    #expect(value.jsonText == json)
  }

  @Test(arguments: [
    ("[1, 2]", "manifest 'dir/assets.json': expected an object with \"defaults\" and \"assets\""),
    (
      "{ \"defaults\": {} }",
      "manifest 'dir/assets.json': missing \"assets\": expected a list of assets, each an object of render options"
    ),
    (
      "{ \"assets\": [], \"default\": {} }",
      "manifest 'dir/assets.json': unknown top-level key 'default'; a manifest has \"defaults\" (optional) and \"assets\""
    ),
    ("{ \"assets\": {} }", "manifest 'dir/assets.json': assets: expected a list of objects"),
    ("{ \"assets\": [ 3 ] }", "manifest 'dir/assets.json': assets[0]: expected an object of render options"),
    (
      "{ \"assets\": [ { \"size\": [1] } ] }",
      "manifest 'dir/assets.json': assets[0].size: expected a boolean (for a flag), a number or a string"
    ),
    (
      "{ \"defaults\": { \"fps\": null }, \"assets\": [] }",
      "manifest 'dir/assets.json': defaults.fps: expected a boolean (for a flag), a number or a string"
    ),
  ])
  func structuralErrors(text: String, message: String) {
    #expect(throws: BatchError(message)) { try decode(text) }
  }

  @Test func invalidJSONNamesTheFile() {
    do {
      _ = try decode("{ \"assets\": [ ")
      Issue.record("decoded invalid JSON")
    } catch {
      #expect(error.description.hasPrefix("manifest 'dir/assets.json': not valid JSON"))
    }
  }

  @Test func missingFileIsNamed() {
    #expect(
      throws: BatchError("manifest '/nonexistent/a.json' does not exist; give the path of a JSON manifest file")
    ) {
      try BatchManifest.load(path: "/nonexistent/a.json")
    }
  }

  @Test(arguments: [
    ("assets.json", "assets.lock", "."),
    ("dir/assets.json", "dir/assets.lock", "dir"),
    ("/a/b/set.v2.json", "/a/b/set.v2.lock", "/a/b"),
    ("manifest", "manifest.lock", "."),
  ])
  func lockBesideManifest(path: String, lock: String, directory: String) {
    let manifest = BatchManifest(path: path, assets: [])
    #expect(manifest.lockPath == lock)
    #expect(manifest.directory == directory)
  }

  @Test(arguments: [
    ("a.gif", "a.gif"), ("./out//a.gif", "out/a.gif"), ("x/../frames/b/", "frames/b/"), ("../a.gif", nil),
    ("/abs/a.gif", nil), ("./", nil),
  ])
  func normalizedPaths(path: String, expected: String?) {
    #expect(BatchManifest.normalized(path) == expected)
  }

  @Test func resolvesRelativeToTheManifest() {
    let manifest = BatchManifest(path: "dir/assets.json", assets: [])
    #expect(manifest.resolve("out/a.gif") == "dir/out/a.gif")
    #expect(manifest.resolve("frames/") == "dir/frames/")
    #expect(manifest.resolve("/abs/a.gif") == "/abs/a.gif")
    #expect(BatchManifest(path: "assets.json", assets: []).resolve("a.gif") == "a.gif")
  }
}
