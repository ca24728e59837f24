/// Floyd–Steinberg error diffusion over the pixels of a frame that changed, so dithering is stable
/// from frame to frame.
///
/// Only the changed pixels (`ChangedRuns`) are visited: the caller writes `FrameDifferencer.keep`
/// at the others, so they show exactly what they showed before, whatever happens around them, and
/// unchanged pixels never flicker. A changed pixel takes the palette colour nearest to its key plus the error carried
/// to it, and passes its own error on (7/16 ahead, 3/16, 5/16, 1/16 on the next row) to changed
/// neighbours only. Rows run in serpentine order (even rows left to right), the carried error is
/// capped at `maxCarry` levels a channel so a streak cannot bleed, and all arithmetic is in
/// integers: the same frames give the same pixels.
struct ErrorDiffuser {
  /// The most error, in levels a channel, carried into one pixel.
  static let maxCarry: Int32 = 48

  private var current: [Int32] = []
  private var next: [Int32] = []

  /// Maps the changed pixels with `mapper`, diffusing the error; the rest of `out` is left as it is.
  /// - Parameters:
  ///   - keys: the frame's colour keys, `width` a row.
  ///   - changed: the changed pixels, as runs along rows (`ChangedRuns`).
  ///   - width: the frame's width.
  ///   - strength: 0…1, the share of the error passed on.
  ///   - mapper: the palette's mapper (its memo is reused across frames).
  ///   - colors: the palette colours, `0xRRGGBB`, by index.
  ///   - out: receives `0xFFRRGGBB` or `AlphaResolver.transparentKey` at each changed pixel.
  ///   - limit: the mapping stops once the squared error exceeds it (after a run of pixels): the
  ///     caller then knows enough to prefer another mapping, and `out` is left part written.
  /// - Returns: the summed squared error over the changed pixels' channels against their keys, and
  ///   how many of them differ from their key; an error above `limit` is that of the pixels mapped.
  /// - Complexity: O(changed pixels + width × rows with a change), plus a palette search per colour
  ///   the mapper has not seen.
  mutating func map(
    keys: UnsafeBufferPointer<UInt32>, changed: ChangedRuns, width: Int,
    strength: Double, mapper: inout PaletteMapper, colors: [UInt32], into out: UnsafeMutableBufferPointer<UInt32>,
    stoppingAbove limit: Int = .max
  ) -> (squaredError: Int, inexact: Int) {
    let size = (width + 2) * 3
    if current.count != size {
      current = [Int32](repeating: 0, count: size)
      next = current
    }
    let share = Int32((max(0, min(1, strength)) * 16).rounded())
    let cap = Self.maxCarry
    @inline(__always) func carried(_ sum: Int32) -> Int32 { max(-cap, min(cap, (sum + 128) >> 8)) }
    var squaredError = 0
    var inexact = 0
    let runs = changed.runs
    // The error carried into row `y` is what row `y - 1` passed on: nothing when that row had no change.
    var carriedRow: Int? = nil
    var first = 0
    while first < runs.count && squaredError <= limit {
      let y = runs[first].y
      var last = first
      while last + 1 < runs.count && runs[last + 1].y == y { last += 1 }
      defer { first = last + 1 }
      current.withUnsafeMutableBufferPointer { cur in
        next.withUnsafeMutableBufferPointer { nxt in
          if carriedRow == y - 1 {
            for i in 0..<size {
              cur[i] = nxt[i]
              nxt[i] = 0
            }
          } else {
            cur.update(repeating: 0)
            nxt.update(repeating: 0)
          }
          carriedRow = y
          let forward = y & 1 == 0
          let step = forward ? 1 : -1
          for r in 0...(last - first) {
            let run = runs[forward ? first + r : last - r]
            var i = forward ? run.start : run.end - 1
            for _ in run.start..<run.end {
              defer { i += step }
              let key = keys[i]
              if key == AlphaResolver.transparentKey {
                out[i] = key
                continue
              }
              let e = (i - y * width + 1) * 3
              let r = Int32(key >> 16 & 0xff)
              let g = Int32(key >> 8 & 0xff)
              let b = Int32(key & 0xff)
              let wr = max(0, min(255, r + carried(cur[e])))
              let wg = max(0, min(255, g + carried(cur[e + 1])))
              let wb = max(0, min(255, b + carried(cur[e + 2])))
              let wanted = 0xFF00_0000 | UInt32(wr) << 16 | UInt32(wg) << 8 | UInt32(wb)
              let c = colors[mapper.index(of: wanted)]
              out[i] = 0xFF00_0000 | c
              let cr = Int32(c >> 16 & 0xff)
              let cg = Int32(c >> 8 & 0xff)
              let cb = Int32(c & 0xff)
              let dr = Int(r - cr)
              let dg = Int(g - cg)
              let db = Int(b - cb)
              let d = dr * dr + dg * dg + db * db
              squaredError += d
              if d != 0 { inexact += 1 }
              let ahead = e + 3 * step
              let behind = e - 3 * step
              @inline(__always) func spread(_ channel: Int, _ error: Int32) {
                cur[ahead + channel] += error * 7
                nxt[behind + channel] += error * 3
                nxt[e + channel] += error * 5
                nxt[ahead + channel] += error
              }
              spread(0, (wr - cr) * share)
              spread(1, (wg - cg) * share)
              spread(2, (wb - cb) * share)
            }
          }
        }
      }
    }
    return (squaredError, inexact)
  }
}
