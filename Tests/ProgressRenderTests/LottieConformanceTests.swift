import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderDiff
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster
@testable import ProgressRenderSupport

/// The Lottie test files of `../shared/lottie/test-files` against After Effects' renders, with the
/// rule of `scripts/lottie-conformance` (threshold 0.1, anti-aliased pixels counted, ≤ 1 % of a
/// reference frame's pixels differing), in process. Skipped, with a message, without the corpus.
@Suite struct LottieConformanceTests {
  static let corpus = LibraryErrorTests.root.appendingPathComponent("../shared/lottie/test-files").standardized.path

  /// Files reached by this branch; a change that loses one fails here.
  static let minimumPassing = 79

  @Test func testFilesMatchAfterEffects() throws {
    guard FileManager.default.fileExists(atPath: Self.corpus) else {
      print("LottieConformanceTests: no corpus at \(Self.corpus); skipped")
      return
    }
    let comparator = PixelComparator(threshold: 0.1, includeAntialiasing: true)
    var passed = 0
    var failed: [String] = []
    let categories = try FileManager.default.contentsOfDirectory(atPath: Self.corpus).sorted()
    for category in categories {
      let folder = Self.corpus + "/" + category
      guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
      for entry in entries.sorted() where entry.hasSuffix(".json") && !entry.hasSuffix("-meta.json") {
        let name = String(entry.dropLast(".json".count))
        let references = entries.filter { $0.hasPrefix(name + "-") && $0.hasSuffix(".png") }.compactMap { file in
          Int(file.dropFirst(name.count + 1).dropLast(".png".count)).map { ($0, folder + "/" + file) }
        }
        guard !references.isEmpty else { continue }
        var ok = true
        do {
          let imported = try LottieImporter.read(path: folder + "/" + entry)
          let c = imported.composition
          let renderer = try CompositionRenderer(
            composition: c,
            settings: PaintSettings(
              pixelSize: Int(c.width), pixelHeight: Int(c.height), scale: 1, edgeLevels: 256, background: .clear))
          for (frame, path) in references {
            let reference = try PNGCodec.decode(
              try InputFile.readBytes(path, limit: 1 << 24), source: path, maxPixels: 1 << 24)
            let ours = try renderer.frame(at: Double(frame) / c.frameRate)
            guard ours.width == reference.width, ours.height == reference.height else {
              ok = false
              continue
            }
            let delta = comparator.compare(reference, ours)
            if Double(delta.changedPixels) > 0.01 * Double(ours.width * ours.height) { ok = false }
          }
        } catch {
          ok = false
        }
        if ok { passed += 1 } else { failed.append("\(category)/\(name)") }
      }
    }
    print("LottieConformanceTests: \(passed) files pass; failing: \(failed.joined(separator: ", "))")
    #expect(passed >= Self.minimumPassing, "failing: \(failed)")
  }
}
