import Foundation
import FuzzSupport
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster

/// Mutated Lottie documents: every one is read or refused with a `LottieImportError` (never a
/// crash or another error), and what is read paints.
@Suite struct FuzzLottieImportTests {
  static let seed = LottieImportTests.document(
    "["
      + LottieImportTests.shapeLayer(
        #"[{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":1,"k":[{"t":0,"s":[10,10]},{"t":60,"s":[80,80]}]}},"#
          + #"{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":2}},"#
          + #"{"ty":"tm","s":{"a":0,"k":10},"e":{"a":0,"k":90},"o":{"a":0,"k":0},"m":1},"#
          + #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":2,"lj":2},"#
          + #"{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":50},"r":1},{"ty":"tr"}]}]"#,
        extra: #","masksProperties":[{"mode":"s","inv":false,"pt":{"a":0,"k":{"c":true,"v":[[0,0],[50,0],[50,50]],"#
          + #""i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}},"o":{"a":0,"k":100}}]"#) + "]")

  @Test func theSeedPaints() throws {
    let imported = try LottieImporter().read(Self.seed)
    #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    let renderer = try CompositionRenderer(
      composition: imported.composition,
      settings: PaintSettings(pixelSize: 100, scale: 1, edgeLevels: 256, background: .clear))
    let frame = try renderer.frame(at: 0.5)
    #expect(frame.pixels.contains { $0 != 0 })
  }

  @Test func mutationsAreReadOrRefused() throws {
    var generator = FuzzGenerator(state: 0x10771E)
    var read = 0
    for _ in 0..<300 {
      let bytes = generator.mutatedText(Self.seed)
      do {
        let imported = try LottieImporter().read(bytes)
        read += 1
        let renderer = try CompositionRenderer(
          composition: imported.composition,
          settings: PaintSettings(pixelSize: 32, scale: 1, edgeLevels: 256, background: .clear))
        _ = try renderer.frame(at: 0.25)
      } catch is LottieImportError {
        continue
      }
    }
    #expect(read > 0)
  }

  /// Mutated dotLottie archives (the seed stored, then deflated): bytes flipped, cut or repeated
  /// anywhere, central directory included; each is read or refused with a `LottieImportError`.
  @Test(arguments: [false, true])
  func mutatedArchivesAreReadOrRefused(deflated: Bool) throws {
    let archive = ZipFixture.archive([
      try ZipFixture.entry("manifest.json", Array(#"{"animations":[{"id":"s"}]}"#.utf8), deflated: deflated),
      try ZipFixture.entry("animations/s.json", Self.seed, deflated: deflated),
    ])
    #expect(try LottieImporter().read(archive, name: "s.lottie").warnings.isEmpty)
    var generator = FuzzGenerator(state: deflated ? 0xD071E : 0x5707ED)
    var limits = LottieImportLimits()
    limits.maxArchiveEntryBytes = 1 << 16
    for _ in 0..<300 {
      var bytes = archive
      for _ in 0...generator.below(4) {
        let at = generator.below(bytes.count)
        switch generator.below(3) {
        case 0: bytes[at] = UInt8(truncatingIfNeeded: generator.next())
        case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + generator.below(8)))
        default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 4)], at: at)
        }
        if bytes.isEmpty { bytes = archive }
      }
      do {
        _ = try LottieImporter(limits: limits).read(bytes, name: "s.lottie")
      } catch is LottieImportError {
        continue
      }
    }
  }
}
