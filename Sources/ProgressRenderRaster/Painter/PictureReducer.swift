import ProgressRenderCore

/// Shrinks a picture far larger than it is ever drawn before it enters the composition, so that a
/// 40-megapixel photo in a 240-pixel circle costs the memory of the circle, not of the photo, in the
/// renderer, every worker and the vector writers.
///
/// The reduction averages whole `k × k` blocks of premultiplied pixels (a box filter, as Cairo's
/// own downscaling does), with `k` the largest whole factor that keeps the picture's shorter side at
/// least `minimumShortSide`; pictures of at most `untouchedPixels` are left exactly as they are.
enum PictureReducer {
  /// Pictures of at most this many pixels are never reduced (4 megapixels: 2048 × 2048).
  static let untouchedPixels = 4 << 20

  /// The picture, reduced by the largest whole factor that keeps its shorter side at least
  /// `minimumShortSide` pixels, or unchanged.
  /// - Parameters:
  ///   - frame: the decoded picture.
  ///   - minimumShortSide: the fewest pixels its shorter side may keep.
  /// - Returns: the reduced picture.
  /// - Complexity: O(width × height).
  static func reduced(_ frame: Frame, minimumShortSide: Int) -> Frame {
    let short = min(frame.width, frame.height)
    let factor = short / max(minimumShortSide, 1)
    guard frame.width * frame.height > untouchedPixels, factor >= 2 else { return frame }
    let width = frame.width / factor
    let height = frame.height / factor
    let count = UInt32(factor * factor)
    let pixels = frame.pixels.withUnsafeBufferPointer { source in
      [UInt32](unsafeUninitializedCapacity: width * height) { out, initialized in
        var sums = [UInt32](repeating: 0, count: width * 4)
        for y in 0..<height {
          for i in sums.indices { sums[i] = 0 }
          for row in (y * factor)..<((y + 1) * factor) {
            let base = row * frame.width
            for x in 0..<width {
              var (a, r, g, b): (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
              for p in source[(base + x * factor)..<(base + (x + 1) * factor)] {
                a += p >> 24
                r += p >> 16 & 0xFF
                g += p >> 8 & 0xFF
                b += p & 0xFF
              }
              sums[4 * x] += a
              sums[4 * x + 1] += r
              sums[4 * x + 2] += g
              sums[4 * x + 3] += b
            }
          }
          for x in 0..<width {
            func mean(_ k: Int) -> UInt32 { (sums[4 * x + k] + count / 2) / count }
            out[y * width + x] = mean(0) << 24 | mean(1) << 16 | mean(2) << 8 | mean(3)
          }
        }
        initialized = width * height
      }
    }
    return Frame(width: width, height: height, pixels: pixels)
  }
}
