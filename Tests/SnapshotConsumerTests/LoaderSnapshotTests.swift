import Foundation
import ProgressRenderTesting
import Testing
import XCTest

/// An app's snapshot tests, written as an app team would with the `ProgressRenderTesting` product
/// alone (issue 23, item 5). `Goldens/` beside this file holds the committed golden.
@Suite struct LoaderSnapshotTests {
  static let small = RenderSettings(size: 24, scale: 1, fps: 10, duration: 1.2, background: .white)

  @Test func theLoaderMatchesItsGolden() {
    assertAnimationMatches(preset: "dots", settings: Self.small, golden: "Goldens/dots.gif")
  }

  @Test func aMissingGoldenIsRecordedThenMatches() throws {
    let folder = FileManager.default.temporaryDirectory.path + "/snapshot-consumer-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let style = try Presets.named("dots")
    let golden = folder + "/dots.gif"
    let first = try AnimationSnapshot.compare(style, settings: Self.small, golden: golden, directory: folder)
    #expect(first == .recorded(golden: golden))
    #expect(first.failure?.contains("recorded it from this run") == true)
    #expect(try AnimationSnapshot.compare(style, settings: Self.small, golden: golden, directory: folder) == .matches)
  }

  @Test func aDifferenceNamesTheFramesAndTheReport() throws {
    let folder = FileManager.default.temporaryDirectory.path + "/snapshot-consumer-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var style = try Presets.named("dots")
    _ = try AnimationSnapshot.compare(style, settings: Self.small, golden: "dots.gif", directory: folder)
    style.look.dots?.color = RGBAColor(r: 255, g: 0, b: 0)
    let result = try AnimationSnapshot.compare(style, settings: Self.small, golden: "dots.gif", directory: folder)
    guard case .differs(let summary, let report) = result else {
      Issue.record("expected a difference, got \(result)")
      return
    }
    #expect(summary.contains("frames differ"))
    #expect(FileManager.default.fileExists(atPath: report))
    #expect(result.failure?.contains("PROGRESS_RENDER_RECORD=1") == true)
    // Record mode accepts the new render.
    let updated = try AnimationSnapshot.compare(
      style, settings: Self.small, golden: "dots.gif", directory: folder, record: true)
    #expect(updated == .updated(golden: folder + "/dots.gif"))
  }

  @Test func anUnknownPresetFailsWithTheNearestName() {
    withKnownIssue {
      assertAnimationMatches(preset: "dot", settings: Self.small, golden: "Goldens/dots.gif")
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("dots") }
    }
  }
}

/// The same assertion from XCTest.
final class LoaderSnapshotXCTests: XCTestCase {
  func testTheLoaderMatchesItsGolden() {
    assertAnimationMatches(preset: "dots", settings: LoaderSnapshotTests.small, golden: "Goldens/dots.gif")
  }
}
