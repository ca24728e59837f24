import Foundation
import ProgressRender
import Testing

/// `--progress P` on a still shows the whole scene at the time the progress track first reaches
/// P: the PNG is byte for byte the `--at T` still of that time, for every preset (thumb's timer
/// and countdown's seconds read time-like tracks; the others are checked too).
@Suite struct ProgressStillTests {
  static let progresses = ["0", "0.1", "0.25", "0.37", "0.5", "0.75", "0.9", "1"]

  /// The still time the library plans for a preset at a progress.
  static func stillTime(style: String, progress: String) throws -> Double {
    var request = RenderRequest()
    for (key, text) in [("style", style), ("out", "s.png"), ("progress", progress)] {
      let option = try #require(RenderOption.named(key))
      option.set(try option.kind.parse(text), in: &request)
    }
    guard case .seconds(let seconds) = try request.plan().job.at else {
      Issue.record("\(style) at \(progress): still time not in seconds")
      return -1
    }
    return seconds
  }

  /// The presets with a `progress` track (the indeterminate spinners have none: `--progress` is
  /// ignored there with a warning).
  static let determinate = Presets.all.filter { $0.tracks.contains { $0.name == "progress" } }.map(\.name)

  @Test func spinnersIgnoreProgressWithAWarning() throws {
    #expect(Self.determinate == ["thumb", "download", "countdown", "upload", "wave"])
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(["--style", "dots", "--progress", "0.5", "--out", "p.png", "--quiet"])
    #expect(result.status == 0)
    #expect(result.errLines == ["progress-render: warning: style 'dots' does not use --progress; ignored"])
  }

  @Test(arguments: determinate)
  func progressStillIsTheStillAtItsTime(style: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    for progress in Self.progresses {
      let time = try Self.stillTime(style: style, progress: progress)
      let byProgress = try scratch.run(["--style", style, "--progress", progress, "--out", "p.png", "--quiet"])
      let byTime = try scratch.run(["--style", style, "--at", "\(time)s", "--out", "t.png", "--quiet"])
      #expect(byProgress.status == 0 && byProgress.err.isEmpty, "\(style) --progress \(progress)")
      #expect(byTime.status == 0 && byTime.err.isEmpty, "\(style) --at \(time)s")
      let left = try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/p.png"))
      let right = try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/t.png"))
      #expect(left == right, "\(style): --progress \(progress) differs from --at \(time)s")
    }
  }

  /// README's example: thumb at 37 % is the still at 22.2 s, not the end (where the timer reads 01:00).
  @Test func thumbAt37PercentIsTheStillAt22Point2Seconds() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    #expect(try Self.stillTime(style: "thumb", progress: "0.37") == 22.2)
    _ = try scratch.run(["--style", "thumb", "--progress", "0.37", "--out", "p.png", "--quiet"])
    _ = try scratch.run(["--style", "thumb", "--at", "22.2s", "--out", "t.png", "--quiet"])
    _ = try scratch.run(["--style", "thumb", "--out", "end.png", "--quiet"])
    let still = try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/p.png"))
    #expect(still == (try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/t.png"))))
    #expect(still != (try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/end.png"))))
  }

  /// A still with both a progress and a time is refused, naming both options.
  @Test func progressAndAtTogetherAreRefused() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(["--style", "thumb", "--progress", "0.5", "--at", "1s", "--out", "p.png"])
    #expect(result.status != 0)
    #expect(
      result.errLines.first
        == "progress-render: error: --progress and --at cannot be used together for a still: "
        + "--progress picks the time; give one of them")
    #expect(try scratch.workContents().isEmpty)
  }
}
