import Foundation
import ProgressRenderCore
import ProgressRenderSupport

extension PixelComparator {
  /// Threads a comparison uses: every core, at most 8 (bands of a 4096 × 4096 frame are 64).
  static let cores = max(1, min(8, ProcessorCount.available))

  /// A band of rows of one comparison: compared on one thread, writing only its own rows.
  struct Band {
    /// The two frames read and the outputs written by every band of one comparison.
    ///
    /// `@unchecked Sendable` is sound: the frames are only read while the bands run, and each band
    /// writes the pixels of its own rows of `out` and `kinds` only (the rows of the bands never
    /// overlap); the caller holds every buffer for the whole `parallelMap` call.
    struct Buffers: @unchecked Sendable {
      let one: UnsafeBufferPointer<UInt32>
      let two: UnsafeBufferPointer<UInt32>
      let out: UnsafeMutableBufferPointer<UInt32>
      let kinds: UnsafeMutableBufferPointer<UInt8>
    }

    /// What one band found.
    struct Counts: Sendable {
      var changed = 0
      var antialiased = 0
      var largest = 0.0
    }

    let rows: Range<Int>
    let width: Int
    let height: Int

    /// Compares the band's pixels, marks each differing one in `kinds` (unless anti-aliased pixels
    /// count as changed) and paints its rows of the difference image.
    /// - Complexity: O(rows × width); a run of equal pixel pairs costs one delta.
    func compare(_ buffers: Buffers, limit: Double, includeAntialiasing: Bool, makeDiffImage: Bool) -> Counts {
      var counts = Counts()
      var fade = Fader()
      let (one, two, out, kinds) = (buffers.one, buffers.two, buffers.out, buffers.kinds)
      // The last pair's delta: a frame that differs everywhere is mostly runs of one pair.
      var lastPair: (UInt32, UInt32) = (0, 0)
      var lastDelta = 0.0
      for y in rows {
        for x in 0..<width {
          let i = y * width + x
          let a = one[i]
          let b = two[i]
          if a == b {
            if makeDiffImage { out[i] = fade(a) }
            continue
          }
          if a != lastPair.0 || b != lastPair.1 {
            lastPair = (a, b)
            lastDelta = PixelComparator.colorDelta(a, b)
          }
          let delta = lastDelta
          counts.largest = max(counts.largest, delta)
          guard delta > limit else {
            if makeDiffImage { out[i] = fade(a) }
            continue
          }
          // Three neighbours equal to the pixel end pixelmatch's test (not anti-aliased), whichever
          // three: inside the frame, left, right and above are checked here without a call.
          let inside = x > 0 && x < width - 1 && y > 0
          let flat =
            inside && one[i - 1] == a && one[i + 1] == a && one[i - width] == a && two[i - 1] == b
            && two[i + 1] == b && two[i - width] == b
          let isAA =
            !includeAntialiasing && !flat
            && (PixelComparator.antialiased(one, x, y, width, height, other: two)
              || PixelComparator.antialiased(two, x, y, width, height, other: one))
          if isAA {
            counts.antialiased += 1
            kinds[i] = MissingInk.antialiased
            if makeDiffImage { out[i] = 0xFFFF_FF00 }
          } else {
            counts.changed += 1
            if !includeAntialiasing { kinds[i] = MissingInk.changed }
            if makeDiffImage { out[i] = 0xFFFF_0000 }
          }
        }
      }
      return counts
    }
  }
}
