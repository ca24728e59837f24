import Foundation
import Testing

@testable import ProgressRenderBatch
@testable import ProgressRenderCore
@testable import ProgressRenderPipeline

@Suite struct BatchFingerprintTests {
  private let folder = FileManager.default.temporaryDirectory.path + "/batch-fingerprint-\(UUID().uuidString)"

  private func write(_ name: String, _ bytes: [UInt8]) -> String {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + name
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return path
  }

  /// A request with the manifest keys and texts given, each parsed by its option's kind.
  private func request(_ values: [String: String]) throws -> RenderRequest {
    var request = RenderRequest()
    for (key, text) in values {
      let option = try #require(RenderOption.named(key))
      option.set(try option.kind.parse(text), in: &request)
    }
    return request
  }

  private func inputs(
    _ request: RenderRequest, style: Style = Presets.wave, files: [BatchFingerprint.Input],
    fonts: [String] = ["sans-serif"]
  ) -> String {
    BatchFingerprint.inputs(request: request, style: style, files: files, fonts: fonts)
  }

  @Test func sameInputsSameFingerprint() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let style = write("s.json", Array("{}".utf8))
    let files = [BatchFingerprint.Input(role: "style-file", path: style)]
    let a = inputs(try request(["style-file": "s.json", "out": "a.gif", "size": "8"]), files: files)
    #expect(a.count == 64)
    // Rewriting the file with the same bytes changes nothing.
    _ = write("s.json", Array("{}".utf8))
    #expect(inputs(try request(["style-file": "s.json", "out": "a.gif", "size": "8"]), files: files) == a)
  }

  /// Two spellings of one request have one fingerprint: values are hashed typed and normalised,
  /// and options that change no output (`quiet`) are left out.
  @Test(arguments: [
    (["color": "red", "size": "120"], ["color": "#FF0000", "size": " 120"]),
    (["color": "rgb(255, 0, 0)", "fps": "25"], ["color": "#ff0000ff", "fps": "25.0"]),
    (["at": "1500ms", "line-width": "2"], ["at": "1.5s", "line-width": "2.000"]),
    (["at": "1.5", "quiet": ""], ["at": "1.5S"]),
    (["background": "transparent", "variant": "ring"], ["background": "#00000000", "variant": "ring"]),
  ])
  func spellingsOfOneRequestShareIt(a: [String: String], b: [String: String]) throws {
    let base = ["style": "wave", "out": "a.gif"]
    let left = inputs(try request(base.merging(a) { $1 }), files: [])
    let right = inputs(try request(base.merging(b) { $1 }), files: [])
    #expect(left == right)
  }

  /// The style is hashed: a preset edited within a version re-renders.
  @Test func editingTheStyleChangesIt() throws {
    let asked = try request(["style": "wave", "out": "a.gif"])
    var edited = Presets.wave
    edited.fps += 1
    #expect(inputs(asked, style: Presets.wave, files: []) == inputs(asked, style: Presets.wave, files: []))
    #expect(inputs(asked, style: Presets.wave, files: []) != inputs(asked, style: edited, files: []))
  }

  @Test func anyInputChangeChangesIt() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let style = write("s.json", Array("{}".utf8))
    let image = write("i.png", [1, 2, 3])
    let values = ["style-file": "s.json", "out": "a.gif"]
    let files = [
      BatchFingerprint.Input(role: "style-file", path: style), BatchFingerprint.Input(role: "image", path: image),
    ]
    let asked = try request(values)
    let base = inputs(asked, files: files)
    let variants = [
      inputs(try request(values.merging(["scale": "2"]) { $1 }), files: files),
      inputs(try request(values.merging(["out": "b.gif"]) { $1 }), files: files),
      inputs(asked, files: files, fonts: ["sans-serif:weight=bold"]),
      inputs(asked, files: Array(files.prefix(1))),
    ]
    _ = write("i.png", [1, 2, 4])
    let newImage = inputs(asked, files: files)
    _ = write("s.json", Array("{ }".utf8))
    let newStyle = inputs(asked, files: files)
    try? FileManager.default.removeItem(atPath: image)
    let missingImage = inputs(asked, files: files)
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
