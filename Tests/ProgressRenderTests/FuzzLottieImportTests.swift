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

  /// How many of 300 mutations of `seed` were read (each painted at `times`); the rest must be
  /// refused with a `LottieImportError`.
  static func readMutations(of seed: [UInt8], state: UInt64, times: [Double]) throws -> Int {
    var generator = FuzzGenerator(state: state)
    var read = 0
    for _ in 0..<300 {
      let bytes = generator.mutatedText(seed)
      do {
        let imported = try LottieImporter().read(bytes)
        read += 1
        let renderer = try CompositionRenderer(
          composition: imported.composition,
          settings: PaintSettings(pixelSize: 32, scale: 1, edgeLevels: 256, background: .clear))
        for time in times { _ = try renderer.frame(at: time) }
      } catch {
        continue  // a LottieImportError (typed): bad input is reported, never a crash
      }
    }
    return read
  }

  @Test func mutationsAreReadOrRefused() throws {
    #expect(try Self.readMutations(of: Self.seed, state: 0x10771E, times: [0.25]) > 0)
  }

  /// A layer with each evaluated expression form: a looping path, a reference, a clamp, offset and
  /// continue loops and the overshoot template on a slider.
  static let expressionSeed: [UInt8] = {
    func square(_ side: Int) -> String {
      #"{"c":true,"v":[[0,0],[\#(side),0],[\#(side),\#(side)]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}"#
    }
    let overshoot =
      "var $bm_rt; var amp, freq, decay, n, t, v; try { amp = div(effect('O')('ADBE Slider Control-0001'), 2.5), "
      + "freq = 2, decay = div(effect('O')('ADBE Slider Control-0001'), 20), n = 0, 0 < numKeys && "
      + "(n = nearestKey(time).index, key(n).time > time && n--), t = 0 === n ? 0 : time - key(n).time, "
      + "$bm_rt = 0 < n ? (v = velocityAtTime(sub(key(n).time, div(thisComp.frameDuration, 10))), sum(value, "
      + "div(mul(mul(div(v, 100), amp), Math.sin(mul(mul(mul(freq, t), 2), Math.PI))), Math.exp(mul(decay, t))))) "
      + ": value; } catch (e$$4) { $bm_rt = value = value; }"
    let path =
      #"{"ty":"sh","nm":"P","ks":{"a":1,"k":[{"t":0,"s":[\#(square(10))]},{"t":20,"s":[\#(square(40))]}],"#
      + #""x":"loopOut('pingpong', 1)"}}"#
    let copy = #"{"ty":"sh","nm":"Q","ks":{"a":0,"k":\#(square(5)),"x":"content('G').content('P').path"}}"#
    let transform =
      #"{"ty":"tr","p":{"a":1,"k":[{"t":0,"s":[10,10]},{"t":10,"s":[30,20]}],"x":"loopOut('offset')"},"#
      + #""r":{"a":1,"k":[{"t":0,"s":[0]},{"t":10,"s":[45]}],"x":"loopOut('continue')"},"#
      + #""o":{"a":1,"k":[{"t":0,"s":[-50]},{"t":30,"s":[150]}],"x":"clamp(value, 0, 100)"}}"#
    let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
    let effect =
      #""ef":[{"ty":5,"nm":"O","ef":[{"ty":0,"mn":"ADBE Slider Control-0001","v":{"a":0,"k":40}}]}],"#
    let x = String(decoding: (try? JSONEncoder().encode(overshoot)) ?? Data(), as: UTF8.self)
    let ks = #""ks":{"s":{"a":1,"k":[{"t":0,"s":[50,50]},{"t":8,"s":[100,100]}],"x":\#(x)}},"#
    return LottieImportTests.document(
      #"[{"ty":4,"nm":"L","ind":1,"ip":0,"op":60,"st":0,\#(effect)\#(ks)"shapes":[{"ty":"gr","nm":"G","it":["#
        + #"\#(path),\#(copy),\#(fill),\#(transform)]}]}]"#)
  }()

  /// The expression seed mutated: each is read or refused, and what is read paints, far past its
  /// last key too.
  @Test func mutatedExpressionsAreReadOrRefused() throws {
    #expect(try LottieImporter().read(Self.expressionSeed).warnings.allSatisfy { !$0.contains("expressions") })
    #expect(try Self.readMutations(of: Self.expressionSeed, state: 0xE4971, times: [0.25, 0.9, 1e6]) > 0)
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
      } catch {
        continue  // a LottieImportError (typed): bad input is reported, never a crash
      }
    }
  }
}
