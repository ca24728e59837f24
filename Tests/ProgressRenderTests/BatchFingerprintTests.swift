import Foundation
import Testing

@testable import ProgressRender

@Suite struct BatchFingerprintTests {
  private let folder = FileManager.default.temporaryDirectory.path + "/batch-fingerprint-\(UUID().uuidString)"

  private func write(_ name: String, _ bytes: [UInt8]) -> String {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + name
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
  }

  private func entry(_ values: [String: ManifestValue], defaulted: Set<String> = []) -> BatchEntry {
    BatchEntry(index: 0, values: values, defaultedKeys: defaulted)
  }

  @Test func sameInputsSameFingerprint() {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let style = write("s.json", Array("{}".utf8))
    let values: [String: ManifestValue] = [
      "style-file": .string("s.json"), "out": .string("a.gif"), "size": .number(8),
    ]
    let files = [BatchFingerprint.Input(role: "style-file", path: style)]
    let a = BatchFingerprint.inputs(entry: entry(values), files: files, fonts: ["sans-serif"])
    // Where a value comes from (defaults or the asset) does not matter, only the merged entry.
    let b = BatchFingerprint.inputs(entry: entry(values, defaulted: ["size"]), files: files, fonts: ["sans-serif"])
    #expect(a == b)
    #expect(a.count == 64)
    // Rewriting the file with the same bytes changes nothing.
    _ = write("s.json", Array("{}".utf8))
    #expect(BatchFingerprint.inputs(entry: entry(values), files: files, fonts: ["sans-serif"]) == a)
  }

  @Test func anyInputChangeChangesIt() {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let style = write("s.json", Array("{}".utf8))
    let image = write("i.png", [1, 2, 3])
    let values: [String: ManifestValue] = ["style-file": .string("s.json"), "out": .string("a.gif")]
    let files = [
      BatchFingerprint.Input(role: "style-file", path: style), BatchFingerprint.Input(role: "image", path: image),
    ]
    let base = BatchFingerprint.inputs(entry: entry(values), files: files, fonts: ["sans-serif"])
    var changedValue = values
    changedValue["scale"] = .number(2)
    var changedOut = values
    changedOut["out"] = .string("b.gif")
    let variants = [
      BatchFingerprint.inputs(entry: entry(changedValue), files: files, fonts: ["sans-serif"]),
      BatchFingerprint.inputs(entry: entry(changedOut), files: files, fonts: ["sans-serif"]),
      BatchFingerprint.inputs(entry: entry(values), files: files, fonts: ["sans-serif:weight=bold"]),
      BatchFingerprint.inputs(entry: entry(values), files: Array(files.prefix(1)), fonts: ["sans-serif"]),
    ]
    _ = write("i.png", [1, 2, 4])
    let newImage = BatchFingerprint.inputs(entry: entry(values), files: files, fonts: ["sans-serif"])
    _ = write("s.json", Array("{ }".utf8))
    let newStyle = BatchFingerprint.inputs(entry: entry(values), files: files, fonts: ["sans-serif"])
    try? FileManager.default.removeItem(atPath: image)
    let missingImage = BatchFingerprint.inputs(entry: entry(values), files: files, fonts: ["sans-serif"])
    let all = [base] + variants + [newImage, newStyle, missingImage]
    #expect(Set(all).count == all.count)
  }

  @Test func fontPatternsFollowTheLabels() throws {
    #expect(BatchFingerprint.fontPatterns(of: Presets.download) == ["sans-serif:weight=bold"])
    #expect(BatchFingerprint.fontPatterns(of: Presets.wave) == [])
    var style = Presets.download
    style.look.labels?[0].font.family = "Droid Sans"
    #expect(BatchFingerprint.fontPatterns(of: style) == ["Droid Sans:weight=bold"])
  }

  @Test func outputDigestOfAFramesFolderCoversEveryFrame() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = write("frame-0000.png", [1])
    _ = write("frame-0001.png", [2])
    let target = OutputTarget.pngFrames(directory: folder + "/")
    let base = try #require(BatchFingerprint.outputDigest(target))
    _ = write("notes.txt", [9])
    #expect(BatchFingerprint.outputDigest(target) == base)
    _ = write("frame-0001.png", [3])
    let changed = BatchFingerprint.outputDigest(target)
    #expect(changed != nil && changed != base)
    _ = write("frame-0001.png", [2])
    _ = write("frame-0002.png", [2])
    #expect(BatchFingerprint.outputDigest(target) != base)
    #expect(BatchFingerprint.outputDigest(.gif(path: folder + "/none.gif")) == nil)
    #expect(
      BatchFingerprint.outputDigest(.gif(path: write("a.gif", Array("abc".utf8))))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test func lockEncodesWithSortedKeys() throws {
    let lock = BatchLock(assets: [
      "b.gif": BatchLock.Entry(inputs: "1", output: "2"), "a.gif": BatchLock.Entry(inputs: "3", output: "4"),
    ])
    let text = String(decoding: try lock.encoded(), as: UTF8.self)
    #expect(
      text == """
        {
          "assets" : {
            "a.gif" : {
              "inputs" : "3",
              "output" : "4"
            },
            "b.gif" : {
              "inputs" : "1",
              "output" : "2"
            }
          },
          "lockVersion" : 1
        }

        """)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = write("assets.lock", try lock.encoded())
    #expect(BatchLock.load(path: path).lock == lock)
    #expect(BatchLock.load(path: path).warning == nil)
    _ = write("assets.lock", Array("nonsense".utf8))
    #expect(BatchLock.load(path: path).lock == BatchLock())
    #expect(
      BatchLock.load(path: path).warning
        == "lock file '\(path)' cannot be read; every asset renders and the file is rewritten")
    #expect(BatchLock.load(path: folder + "/none.lock").warning == nil)
  }
}
