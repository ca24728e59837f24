import Foundation
import Testing

/// `batch` and `check` through the real binary, on tiny assets.
@Suite struct BatchCommandTests {
  static let manifest = """
    { "defaults": { "size": 12, "fps": 5, "duration": 0.4, "background": "#ffffff" },
      "assets": [
        { "style": "download", "out": "out/download.gif" },
        { "style": "wave", "out": "out/wave@2x.gif", "scale": 2 },
        { "style": "thumb", "out": "out/thumb-37.png", "progress": 0.37 },
        { "style": "countdown", "out": "frames/count/" },
        { "style": "upload", "out": "out/upload.gif", "color": "#00ff00" } ] }
    """

  /// The files under a folder (relative paths, sorted) with their bytes.
  private func files(_ root: String) -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let name = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      #expect(FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isDirectory))
      if !isDirectory.boolValue { result[name] = FileManager.default.contents(atPath: root + "/" + name) }
    }
    return result
  }

  private func outputs(_ root: String) -> [String: Data] {
    files(root).filter { !$0.key.hasSuffix(".json") && !$0.key.hasSuffix(".lock") }
  }

  private func mtimes(_ root: String) -> [String: Date] {
    files(root).keys.reduce(into: [:]) { result, name in
      result[name] = (try? FileManager.default.attributesOfItem(atPath: root + "/" + name))?[.modificationDate] as? Date
    }
  }

  private func set(_ scratch: Binary, _ folder: String, manifest: String = BatchCommandTests.manifest) -> String {
    let path = scratch.work + "/" + folder
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: path + "/assets.json", contents: Data(manifest.utf8)))
    return path
  }

  @Test func incrementalRuns() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let root = set(scratch, "set")
    let first = try scratch.run(["batch", "set/assets.json"])
    #expect(first.status == 0, "\(first.err)")
    #expect(first.out.hasPrefix("rendered 5, skipped 0, failed 0 in "))
    #expect(first.errLines.count == 5)
    #expect(first.errLines.contains { $0.hasPrefix("[") && $0.contains("] rendered out/wave@2x.gif (") })
    let written = outputs(root)
    #expect(
      written.keys.sorted() == [
        "frames/count/frame-0000.png", "frames/count/frame-0001.png", "out/download.gif", "out/thumb-37.png",
        "out/upload.gif", "out/wave@2x.gif",
      ])
    #expect(FileManager.default.fileExists(atPath: root + "/assets.lock"))
    let stamps = mtimes(root)

    Thread.sleep(forTimeInterval: 0.02)
    let second = try scratch.run(["batch", "set/assets.json", "--json"])
    #expect(second.status == 0)
    let summary = try JSONSerialization.jsonObject(with: Data(second.out.utf8)) as? [String: Any]
    #expect((summary?["rendered"] as? [Any])?.count == 0)
    #expect((summary?["skipped"] as? [Any])?.count == 5)
    #expect(mtimes(root) == stamps)

    let changed = BatchCommandTests.manifest.replacingOccurrences(of: "\"scale\": 2", with: "\"scale\": 3")
    #expect(FileManager.default.createFile(atPath: root + "/assets.json", contents: Data(changed.utf8)))
    let third = try scratch.run(["batch", "set/assets.json", "--quiet"])
    #expect(third.status == 0)
    #expect(third.out.isEmpty && third.err.isEmpty)
    let after = mtimes(root)
    #expect(
      after.keys.filter { after[$0] != stamps[$0] }.sorted() == ["assets.json", "assets.lock", "out/wave@2x.gif"])

    let forced = try scratch.run(["batch", "set/assets.json", "--force", "--jobs", "1"])
    #expect(forced.out.hasPrefix("rendered 5, skipped 0, failed 0"))
  }

  @Test func shardsTogetherMakeTheFullSetAndJobsDoNotChangeBytes() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let full = set(scratch, "full")
    #expect(try scratch.run(["batch", "full/assets.json", "--jobs", "1", "--quiet"]).status == 0)
    let reference = outputs(full)
    let parallel = set(scratch, "parallel")
    #expect(try scratch.run(["batch", "parallel/assets.json", "--jobs", "2", "--quiet"]).status == 0)
    #expect(outputs(parallel) == reference)

    var union: [String: Data] = [:]
    for shard in 1...3 {
      let copy = set(scratch, "shard\(shard)")
      let result = try scratch.run(["batch", "shard\(shard)/assets.json", "--shard", "\(shard)/3"])
      #expect(result.status == 0)
      #expect(result.out.contains("(shard \(shard)/3 of 5 assets)"))
      let part = outputs(copy)
      #expect(!part.isEmpty)
      #expect(Set(part.keys).isDisjoint(with: union.keys))
      union.merge(part) { a, _ in a }
    }
    #expect(union == reference)
  }

  /// A write that fails while running (here a file size limit, as a full disk would) fails that
  /// asset alone: exit 1, the others rendered and recorded.
  @Test func oneFailingAssetDoesNotStopTheOthers() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let manifest = BatchCommandTests.manifest.replacingOccurrences(
      of: "\"color\": \"#00ff00\"", with: "\"size\": 200, \"fps\": 20, \"duration\": 2")
    let root = set(scratch, "set", manifest: manifest)
    let result = try scratch.run(["batch", "set/assets.json"], fileSizeLimit: 20)
    #expect(result.status == 1)
    #expect(result.err.contains("File too large"))
    #expect(result.out.hasPrefix("rendered 4, skipped 0, failed 1 in "))
    #expect(result.out.hasSuffix("; failed: assets[4] out/upload.gif\n"))
    #expect(result.errLines.contains { $0.hasPrefix("progress-render: error: assets[4] (out/upload.gif): ") })
    #expect(outputs(root).count == 5)
    #expect(!FileManager.default.fileExists(atPath: root + "/out/upload.gif"))
    let lock = String(decoding: FileManager.default.contents(atPath: root + "/assets.lock") ?? Data(), as: UTF8.self)
    #expect(lock.contains("\"out/download.gif\""))
    #expect(!lock.contains("upload"))
  }

  @Test func badManifestRendersNothing() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let manifest = """
      { "defaults": { "size": 12 },
        "assets": [ { "style": "download", "out": "a.gif", "scale": "x" },
                    { "style": "wave", "out": "b.gif" },
                    { "style": "wave", "out": "./a.gif", "colr": "red" } ] }
      """
    let root = set(scratch, "set", manifest: manifest)
    let result = try scratch.run(["batch", "set/assets.json"])
    #expect(result.status == 2)
    #expect(
      result.errLines == [
        "progress-render: error: assets[0].scale: expected a whole number 1…4, got \"x\"",
        "progress-render: error: assets[2].colr: unknown key; did you mean 'color'?",
      ])
    #expect(files(root).keys.sorted() == ["assets.json"])
  }
}
