import Foundation
import Testing

@testable import ProgressRenderBatch

/// `BatchPlanner`: each entry planned by `RenderRequest.plan()`, its errors and warnings named by
/// the entry and, where they are about one key's value, that key.
@Suite struct BatchPlannerLibraryTests {
  /// Plans `text` as a manifest in a fresh folder; returns the warnings or the messages.
  private func plan(_ text: String) throws -> (warnings: [String], messages: [String], folder: String) {
    let folder = FileManager.default.temporaryDirectory.path + "/batch-planner-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let manifest = try BatchManifest.decode(Data(text.utf8), path: folder + "/assets.json")
    do {
      return (try BatchPlanner(manifest: manifest, outputRoot: nil).plan().flatMap(\.warnings), [], folder)
    } catch {
      return ([], error.messages, folder)
    }
  }

  /// A warning about a key the entry takes from `defaults` is left out; the others name the entry.
  @Test func warningsNameTheEntryAndSkipDefaults() throws {
    let result = try plan(
      #"{ "defaults": { "loop": 2 }, "assets": [ { "style": "wave", "out": "a.png" }, "#
        + #"{ "style": "download", "out": "b.png", "colors": 16, "caption": "x" } ] }"#)
    #expect(result.messages == [])
    #expect(
      result.warnings == [
        "assets[1] (b.png): style 'download' does not use --caption; ignored",
        "assets[1] (b.png): --colors is used only for a GIF (--out name.gif); ignored",
      ])
  }

  /// Planning and pre-flight errors, each named by the entry and the key it is about.
  @Test(arguments: [
    (
      #"{ "assets": [ { "style": "wave", "out": "a.png", "at": "9s", "duration": 2 } ] }"#,
      #"assets[0].at: expected a time within the 2 s output: 0s…2s or 0%…100%, got "9s""#
    ),
    (
      #"{ "defaults": { "style": "wav" }, "assets": [ { "out": "a.gif" } ] }"#,
      "defaults.style: unknown style 'wav'; did you mean 'wave'? Valid styles: thumb, download, countdown, upload, wave, material, material4, activity, dots"
    ),
    (
      #"{ "assets": [ { "style": "wave", "out": "a.gif", "size": 2000, "scale": 4 } ] }"#,
      "assets[0]: --size 2000 × --scale 4 = 8000 px is above the 4096 px limit; lower --size or --scale"
    ),
  ])
  func errorsNameTheEntryAndKey(manifest: String, message: String) throws {
    #expect(try plan(manifest).messages == [message])
  }

  /// A picture that does not exist is found by pre-flight, its path resolved against the manifest.
  @Test func aMissingImageIsFoundByPreflight() throws {
    let result = try plan(#"{ "assets": [ { "style": "upload", "out": "a.gif", "image": "no.png" } ] }"#)
    #expect(
      result.messages == ["assets[0]: --image '\(result.folder)/no.png' does not exist; give the path of a PNG file"])
  }
}
