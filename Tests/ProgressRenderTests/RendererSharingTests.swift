import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderPipeline

/// What the render shares between its renderers (issue 24): a sibling paints what a renderer made
/// afresh paints, and the label check done with the render's first renderer finds what the check
/// on a renderer of its own finds, reported before the output exists.
@Suite struct RendererSharingTests {
  private static let settings = RenderSettings(size: 48, scale: 1, fps: 10, duration: 1, background: .white)

  /// Every preset, and one with a picture: a sibling's frames are a fresh renderer's, even when the
  /// sibling paints after the first renderer has painted other times.
  @Test(arguments: ["thumb", "download", "countdown", "upload", "wave"])
  func siblingPaintsTheSameFrames(name: String) throws {
    let style = try Presets.named(name)
    let fresh = try Renderer(style: style, settings: Self.settings)
    let first = try Renderer(style: style, settings: Self.settings)
    _ = try first.frame(7)
    let sibling = try first.sibling()
    for index in [0, 3, 9] {
      let expected = try fresh.frame(index)
      #expect(try sibling.frame(index) == expected, "frame \(index) of \(name)")
      #expect(try first.frame(index) == expected, "frame \(index) of \(name)")
    }
  }

  /// Labels that fit, that wrap, that shrink: `run(labelWarnings:)` reports `labelWarnings()`'s
  /// warnings once, before the output is written; `run()` does not look.
  @Test(arguments: [
    StyleOverrides(), StyleOverrides(label: "Please wait a moment"),
    StyleOverrides(label: "Downloading the latest update, please wait"),
  ])
  func labelWarningsComeFromTheRender(overrides: StyleOverrides) throws {
    let folder = FileManager.default.temporaryDirectory.path + "/renderer-sharing-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/out.gif"
    let style = overrides.applied(to: Presets.download)
    let job = RenderJob(style: style, settings: Self.settings, output: .gif(path: path))
    let expected = try job.labelWarnings()
    var reports: [[RenderWarning]] = []
    try job.run { warnings in
      #expect(!FileManager.default.fileExists(atPath: path))
      reports.append(warnings)
    }
    #expect(reports == [expected])
    #expect(FileManager.default.fileExists(atPath: path))
  }

  /// The long label does warn, so the case above compares warnings, not two empty lists.
  @Test func theLongLabelWarns() throws {
    let style = StyleOverrides(label: "Downloading the latest update, please wait").applied(to: Presets.download)
    let job = RenderJob(style: style, settings: Self.settings, output: .gif(path: "/nonexistent/out.gif"))
    #expect(try job.labelWarnings().count == 1)
  }
}
