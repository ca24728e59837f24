import ProgressRenderCore
import ProgressRenderSupport

/// Compares two frames of the same size pixel by pixel, as pixelmatch does: a perceptual YIQ colour
/// delta against a threshold, and anti-aliasing detection so that pixels that differ only because an
/// edge moved by a fraction of a pixel are counted apart.
///
/// Ink present in one frame and absent in the other is never excused as anti-aliasing, however
/// thin (`MissingInk`): a missing glyph or dot counts as changed as a whole.
///
/// Alpha is compared honestly: each pixel is blended over white and over black and the larger of the
/// two deltas counts, so transparent black differs from opaque black (over white) and transparent white
/// differs from opaque white (over black).
package struct PixelComparator: Sendable {
  /// The YIQ delta between black and white, pixelmatch's scale.
  static let maxYIQDelta = 35215.0

  /// Per-pixel tolerance, 0…1 (0 = exact; pixelmatch's default is 0.1).
  public var threshold: Double
  /// Whether anti-aliased pixels count as changed.
  public var includeAntialiasing: Bool

  /// Creates a comparator.
  /// - Parameters:
  ///   - threshold: 0…1; a pixel changes when its YIQ delta exceeds `35215 × threshold²`.
  ///   - includeAntialiasing: count anti-aliased pixels as changed instead of apart.
  public init(threshold: Double = 0.1, includeAntialiasing: Bool = false) {
    self.threshold = threshold
    self.includeAntialiasing = includeAntialiasing
  }

  /// Compares two frames of equal size.
  /// - Parameters:
  ///   - expected: The baseline frame.
  ///   - actual: The new frame; must have the same width and height.
  ///   - makeDiffImage: Also paint the difference image (expected faded to grey, changed pixels red,
  ///     anti-aliased ones yellow).
  ///   - ignoring: Rectangles not compared (the actual frame's pixels there count as the expected ones);
  ///     drawn light blue in the difference image. Parts outside the frame are cut off.
  /// - Returns: Counts, the largest delta and, if asked, the difference image.
  /// - Complexity: O(width × height); pixels that are bit-equal cost one comparison.
  public func compare(
    _ expected: Frame, _ actual: Frame, makeDiffImage: Bool = false, ignoring regions: [IgnoreRegion] = []
  ) -> FrameDelta {
    precondition(expected.width == actual.width && expected.height == actual.height, "frames must have equal size")
    guard !regions.isEmpty else { return compareAll(expected, actual, makeDiffImage: makeDiffImage) }
    var patched = actual
    Self.forEachPixel(in: regions, width: actual.width, height: actual.height) {
      patched.pixels[$0] = expected.pixels[$0]
    }
    var delta = compareAll(expected, patched, makeDiffImage: makeDiffImage)
    if var diff = delta.diffImage {
      Self.forEachPixel(in: regions, width: diff.width, height: diff.height) { diff.pixels[$0] = Self.ignoredColor }
      delta.diffImage = diff
    }
    return delta
  }

  /// The colour of ignored pixels in the difference image.
  static let ignoredColor: UInt32 = 0xFFCC_E0FF

  /// Calls `body` with the index of every pixel of a `width`-wide frame inside any of `regions` (clipped).
  private static func forEachPixel(
    in regions: [IgnoreRegion], width: Int, height: Int, _ body: (Int) -> Void
  ) {
    for region in regions {
      let x0 = min(max(region.x, 0), width)
      let y0 = min(max(region.y, 0), height)
      let x1 = region.x > width - region.width ? width : region.x + region.width
      let y1 = region.y > height - region.height ? height : region.y + region.height
      guard x0 < x1, y0 < y1 else { continue }
      for y in y0..<y1 {
        for x in x0..<x1 { body(y * width + x) }
      }
    }
  }

  private func compareAll(_ expected: Frame, _ actual: Frame, makeDiffImage: Bool) -> FrameDelta {
    let width = expected.width
    let height = expected.height
    if expected.pixels == actual.pixels {
      var fade = Fader()
      let diff = makeDiffImage ? Frame(width: width, height: height, pixels: expected.pixels.map { fade($0) }) : nil
      return FrameDelta(changedPixels: 0, antialiasedPixels: 0, maxDelta: 0, diffImage: diff)
    }
    let limit = Self.maxYIQDelta * threshold * threshold
    var diff = makeDiffImage ? [UInt32](repeating: 0, count: width * height) : []
    var kinds = [UInt8](repeating: MissingInk.same, count: includeAntialiasing ? 0 : width * height)
    // Bands of rows compared on every core: each band writes only its own rows of `diff` and
    // `kinds` and reads the two frames (its neighbours' rows too, for the anti-aliasing test).
    let bandRows = max(1, (1 << 16) / max(width, 1))
    let bands = (height + bandRows - 1) / bandRows
    var workers: [Void] = Array(repeating: (), count: min(Self.cores, bands))
    let counts = expected.pixels.withUnsafeBufferPointer { one in
      actual.pixels.withUnsafeBufferPointer { two in
        diff.withUnsafeMutableBufferPointer { out in
          kinds.withUnsafeMutableBufferPointer { kind in
            let shared = Band.Buffers(one: one, two: two, out: out, kinds: kind)
            return parallelMap(count: bands, workers: &workers) { band, _ in
              Band(rows: band * bandRows..<min(height, (band + 1) * bandRows), width: width, height: height)
                .compare(
                  shared, limit: limit, includeAntialiasing: includeAntialiasing, makeDiffImage: makeDiffImage)
            }
          }
        }
      }
    }
    var changed = counts.reduce(0) { $0 + $1.changed }
    var antialiased = counts.reduce(0) { $0 + $1.antialiased }
    let largest = counts.reduce(0.0) { max($0, $1.largest) }
    if antialiased > 0, changed + antialiased <= MissingInk.maxDifferingPixels {
      let missing = expected.pixels.withUnsafeBufferPointer { one in
        actual.pixels.withUnsafeBufferPointer { two in
          MissingInk.reclassify(&kinds, one, two, width: width) { Self.colorDelta($0, $1) <= limit }
        }
      }
      changed += missing.count
      antialiased -= missing.count
      if makeDiffImage { for i in missing { diff[i] = 0xFFFF_0000 } }
    }
    return FrameDelta(
      changedPixels: changed, antialiasedPixels: antialiased, maxDelta: (largest / Self.maxYIQDelta).squareRoot(),
      diffImage: makeDiffImage ? Frame(width: width, height: height, pixels: diff) : nil)
  }

  /// The larger YIQ delta of two premultiplied pixels blended over black and over white.
  @inline(__always)
  static func colorDelta(_ a: UInt32, _ b: UInt32) -> Double {
    let (r1, g1, b1, a1) = channels(a)
    let (r2, g2, b2, a2) = channels(b)
    let overBlack = yiq(r1 - r2, g1 - g2, b1 - b2)
    if a1 == a2 { return overBlack }  // the white background adds the same amount to both
    let w1 = 255 - a1
    let w2 = 255 - a2
    return max(overBlack, yiq(r1 + w1 - r2 - w2, g1 + w1 - g2 - w2, b1 + w1 - b2 - w2))
  }

  @inline(__always)
  private static func yiq(_ dr: Double, _ dg: Double, _ db: Double) -> Double {
    let y = dr * 0.298_895_31 + dg * 0.586_622_47 + db * 0.114_482_23
    let i = dr * 0.595_977_99 - dg * 0.274_176_10 - db * 0.321_801_89
    let q = dr * 0.211_470_17 - dg * 0.522_617_11 + db * 0.311_146_94
    return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
  }

  @inline(__always)
  private static func channels(_ p: UInt32) -> (Double, Double, Double, Double) {
    (Double(p >> 16 & 0xFF), Double(p >> 8 & 0xFF), Double(p & 0xFF), Double(p >> 24))
  }

  /// Brightness of a premultiplied pixel blended over white.
  @inline(__always)
  private static func brightness(_ p: UInt32) -> Double {
    let (r, g, b, a) = channels(p)
    let w = 255 - a
    return (r + w) * 0.298_895_31 + (g + w) * 0.586_622_47 + (b + w) * 0.114_482_23
  }

  /// A pixel of the expected image faded towards white, for the background of the diff image.
  @inline(__always)
  static func faded(_ p: UInt32) -> UInt32 {
    let grey = UInt32((255 + (brightness(p) - 255) * 0.1).rounded())
    return 0xFF00_0000 | grey << 16 | grey << 8 | grey
  }

  /// `faded`, remembering the last pixel: flat areas cost one comparison a pixel.
  struct Fader {
    var last: UInt32 = 0
    var result = PixelComparator.faded(0)

    @inline(__always)
    mutating func callAsFunction(_ p: UInt32) -> UInt32 {
      if p != last { (last, result) = (p, PixelComparator.faded(p)) }
      return result
    }
  }

  /// pixelmatch's test: the pixel sits on an edge (it has both a darker and a brighter neighbour, and at
  /// most two equal ones), and the darkest or brightest neighbour lies in a flat area in both images.
  static func antialiased(
    _ image: UnsafeBufferPointer<UInt32>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int,
    other: UnsafeBufferPointer<UInt32>
  ) -> Bool {
    let x0 = max(x1 - 1, 0)
    let y0 = max(y1 - 1, 0)
    let x2 = min(x1 + 1, width - 1)
    let y2 = min(y1 + 1, height - 1)
    let centerPixel = image[y1 * width + x1]
    var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
    var center: Double?
    var darkest = 0.0
    var brightest = 0.0
    var darkestAt = (0, 0)
    var brightestAt = (0, 0)
    // Columns outside, as pixelmatch (the first of equally dark neighbours is the one kept). A neighbour
    // of the very same value is an equal one without arithmetic: in flat areas (most of a frame that
    // differs everywhere) the test ends after three reads.
    for x in x0...x2 {
      for y in y0...y2 where x != x1 || y != y1 {
        let neighbour = image[y * width + x]
        let delta: Double
        if neighbour == centerPixel {
          delta = 0
        } else {
          let base = center ?? brightness(centerPixel)
          center = base
          delta = brightness(neighbour) - base
        }
        if delta == 0 {
          zeroes += 1
          if zeroes > 2 { return false }
        } else if delta < darkest {
          darkest = delta
          darkestAt = (x, y)
        } else if delta > brightest {
          brightest = delta
          brightestAt = (x, y)
        }
      }
    }
    if darkest == 0 || brightest == 0 { return false }
    return
      (hasManySiblings(image, darkestAt.0, darkestAt.1, width, height)
      && hasManySiblings(other, darkestAt.0, darkestAt.1, width, height))
      || (hasManySiblings(image, brightestAt.0, brightestAt.1, width, height)
        && hasManySiblings(other, brightestAt.0, brightestAt.1, width, height))
  }

  /// Whether the pixel has three or more neighbours of exactly its colour (image borders count as one).
  private static func hasManySiblings(
    _ image: UnsafeBufferPointer<UInt32>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int
  ) -> Bool {
    let x0 = max(x1 - 1, 0)
    let y0 = max(y1 - 1, 0)
    let x2 = min(x1 + 1, width - 1)
    let y2 = min(y1 + 1, height - 1)
    let value = image[y1 * width + x1]
    var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
    for y in y0...y2 {
      for x in x0...x2 where (x != x1 || y != y1) && image[y * width + x] == value {
        zeroes += 1
        if zeroes > 2 { return true }
      }
    }
    return false
  }
}
