import Testing

@testable import ProgressRenderFormats

/// `ChangedRuns` finds exactly the changed pixels of a rectangle, as maximal runs in row order,
/// however they fall against its two-pixels-at-a-time comparison.
@Suite struct ChangedRunsTests {
  /// The rule, pixel by pixel: every maximal run of changed pixels in each row of `rect`.
  private static func expected(_ keys: [UInt32], _ previous: [UInt32]?, rect: PixelRect, width: Int)
    -> [ChangedRuns.Run]
  {
    var runs: [ChangedRuns.Run] = []
    for y in rect.y0..<rect.y1 {
      var start: Int? = nil
      for x in rect.x0...rect.x1 {
        let i = y * width + x
        let changed = x < rect.x1 && (previous.map { $0[i] != keys[i] } ?? true)
        if changed, start == nil { start = i }
        if !changed, let s = start {
          runs.append(ChangedRuns.Run(y: y, start: s, end: i))
          start = nil
        }
      }
    }
    return runs
  }

  @Test(arguments: [1, 2, 7, 8, 9, 17])
  func runsMatchPixelByPixel(width: Int) {
    let height = 4
    let base = (0..<width * height).map { UInt32(0xFF00_0000 | $0 % 3) }
    var frames: [[UInt32]] = [base]
    for x in 0..<width {
      for length in [1, 2, 3, width] {
        var changed = base
        for i in x..<min(width, x + length) { changed[width + i] ^= 0x10 }
        if x % 2 == 0 { changed[3 * width + (x * 5) % width] ^= 0x20 }
        if x % 3 == 1 { changed[2 * width + width - 1] ^= 0x40 }
        frames.append(changed)
      }
    }
    let rects = [
      PixelRect(x0: 0, y0: 0, x1: width, y1: height),
      PixelRect(x0: width / 3, y0: 1, x1: width - width / 4, y1: 3),
    ]
    var runs = ChangedRuns()
    for keys in frames {
      for rect in rects {
        let want = Self.expected(keys, base, rect: rect, width: width)
        runs.find(keys, previous: base, rect: rect, width: width)
        #expect(runs.runs == want)
        #expect(runs.pixelCount == want.reduce(0) { $0 + $1.end - $1.start })
      }
    }
  }

  @Test func withoutAPreviousFrameEveryPixelOfTheRectangleChanged() {
    let keys = [UInt32](repeating: 0xFF00_0000, count: 6 * 5)
    var runs = ChangedRuns()
    runs.find(keys, previous: nil, rect: PixelRect(x0: 1, y0: 2, x1: 4, y1: 5), width: 6)
    #expect(
      runs.runs == [.init(y: 2, start: 13, end: 16), .init(y: 3, start: 19, end: 22), .init(y: 4, start: 25, end: 28)])
    #expect(runs.pixelCount == 9)
    runs.find(keys, previous: keys, rect: PixelRect(x0: 0, y0: 0, x1: 6, y1: 5), width: 6)
    #expect(runs.runs.isEmpty && runs.pixelCount == 0)
  }
}
