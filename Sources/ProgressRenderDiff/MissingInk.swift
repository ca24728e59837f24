/// The differ's rule for ink that is present in one frame and absent in the other: a glyph, a dot or
/// a segment of a thin stroke whose pixels pixelmatch's anti-aliasing test would excuse one by one
/// (thin features are all edge) is counted as changed as a whole.
///
/// The pixels that differ (changed and anti-aliasing candidates alike) are grouped into 8-connected
/// regions. A region is *absent* from a frame when, in that frame, its pixels all match the colour
/// that surrounds the region (the pixels bordering it, at least 90 % of them within the threshold of
/// their most common colour): nothing is drawn there. A region absent from one frame and present in
/// the other is missing ink, and its excused pixels count as changed. An edge that moved by a
/// fraction of a pixel is bordered by ink on one side and background on the other, so it is never
/// absent from either frame and stays excused. Frames that differ in more than
/// `maxDifferingPixels` pixels are left as pixelmatch counts them.
struct MissingInk {
  /// Pixel classes of the comparison, one byte per pixel.
  static let same: UInt8 = 0
  static let changed: UInt8 = 1
  static let antialiased: UInt8 = 2

  /// The most differing pixels (changed and excused) a frame may have for the rule to run: its
  /// work and memory grow with them, and a frame that differs in more is different anyway.
  static let maxDifferingPixels = 1 << 18

  /// The share of a region's border that must match its most common colour for the region to be
  /// drawn on a plain surround.
  static let plainBorderShare = 0.9

  /// Reclassifies the excused pixels of missing-ink regions as changed.
  /// - Parameters:
  ///   - kinds: per pixel `same`, `changed` or `antialiased`; missing-ink pixels become `changed`.
  ///   - one: the expected frame's premultiplied pixels.
  ///   - two: the actual frame's pixels.
  ///   - width: pixels per row.
  ///   - matches: whether two pixels are within the threshold of each other.
  /// - Returns: the indices of the pixels reclassified.
  /// - Complexity: O(differing pixels + their borders).
  static func reclassify(
    _ kinds: inout [UInt8], _ one: UnsafeBufferPointer<UInt32>, _ two: UnsafeBufferPointer<UInt32>, width: Int,
    matches: (UInt32, UInt32) -> Bool
  ) -> [Int] {
    let height = kinds.count / max(width, 1)
    var seen = [Bool](repeating: false, count: kinds.count)
    var reclassified: [Int] = []
    var region: [Int] = []
    var stack: [Int] = []
    for start in kinds.indices where kinds[start] == antialiased && !seen[start] {
      region.removeAll(keepingCapacity: true)
      stack.append(start)
      seen[start] = true
      while let i = stack.popLast() {
        region.append(i)
        forEachNeighbour(of: i, width: width, height: height) { j in
          if kinds[j] != same && !seen[j] {
            seen[j] = true
            stack.append(j)
          }
        }
      }
      let border = Self.border(of: region, kinds: kinds, width: width, height: height)
      let absentFromOne = isAbsent(region, border: border, in: one, matches: matches)
      let absentFromTwo = isAbsent(region, border: border, in: two, matches: matches)
      guard absentFromOne != absentFromTwo else { continue }
      for i in region where kinds[i] == antialiased {
        kinds[i] = changed
        reclassified.append(i)
      }
    }
    return reclassified
  }

  /// The pixels that touch the region (8-connected) and are not part of it: those that are the same
  /// in both frames.
  private static func border(of region: [Int], kinds: [UInt8], width: Int, height: Int) -> [Int] {
    var border: [Int] = []
    var added = Set<Int>()
    for i in region {
      forEachNeighbour(of: i, width: width, height: height) { j in
        if kinds[j] == same && added.insert(j).inserted { border.append(j) }
      }
    }
    return border
  }

  /// Whether, in `image`, the region shows only the plain colour around it.
  private static func isAbsent(
    _ region: [Int], border: [Int], in image: UnsafeBufferPointer<UInt32>, matches: (UInt32, UInt32) -> Bool
  ) -> Bool {
    guard !border.isEmpty else { return false }
    var counts: [UInt32: Int] = [:]
    for i in border { counts[image[i], default: 0] += 1 }
    guard let plain = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key
    else { return false }
    let matching = border.reduce(0) { $0 + (matches(image[$1], plain) ? 1 : 0) }
    guard Double(matching) >= plainBorderShare * Double(border.count) else { return false }
    return region.allSatisfy { matches(image[$0], plain) }
  }

  @inline(__always)
  private static func forEachNeighbour(of i: Int, width: Int, height: Int, _ body: (Int) -> Void) {
    let x = i % width
    let y = i / width
    for ny in max(y - 1, 0)...min(y + 1, height - 1) {
      for nx in max(x - 1, 0)...min(x + 1, width - 1) where nx != x || ny != y { body(ny * width + nx) }
    }
  }
}
