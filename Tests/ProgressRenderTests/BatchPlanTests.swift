import Foundation
import Testing

@testable import ProgressRenderBatch
@testable import ProgressRenderCore

/// `BatchPlan`, the pure step of a batch: typed requests and the output rule, nothing written.
@Suite struct BatchPlanTests {
  private func plan(_ text: String) throws -> (BatchPlan, folder: String) {
    let folder = FileManager.default.temporaryDirectory.path + "/batch-plan-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let manifest = try BatchManifest.decode(Data(text.utf8), path: folder + "/assets.json")
    return (BatchPlan(manifest: manifest, outputRoot: nil), folder)
  }

  @Test func entriesDecodeIntoTypedRequestsAndNothingIsWritten() throws {
    let (batch, folder) = try plan(
      #"{ "defaults": { "size": 20, "color": "red" }, "assets": [ { "style": "wave", "out": "deep/er/./w.gif", "quiet": true } ] }"#
    )
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(batch.problems.isEmpty)
    let accepted = try #require(batch.accepted.first)
    #expect(accepted.name == "deep/er/w.gif")
    #expect(accepted.written.out == "deep/er/w.gif")
    #expect(accepted.request.out == folder + "/deep/er/w.gif")
    #expect(accepted.request.size == 20 && accepted.request.quiet)
    #expect(accepted.request.overrides.color == RGBAColor(r: 255, g: 0, b: 0))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test func problemsAreReportedByEntryAndDuplicatesRefused() throws {
    let (batch, folder) = try plan(
      #"{ "defaults": { "fps": 10 }, "assets": [ { "style": "wave", "out": "a.gif", "scale": 9, "sise": 1 }, "#
        + #"{ "style": "wave", "out": "b.gif" }, { "style": "thumb", "out": "./b.gif" } ] }"#)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(
      batch.problems.messages == [
        "assets[0].scale: expected a whole number 1…4, got 9",
        "assets[0].sise: unknown key; did you mean 'size'?",
        "assets[1].out and assets[2].out both write 'b.gif'; give each asset its own output",
      ])
    #expect(batch.accepted.map(\.name) == ["b.gif"])
  }
}
