import Foundation
import ProgressRender
import Testing

@testable import progress_render

/// Manifest entries through `render`'s option table: every problem named by entry and key.
@Suite struct BatchPlannerTests {
  private func messages(_ assets: String, defaults: String = "{}") throws -> [String] {
    let folder = FileManager.default.temporaryDirectory.path + "/batch-planner-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let text = "{ \"defaults\": \(defaults), \"assets\": [ \(assets) ] }"
    let manifest = try BatchManifest.decode(Data(text.utf8), path: folder + "/assets.json")
    do {
      _ = try BatchPlanner(manifest: manifest, outputRoot: nil).plan()
      return []
    } catch {
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
      return error.messages
    }
  }

  @Test(arguments: [
    (#"{"style": "wave", "out": "a.gif", "scale": "x"}"#, #"assets[0].scale: expected a whole number 1…4, got "x""#),
    (#"{"style": "wave", "out": "a.gif", "scale": 9}"#, "assets[0].scale: expected a whole number 1…4, got 9"),
    (
      #"{"style": "wave", "out": "a.gif", "size": 1.5}"#,
      "assets[0].size: expected a whole number 1…4096 (pixels) or WIDTHxHEIGHT ('50x16'), got 1.5"
    ),
    (
      #"{"style": "wave", "out": "a.gif", "fps": true}"#,
      "assets[0].fps: expected a number 0.01…50 (frames per second), got true"
    ),
    (#"{"style": "wave", "out": "a.gif", "quiet": "yes"}"#, #"assets[0].quiet: expected true or false, got "yes""#),
    (#"{"style": "wave", "out": "a.gif", "colour": "red"}"#, "assets[0].colour: unknown key; did you mean 'color'?"),
    (
      #"{"style": "wave", "out": "a.gif", "help": true}"#,
      "assets[0].help: unknown key; keys are the long options of 'render' without '--' (see 'progress-render render --help')"
    ),
    (
      #"{"style": "upload", "out": "a.gif", "variant": "rin"}"#,
      #"assets[0].variant: expected one of pie, ring, got "rin"; did you mean 'ring'?"#
    ),
    (#"{"style": "wave", "out": "a.png", "at": "200%"}"#, #"assets[0].at: expected 0%…100%, got "200%""#),
    (
      #"{"style": "wav", "out": "a.gif"}"#,
      "assets[0].style: unknown style 'wav'; did you mean 'wave'? Valid styles: thumb, download, countdown, upload, wave, material, material4, activity, dots"
    ),
    (
      #"{"out": "a.gif"}"#,
      #"assets[0]: missing "style", "style-file" or "lottie": give a preset (thumb, download, countdown, upload, wave, material, material4, activity, dots), a style file or a Lottie file"#
    ),
    (
      #"{"style": "wave"}"#,
      #"assets[0]: missing "out": give the output path (name.gif, name.png or folder/), relative to the manifest"#
    ),
    (
      #"{"style": "wave", "style-file": "s.json", "out": "a.gif"}"#,
      #"assets[0]: "style" and "style-file" cannot be used together; give one of them"#
    ),
    (
      #"{"style": "wave", "lottie": "l.json", "out": "a.gif"}"#,
      #"assets[0]: "style" and "lottie" cannot be used together; give one of them"#
    ),
    (
      #"{"lottie": "-", "out": "a.gif"}"#,
      #"assets[0].lottie: "-" (standard input) cannot be read by a manifest; give the path of a Lottie file, relative to the manifest"#
    ),
    (
      #"{"style": "wave", "out": "a.png", "at": "9s", "duration": 2}"#,
      #"assets[0].at: expected a time within the 2 s output: 0s…2s or 0%…100%, got "9s""#
    ),
  ])
  func entryErrors(asset: String, message: String) throws {
    #expect(try messages(asset) == [message])
  }

  @Test func defaultsAreNamedOnceAndDuplicatesByBothIndices() throws {
    #expect(
      try messages(#"{"style": "wave", "out": "a.gif"}, {"style": "thumb", "out": "b.gif"}"#, defaults: #"{"sise": 3}"#)
        == ["defaults.sise: unknown key; did you mean 'size'?"])
    #expect(
      try messages(
        #"{"style": "wave", "out": "a.gif"}, {"style": "thumb", "out": "b.gif"}, {"style": "wave", "out": "x/../a.gif"}"#
      )
        == ["assets[0].out and assets[2].out both write 'a.gif'; give each asset its own output"])
  }

  /// Random sets of outputs spelled through a link, `.`, missing folders and frames folders: the
  /// plan is refused exactly when two outputs lead to the same place or one inside the other
  /// (compared pairwise on resolved paths), and a refused plan leaves the folder as it was.
  @Test func overlappingOutputsAreRefusedExactly() throws {
    let folder = FileManager.default.temporaryDirectory.path + "/batch-overlap-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "real")
    let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    let prefixes = ["", "real/", "link/", "./", "new/", "real//", "link/../real/"]
    let finals = ["a.gif", "b.png", "fr/", "fr/frame-0000.png", "a.gif/", "fr/sub/c.gif"]
    var state: UInt64 = 42
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var refused = 0
    for _ in 0..<150 {
      let outs = (0..<(2 + next(3))).map { _ in prefixes[next(prefixes.count)] + finals[next(finals.count)] }
      let styles = outs.map { #"{"style": "thumb", "size": 8, "out": "\#($0)"}"# }
      let text = "{ \"assets\": [ \(styles.joined(separator: ", ")) ] }"
      let manifest = try BatchManifest.decode(Data(text.utf8), path: folder + "/assets.json")
      let resolved = outs.map { OutputPathResolver.resolved(folder + "/" + $0) }
      var overlaps = false
      for i in resolved.indices {
        for j in resolved.indices where i < j {
          overlaps =
            overlaps || OutputPathResolver.isWithin(resolved[i], folder: resolved[j])
            || OutputPathResolver.isWithin(resolved[j], folder: resolved[i])
        }
      }
      do {
        _ = try BatchPlanner(manifest: manifest, outputRoot: nil).plan()
        #expect(!overlaps, "\(outs)")
      } catch {
        #expect(overlaps, "\(outs): \(error.messages)")
        #expect(error.messages.allSatisfy { $0.hasSuffix("give each asset its own output") }, "\(error.messages)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/real").isEmpty)
        refused += 1
      }
      for name in try FileManager.default.contentsOfDirectory(atPath: folder) where !before.contains(name) {
        try FileManager.default.removeItem(atPath: folder + "/" + name)
      }
      for name in try FileManager.default.contentsOfDirectory(atPath: folder + "/real") {
        try FileManager.default.removeItem(atPath: folder + "/real/" + name)
      }
    }
    #expect(refused > 20 && refused < 140, "\(refused)")
  }

  @Test func entriesBecomeRenderJobsWithManifestRelativePaths() throws {
    let folder = FileManager.default.temporaryDirectory.path + "/batch-planner-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let text = #"""
      { "defaults": { "size": 20, "fps": 10, "color": "#ff0000" },
        "assets": [ { "style": "wave", "out": "deep/er/w.gif", "scale": 2, "loop": 3 },
                    { "style": "thumb", "out": "frames/", "progress": 0.5, "size": 30 } ] }
      """#
    let manifest = try BatchManifest.decode(Data(text.utf8), path: folder + "/assets.json")
    let planned = try BatchPlanner(manifest: manifest, outputRoot: nil).plan()
    #expect(planned.map(\.asset.name) == ["deep/er/w.gif", "frames/"])
    #expect(planned[0].asset.job.output == .gif(path: folder + "/deep/er/w.gif"))
    #expect(planned[0].asset.job.settings.pixelSize == 40)
    #expect(planned[0].asset.job.gif.loop == 3)
    #expect(planned[1].asset.job.output == .pngFrames(directory: folder + "/frames/"))
    #expect(planned[1].asset.job.settings.size == 30)
    #expect(FileManager.default.fileExists(atPath: folder + "/deep/er"))
    // The same option words through `render`'s parser give the same job.
    let parsed = try ArgumentParser(options: RenderOptions.all).parse([
      "--style", "wave", "--out", folder + "/deep/er/w.gif", "--scale", "2", "--loop", "3", "--size", "20", "--fps",
      "10", "--color", "#ff0000",
    ])
    let direct = try RenderCommand.plan(RenderOptions.request(parsed)).job
    #expect(direct.style == planned[0].asset.job.style)
    #expect(direct.settings == planned[0].asset.job.settings)
    #expect(direct.gif == planned[0].asset.job.gif)
    #expect(planned[0].asset.inputs != planned[1].asset.inputs)
  }

  /// Planning is pure: a render whose output folder is missing plans, and only pre-flight refuses it.
  @Test func planningWritesNothingAndPreflightChecksTheOutput() throws {
    var request = RenderRequest()
    request.style = "wave"
    request.out = "/nope/a.gif"
    let plan = try RenderCommand.plan(request)
    #expect(plan.job.output == .gif(path: "/nope/a.gif"))
    #expect(throws: RenderError.missingFolder(folder: "/nope", path: "/nope/a.gif")) { try plan.preflight() }
    let error = #expect(throws: UsageError.self) { try RenderCommand.preflight(plan) }
    #expect(
      error?.description
        == "--out '/nope/a.gif': the folder '/nope' does not exist; create it first or choose another path")
  }

  /// The lock fingerprint hashes the typed request: spelling an entry differently (defaults or the
  /// asset, a colour name or hex, a number or its text, `./a.gif` or `a.gif`) re-renders nothing.
  @Test func spellingsOfOneEntryShareTheFingerprint() throws {
    let spellings = [
      #"{ "defaults": { "size": 120 }, "assets": [ { "style": "wave", "out": "a.gif", "color": "red" } ] }"#,
      ##"{ "assets": [ { "style": "wave", "out": "./a.gif", "size": "120", "color": "#FF0000" } ] }"##,
      #"{ "assets": [ { "out": "x//../a.gif", "color": "rgb(255, 0, 0)", "size": 120.0, "style": "wave" } ] }"#,
    ]
    var fingerprints: [String] = []
    for text in spellings {
      let folder = FileManager.default.temporaryDirectory.path + "/batch-spelling-\(UUID().uuidString)"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let manifest = try BatchManifest.decode(Data(text.utf8), path: folder + "/assets.json")
      fingerprints += try BatchPlanner(manifest: manifest, outputRoot: nil).plan().map(\.asset.inputs)
    }
    #expect(fingerprints.count == 3 && Set(fingerprints).count == 1)
  }
}
