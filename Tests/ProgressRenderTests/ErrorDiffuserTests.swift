import Testing

@testable import ProgressRenderFormats

/// `ErrorDiffuser` asked to stop above an error limit stops exactly when the whole mapping's error
/// would exceed it (what lets `FrameMapper` skip the rest of a global mapping that has lost to a
/// local table), and otherwise maps exactly as without a limit.
@Suite struct ErrorDiffuserTests {
  /// A 40 × 30 frame of pseudo-random colours against the previous one, a few rows changed.
  static func frames(seed: UInt32) -> (keys: [UInt32], previous: [UInt32]) {
    var state = seed
    func next() -> UInt32 {
      state = state &* 1_664_525 &+ 1_013_904_223
      return state >> 8
    }
    let previous = (0..<1200).map { _ in 0xFF00_0000 | next() }
    var keys = previous
    for i in 200..<900 where next() % 3 != 0 { keys[i] = 0xFF00_0000 | next() }
    keys[450] = AlphaResolver.transparentKey
    return (keys, previous)
  }

  @Test(arguments: [1, 2, 3] as [UInt32])
  func stoppingAboveALimitAgreesWithTheWholeMapping(seed: UInt32) {
    let (keys, previous) = Self.frames(seed: seed)
    let palette = GIFPalette(
      colors: (0..<16).map { UInt32($0) * 0x0F0F0F }, transparentIndex: 16, isExact: false)
    var changed = ChangedRuns()
    changed.find(keys, previous: previous, rect: PixelRect(x0: 0, y0: 0, x1: 40, y1: 30), width: 40)
    func map(limit: Int) -> (squaredError: Int, inexact: Int, out: [UInt32]) {
      var diffuser = ErrorDiffuser()
      var mapper = PaletteMapper(palette: palette, dither: 0)
      var out = [UInt32](repeating: 0, count: keys.count)
      let result = keys.withUnsafeBufferPointer { k in
        out.withUnsafeMutableBufferPointer { o in
          diffuser.map(
            keys: k, changed: changed, width: 40, strength: 1, mapper: &mapper, colors: palette.colors, into: o,
            stoppingAbove: limit)
        }
      }
      return (result.squaredError, result.inexact, out)
    }
    let whole = map(limit: .max)
    #expect(whole.squaredError > 0)
    for limit in [0, 1, whole.squaredError / 3, whole.squaredError - 1, whole.squaredError, whole.squaredError + 1] {
      let stopped = map(limit: limit)
      #expect((stopped.squaredError > limit) == (whole.squaredError > limit), "limit \(limit)")
      if whole.squaredError <= limit {
        #expect(stopped.squaredError == whole.squaredError && stopped.inexact == whole.inexact)
        #expect(stopped.out == whole.out)
      } else {
        #expect(stopped.squaredError <= whole.squaredError)
      }
      // Stopping saves work: a limit the first runs pass leaves the rest unmapped.
      if limit <= 1 { #expect(stopped.squaredError < whole.squaredError) }
    }
  }
}
