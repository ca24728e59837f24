import Foundation
import Synchronization
import Testing

/// Where `batch` and `check` may write (issue 10, items 6, 7, 10 and 14): outputs compared by the
/// place they really land, kept inside the manifest's folder, every input checked before anything
/// renders, and a lock that concurrent shards share without losing entries.
@Suite struct BatchOutputRuleTests {
  private static let defaults = #""size": 12, "fps": 5, "duration": 0.4"#

  /// `work/set/assets.json` with the assets given; `root/outside/` and the symlinks
  /// `set/link → real` and `set/link-out → ../../outside` exist, as does `set/real/`.
  private func set(_ scratch: Binary, _ assets: String, defaults: String = BatchOutputRuleTests.defaults) throws
    -> String
  {
    let folder = scratch.work + "/set"
    let manager = FileManager.default
    try manager.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
    try manager.createDirectory(atPath: scratch.root + "/outside", withIntermediateDirectories: true)
    try manager.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "real")
    try manager.createSymbolicLink(atPath: folder + "/link-out", withDestinationPath: "../../outside")
    let text = "{ \"defaults\": { \(defaults) }, \"assets\": [ \(assets) ] }"
    #expect(manager.createFile(atPath: folder + "/assets.json", contents: Data(text.utf8)))
    return folder
  }

  /// Every file and folder under `root`, relative, sorted (symlinks not followed).
  private func tree(_ root: String) -> [String] {
    var names: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let name = enumerator?.nextObject() as? String { names.append(name) }
    return names.sorted()
  }

  /// The command line of `batch` or `check` on `set/assets.json`.
  private func command(_ name: String, _ extra: [String] = []) -> [String] {
    [name, "set/assets.json", "--quiet"] + (name == "check" ? ["--golden", "golden"] : []) + extra
  }

  // MARK: - Item 6: one output, one entry

  @Test(arguments: [
    (
      #"{"style": "wave", "out": "real/b.gif"}, {"style": "thumb", "out": "link/b.gif"}"#, defaults,
      "assets[0].out and assets[1].out ('link/b.gif') both write 'real/b.gif'; give each asset its own output"
    ),
    (
      #"{"style": "wave", "out": "fr/"}, {"style": "thumb", "out": "fr/frame-0000.png"}"#, defaults,
      "assets[1].out ('fr/frame-0000.png') writes inside 'fr', the output of assets[0].out ('fr/'); "
        + "give each asset its own output"
    ),
    (
      #"{"style": "thumb", "out": "fr/sub/a.png"}, {"style": "wave", "out": "link/../fr/"}"#, defaults,
      "assets[0].out ('fr/sub/a.png') writes inside 'fr', the output of assets[1].out ('link/../fr/'); "
        + "give each asset its own output"
    ),
    (
      #"{"style": "wave", "out": "x.gif"}, {"style": "wave", "out": "x.gif/"}"#, defaults,
      "assets[0].out and assets[1].out ('x.gif/') both write 'x.gif'; give each asset its own output"
    ),
    (
      #"{"style": "wave"}, {"style": "thumb"}"#, defaults + #", "out": "x.gif""#,
      "assets[0] and assets[1] both write 'x.gif' (from defaults.out); give each asset its own output"
    ),
  ])
  func twoEntriesNeverShareAnOutput(assets: String, defaults: String, message: String) throws {
    for name in ["batch", "check"] {
      let scratch = try Binary()
      defer { scratch.remove() }
      let folder = try set(scratch, assets, defaults: defaults)
      let before = tree(folder)
      let result = try scratch.run(command(name))
      #expect(result.status == 2, "\(name): \(result.err)")
      #expect(result.errLines == ["progress-render: error: " + message], "\(name)")
      #expect(tree(folder) == before)
    }
  }

  @Test func theLockHasOneEntryPerOutput() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let folder = try set(
      scratch, #"{"style": "wave", "out": "real/a.gif"}, {"style": "thumb", "out": "link/b.png"}"#)
    #expect(try scratch.run(command("batch")).status == 0)
    let lock = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/assets.lock")))
    let keys = ((lock as? [String: Any])?["assets"] as? [String: Any])?.keys.sorted()
    #expect(keys == ["link/b.png", "real/a.gif"])
  }

  // MARK: - Item 7: outputs stay inside the manifest's folder

  @Test(arguments: [
    (
      "../../escape/x.gif",
      "assets[1].out: '../../escape/x.gif' leads outside the manifest's folder; outputs stay inside it "
        + "(pass --allow-outside to allow it)"
    ),
    (
      "ROOT/escape/x.gif",
      "assets[1].out: 'ROOT/escape/x.gif' is an absolute path; outputs are relative to the manifest's folder "
        + "and stay inside it (pass --allow-outside to allow it)"
    ),
    (
      "link-out/x.gif",
      "assets[1].out: 'link-out/x.gif' leads outside the manifest's folder; outputs stay inside it "
        + "(pass --allow-outside to allow it)"
    ),
    (
      "link-out/sub/",
      "assets[1].out: 'link-out/sub/' leads outside the manifest's folder; outputs stay inside it "
        + "(pass --allow-outside to allow it)"
    ),
  ])
  func outputsOutsideAreRefusedUnlessAllowed(out: String, message: String) throws {
    for name in ["batch", "check"] {
      let scratch = try Binary()
      defer { scratch.remove() }
      let value = out.replacingOccurrences(of: "ROOT", with: scratch.root)
      let folder = try set(
        scratch, #"{"style": "wave", "out": "in.gif"}, {"style": "thumb", "out": "\#(value)"}"#)
      let result = try scratch.run(command(name))
      #expect(result.status == 2, "\(name) \(out)")
      #expect(
        result.errLines == ["progress-render: error: " + message.replacingOccurrences(of: "ROOT", with: scratch.root)],
        "\(name)")
      #expect(!FileManager.default.fileExists(atPath: scratch.root + "/escape"))
      #expect(tree(scratch.root + "/outside").isEmpty)
      #expect(!FileManager.default.fileExists(atPath: folder + "/in.gif"))
      guard name == "batch" else { continue }
      let allowed = try scratch.run(command(name, ["--allow-outside"]))
      #expect(allowed.status == 0, "\(out): \(allowed.err)")
      #expect(FileManager.default.fileExists(atPath: folder + "/in.gif"))
    }
  }

  @Test(arguments: [".", "./", "real/..", "link/../", "..", "../"])
  func theManifestFolderAndItsParentsAreNeverATarget(out: String) throws {
    for name in ["batch", "check"] {
      for extra in [[], ["--allow-outside"]] {
        let scratch = try Binary()
        defer { scratch.remove() }
        let folder = try set(scratch, #"{"style": "wave", "out": "\#(out)"}"#)
        #expect(FileManager.default.createFile(atPath: folder + "/frame-0000.png", contents: Data("mine".utf8)))
        let before = tree(scratch.work)
        let result = try scratch.run(command(name, extra))
        #expect(result.status == 2, "\(name) \(out) \(extra)")
        #expect(
          result.errLines == [
            "progress-render: error: assets[0].out: '\(out)' is the manifest's folder or a folder above it; "
              + "give a file or a folder inside it"
          ], "\(name) \(extra)")
        #expect(tree(scratch.work) == before)
      }
    }
  }

  @Test func checkWithAllowOutsideNamesGoldensByTheRelativePath() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    _ = try set(scratch, #"{"style": "wave", "out": "link-out/x.gif"}"#)
    let linked = try scratch.run(command("check", ["--allow-outside"]))
    #expect(linked.status == 1, "\(linked.err)")
    #expect(linked.out == "new: assets[0] link-out/x.gif: no golden at 'golden/link-out/x.gif' yet (new asset)\n")
    #expect(tree(scratch.root + "/outside").isEmpty)

    let other = try Binary()
    defer { other.remove() }
    _ = try set(other, #"{"style": "wave", "out": "../x.gif"}"#)
    let escaping = try other.run(command("check", ["--allow-outside"]))
    #expect(escaping.status == 2)
    #expect(
      escaping.errLines == [
        "progress-render: error: assets[0].out: 'check' names each golden by the output's path inside the "
          + "manifest's folder, and '../x.gif' has none; give a path relative to the manifest"
      ])
  }

  @Test(arguments: ["assets.lock/", "assets.json/", "link/../assets.lock/"])
  func theManifestAndItsLockAreNeverOutputs(out: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let folder = try set(scratch, #"{"style": "wave", "out": "\#(out)"}"#)
    let before = tree(folder)
    let result = try scratch.run(command("batch"))
    #expect(result.status == 2)
    #expect(
      result.errLines == [
        "progress-render: error: assets[0].out: '\(out)' is the manifest or its lock file; give another output path"
      ])
    #expect(tree(folder) == before)
  }

  // MARK: - Item 10: concurrent shards share the lock

  @Test func concurrentShardsKeepEveryLockEntry() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let styles = ["download", "wave", "thumb", "countdown", "upload"]
    let assets = (0..<20).map { #"{"style": "\#(styles[$0 % 5])", "out": "a\#($0).gif", "size": \#(12 + $0)}"# }
    let folder = try set(scratch, assets.joined(separator: ", "))
    for round in 0..<3 {
      let statuses = Mutex<[Int32]>([])
      DispatchQueue.concurrentPerform(iterations: 2) { shard in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binary.path)
        process.arguments = [
          "batch", "set/assets.json", "--quiet", "--force", "--jobs", "1", "--shard", "\(shard + 1)/2",
        ]
        process.currentDirectoryURL = URL(fileURLWithPath: scratch.work)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
          try process.run()
          process.waitUntilExit()
          statuses.withLock { $0.append(process.terminationStatus) }
        } catch {
          statuses.withLock { $0.append(-1) }
        }
      }
      #expect(statuses.withLock { $0 } == [0, 0], "round \(round)")
      let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/assets.lock"))
      let lock = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      #expect((lock?["assets"] as? [String: Any])?.count == 20, "round \(round)")
      try FileManager.default.removeItem(atPath: folder + "/assets.lock")
    }
  }

  // MARK: - Item 14: every input and destination checked first

  @Test(arguments: [
    ("missing.png", nil as String?, "cannot read the image file"),
    ("bad.png", "not an image", "not a PNG file"),
    ("folder.png", "", "cannot read the image file"),
  ])
  func aStyleFilesImageIsCheckedBeforeAnythingRenders(image: String, contents: String?, fragment: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let folder = try set(
      scratch, #"{"style": "wave", "out": "a.gif"}, {"style-file": "s.json", "out": "b.gif"}"#)
    let style = try scratch.run(["describe", "upload"]).out
    let edited = style.replacingOccurrences(of: #""image" : {"#, with: #""image" : { "path" : "\#(image)""#)
    #expect(edited != style)
    #expect(FileManager.default.createFile(atPath: folder + "/s.json", contents: Data(edited.utf8)))
    if image == "folder.png" {
      try FileManager.default.createDirectory(atPath: folder + "/folder.png", withIntermediateDirectories: false)
    } else if let contents {
      #expect(FileManager.default.createFile(atPath: folder + "/" + image, contents: Data(contents.utf8)))
    }
    for name in ["batch", "check"] {
      let result = try scratch.run(command(name))
      #expect(result.status == 2, "\(name): \(result.err)")
      #expect(result.errLines.count == 1)
      #expect(
        result.errLines.first?.hasPrefix("progress-render: error: assets[1].style-file: ") == true, "\(result.err)")
      #expect(result.errLines.first?.contains(image + ": " + fragment) == true, "\(result.err)")
      #expect(!FileManager.default.fileExists(atPath: folder + "/a.gif"))
    }
    let render = try scratch.run(["--style-file", "set/s.json", "--out", "r.gif"])
    #expect(render.status == 2)
    #expect(render.errLines.first?.contains(image + ": " + fragment) == true, "\(render.err)")
    #expect(!FileManager.default.fileExists(atPath: scratch.work + "/r.gif"))
  }

  @Test func aBadImageKeyIsCheckedBeforeAnythingRenders() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let folder = try set(
      scratch, #"{"style": "wave", "out": "a.gif"}, {"style": "upload", "out": "b.gif", "image": "broken.png"}"#)
    #expect(FileManager.default.createFile(atPath: folder + "/broken.png", contents: Data("not a png".utf8)))
    let result = try scratch.run(command("batch"))
    #expect(result.status == 2)
    #expect(result.errLines.count == 1)
    #expect(result.errLines.first?.hasPrefix("progress-render: error: assets[1].image: ") == true, "\(result.err)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/a.gif"))
  }
}
