import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderPipeline
@testable import ProgressRenderRaster

/// What the render shares between its renderers (issue 24): a sibling paints what a renderer made
/// afresh paints, and the label fits the render's renderers record as they paint give what the
/// check on a renderer of its own finds, reported before the output exists.
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

  /// Labels that fit, that wrap, that shrink, in every painted output and on one thread or three:
  /// `run(labelWarnings:)` reports what `labelWarnings()` (a renderer of its own, fitting every
  /// frame's labels in order) finds, once, before the output is written, though the render's
  /// renderers record the fits as they paint, in whatever order the threads paint the frames.
  @Test(
    arguments: [
      StyleOverrides(), StyleOverrides(label: "Please wait a moment"),
      StyleOverrides(label: "Downloading the latest update, please wait"),
      StyleOverrides(label: "%.0f%% of the way through a long download"),
    ], ["gif", "png", "frames", "webp", "apng"])
  func labelWarningsComeFromTheRender(overrides: StyleOverrides, output: String) throws {
    let folder = FileManager.default.temporaryDirectory.path + "/renderer-sharing-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let style = overrides.applied(to: Presets.download)
    for workers in [1, 3] {
      let path = folder + "/out-\(workers)" + (output == "frames" ? "" : "." + output)
      let target = output == "frames" ? OutputTarget.pngFrames(directory: path) : try OutputTarget(path: path)
      let job = RenderJob(style: style, settings: Self.settings, output: target, workers: workers)
      let expected = try job.labelWarnings()
      var reports: [[RenderWarning]] = []
      try job.run { warnings in
        #expect(!FileManager.default.fileExists(atPath: path))
        reports.append(warnings)
      }
      #expect(reports == [expected], "\(output) on \(workers) threads")
      #expect(FileManager.default.fileExists(atPath: path))
    }
  }

  /// A sibling records the fits of the frames it paints into its first renderer's log, and a frame
  /// a renderer does not paint again (its tracks held) is not recorded twice.
  @Test func aSiblingRecordsIntoTheSameLog() throws {
    let style = StyleOverrides(label: "%.0f%% of the way through a long download").applied(to: Presets.download)
    let first = try Renderer(style: style, settings: Self.settings)
    let log = LabelFitLog()
    first.labelFitLog = log
    let sibling = try first.sibling()
    #expect(log.entries.isEmpty)
    _ = try sibling.frame(9)
    #expect(log.entries[0]?.frame == 9)
    #expect(log.entries[0]?.fit.overflows == true)
    _ = try first.frame(3)
    #expect(log.entries[0]?.frame == 3, "as clipped, and earlier")
    let shown = try first.painter.textFits(first.scene(at: first.schedule.time(ofFrame: 3))).map(\.text)
    #expect(log.entries[0].map { [$0.text] } == shown)
  }

  /// A log keeps each label's worst fit whatever order the frames come in: clipped before shrunk,
  /// smaller before larger, and of two equal fits the earlier frame's text.
  @Test func theLogDoesNotDependOnTheOrderOfFrames() {
    let fits: [(index: Int, text: String, fit: LabelFit)] = [
      (0, "9%", LabelFit(fontSize: 12, overflows: false)), (0, "10%", LabelFit(fontSize: 10, overflows: false)),
      (0, "11%", LabelFit(fontSize: 10, overflows: false)), (0, "99%", LabelFit(fontSize: 11, overflows: false)),
      (1, "a", LabelFit(fontSize: 8, overflows: false)), (1, "bb", LabelFit(fontSize: 9, overflows: true)),
      (1, "cc", LabelFit(fontSize: 9, overflows: true)),
    ]
    let expected = [
      0: LabelFitLog.Entry(text: "10%", fit: LabelFit(fontSize: 10, overflows: false), frame: 1),
      1: LabelFitLog.Entry(text: "bb", fit: LabelFit(fontSize: 9, overflows: true), frame: 5),
    ]
    for order in [Array(fits.indices), fits.indices.reversed(), [3, 6, 0, 2, 5, 1, 4]] {
      let log = LabelFitLog()
      for frame in order { log.record([fits[frame]], frame: frame) }
      #expect(log.entries == expected, "order \(order)")
    }
  }

  /// The long label does warn, so the case above compares warnings, not two empty lists.
  @Test func theLongLabelWarns() throws {
    let style = StyleOverrides(label: "Downloading the latest update, please wait").applied(to: Presets.download)
    let job = RenderJob(style: style, settings: Self.settings, output: .gif(path: "/nonexistent/out.gif"))
    #expect(try job.labelWarnings().count == 1)
  }
}
