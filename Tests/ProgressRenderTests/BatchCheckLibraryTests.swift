import Foundation
import Testing

@testable import ProgressRenderBatch
@testable import ProgressRenderCore
@testable import ProgressRenderRaster
@testable import ProgressRenderSupport

/// `BatchCheck`, the library side of `progress-render check` (the command: EndToEndTests'
/// `BatchCheckTests` and `OutputAtomicityTests`).
@Suite struct BatchCheckLibraryTests {
  @Test func theScratchFolderLivesAsLongAsTheBodyAndIsRemovedOnSignal() throws {
    var seen = ""
    let result = try BatchCheck.withScratchFolder { scratch in
      seen = scratch
      #expect(scratch.hasSuffix("/" + BatchCheck.scratchPrefix + "\(getpid())"))
      #expect(FileManager.default.fileExists(atPath: scratch))
      #expect(TemporaryPaths.contains(scratch))  // SignalCleanup removes it on SIGINT/SIGTERM
      return 7
    }
    #expect(result == 7)
    #expect(!FileManager.default.fileExists(atPath: seen))
    #expect(!TemporaryPaths.contains(seen))
    struct Stop: Error {}
    #expect(throws: Stop.self) { try BatchCheck.withScratchFolder { _ in throw Stop() } }
    #expect(!FileManager.default.fileExists(atPath: seen))
  }

  @Test func goldensThatDifferOrAreNewAreUpdatedOthersAreNot() throws {
    let root = FileManager.default.temporaryDirectory.path + "/batch-check-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/scratch", withIntermediateDirectories: true)
    let png = try PNGCodec.encode(Frame(width: 2, height: 1, straightRGBA: [255, 0, 0, 255, 0, 255, 0, 255]))
    for name in ["a.png", "b.png", "c.png"] {
      #expect(FileManager.default.createFile(atPath: root + "/scratch/" + name, contents: Data(png)))
    }
    let check = BatchCheck(goldenFolder: root + "/golden")
    let report = BatchCheckReport(assets: [
      .init(index: 0, out: "a.png", golden: root + "/golden/a.png", verdict: .same, summary: ""),
      .init(index: 1, out: "b.png", golden: root + "/golden/sub/b.png", verdict: .new, summary: ""),
      .init(index: 2, out: "c.png", golden: root + "/golden/c.png", verdict: .failed, summary: ""),
      .init(index: 3, out: "gone.png", golden: root + "/golden/gone.png", verdict: .different, summary: ""),
    ])
    let updates = check.updateGoldens(report, renderedIn: root + "/scratch")
    #expect(updates.map(\.asset.index) == [1, 3])
    #expect(
      updates[0].outcome == .written("updated: '\(root)/golden/sub/b.png' is now a copy of '\(root)/scratch/b.png'"))
    guard case .failed(let message) = updates[1].outcome else {
      Issue.record("a missing render updated a golden")
      return
    }
    #expect(message.contains("gone.png"))
    #expect(FileManager.default.contents(atPath: root + "/golden/sub/b.png") == Data(png))
    #expect(!FileManager.default.fileExists(atPath: root + "/golden/a.png"))
  }
}
