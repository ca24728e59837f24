import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats
@testable import ProgressRenderPipeline

/// `RenderJob` used directly from Swift, without the command line (issue 13, "The library"): no
/// parameter silently overrides another, and `run()` refuses what the CLI loader refuses.
@Suite struct RenderJobTests {
  private let folder = FileManager.default.temporaryDirectory.path + "/render-job-\(UUID().uuidString)"

  private static let small = RenderSettings(size: 12, scale: 1, fps: 5, duration: 0.4, background: .white)

  private func job(style: Style = Presets.download, settings: RenderSettings = small, gif: GIFOptions = GIFOptions())
    -> RenderJob
  {
    RenderJob(style: style, settings: settings, output: .gif(path: folder + "/out.gif"), gif: gif)
  }

  /// The loop count given in `GIFOptions` is the one written (it used to be replaced by the
  /// initializer's own `loop: 0`, looping forever).
  @Test(arguments: [0, 1, 3, 65535])
  func loopCountFromGIFOptions(loop: Int) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try job(gif: GIFOptions(loop: loop)).run()
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/out.gif")))
    #expect(try GIFTestDecoder(bytes).loopCount == loop)
  }

  @Test func noLoopExtensionWhenLoopIsNil() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try job(gif: GIFOptions(loop: nil)).run()
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/out.gif")))
    #expect(try GIFTestDecoder(bytes).loopCount == nil)
  }

  /// Jobs the command line would refuse: `run()` refuses them too, with a typed error, and writes nothing.
  static let invalid: [(String, RenderJob.Mutation, String)] = [
    (
      "fps 1000 × 100 s",
      {
        $0.settings.fps = 1000; $0.settings.duration = 100
      }, "settings"
    ),
    (
      "10,001 frames",
      {
        $0.settings.fps = 50; $0.settings.duration = 300
      }, "settings"
    ),
    ("negative size", { $0.settings.size = -12 }, "settings"),
    ("negative arc width", { $0.style.look.arc?.width = -4 }, "style"),
    ("negative track width", { $0.style.look.track?.width = -1 }, "style"),
    ("label reads a missing track", { $0.style.look.labels?[0].source = "rotation" }, "style"),
    (
      "keyframes out of order",
      { $0.style.tracks[0].keyframes.reverse() }, "style"
    ),
    ("loop count 70000", { $0.gif.loop = 70000 }, "gif"),
    ("one colour", { $0.gif.colors = 1 }, "gif"),
  ]

  @Test(arguments: invalid)
  func runRefuses(name: String, mutation: RenderJob.Mutation, kind: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var job = job()
    mutation(&job)
    #expect(throws: RenderError.self, "\(name)") { try job.run() }
    do {
      try job.validate()
      Issue.record("\(name) passed validation")
    } catch {
      switch (error, kind) {
      case (.pixelSize, "settings"), (.scale, "settings"), (.fps, "settings"), (.duration, "settings"),
        (.frameCount, "settings"), (.edgeLevels, "settings"), (.style, "style"), (.gifOptions, "gif"):
        break
      default: Issue.record("\(name): \(error)")
      }
      #expect(error.kind == .badInput)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test func presetsPassValidation() throws {
    for style in Presets.all {
      try RenderJob(style: style, settings: RenderSettings(defaultsOf: style), output: .gif(path: "x.gif")).validate()
    }
  }
}

extension RenderJob {
  /// A change to a job, for tables of cases.
  typealias Mutation = @Sendable (inout RenderJob) -> Void
}
