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
}
