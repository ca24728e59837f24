/// Refines a palette for the error PSNR measures: weighted k-means (Lloyd's iterations) in plain
/// sRGB over the colour histogram, starting from libimagequant's palette.
///
/// libimagequant optimises in its own perceptual, gamma-corrected space; mapping then picks the
/// nearest colour in sRGB. Moving each palette colour to the weighted mean of the colours mapped
/// to it lowers the squared sRGB error every iteration, and a colour that holds a single
/// histogram colour becomes that colour exactly. Deterministic: fixed order, integer rounding.
enum PaletteRefiner {
  /// Histograms larger than this are refined on their most frequent colours only (time bound).
  static let maxColors = 32768

  /// - Parameters:
  ///   - palette: the starting colours, `0xRRGGBB`.
  ///   - histogram: colours with counts.
  ///   - iterations: at most this many Lloyd iterations (stops early when nothing moves; fewer
  ///     for large histograms, so one refinement costs at most about 20 million distance tests).
  /// - Returns: the refined palette, same count, unused entries left as they were.
  /// - Complexity: O(iterations × colours × palette).
  static func refine(_ palette: [UInt32], histogram: [(rgb: UInt32, count: Int)], iterations: Int = 10) -> [UInt32] {
    guard !palette.isEmpty, !histogram.isEmpty else { return palette }
    var colors = histogram
    if colors.count > maxColors {
      colors = Array(colors.sorted { $0.count != $1.count ? $0.count > $1.count : $0.rgb < $1.rgb }.prefix(maxColors))
    }
    let n = colors.count
    let k = palette.count
    let rounds = min(iterations, max(1, 20_000_000 / (n * k)))
    let hr = colors.map { Int32($0.rgb >> 16 & 0xff) }
    let hg = colors.map { Int32($0.rgb >> 8 & 0xff) }
    let hb = colors.map { Int32($0.rgb & 0xff) }
    let weight = colors.map(\.count)
    var pr = palette.map { Int32($0 >> 16 & 0xff) }
    var pg = palette.map { Int32($0 >> 8 & 0xff) }
    var pb = palette.map { Int32($0 & 0xff) }
    var assignment = [Int](repeating: -1, count: n)
    // Whether each palette colour moved in the last update (all of them before the first search).
    var moved = [Bool](repeating: true, count: k)
    var movedIndices: [Int] = []
    for round in 0..<rounds {
      var changed = false
      // Searching only the moved colours pays while they are fewer than about half the palette.
      let everyColor = round == 0 || movedIndices.count * 2 > k
      let search = NearestColor((0..<k).map { UInt32(pr[$0]) << 16 | UInt32(pg[$0]) << 8 | UInt32(pb[$0]) })
      for i in 0..<n {
        let best: Int
        let current = assignment[i]
        if everyColor || moved[current] {
          best = search.index(r: hr[i], g: hg[i], b: hb[i])
        } else {
          // Its colour stayed, and every other colour that stayed is no nearer (it was the first
          // nearest): only a colour that moved can take it.
          best = nearestOf(
            current, movedIndices, r: hr[i], g: hg[i], b: hb[i], pr: pr, pg: pg, pb: pb)
        }
        if current != best {
          assignment[i] = best
          changed = true
        }
      }
      if !changed { break }
      var sr = [Int](repeating: 0, count: k)
      var sg = sr
      var sb = sr
      var sw = sr
      for i in 0..<n {
        let j = assignment[i]
        let w = weight[i]
        sr[j] += Int(hr[i]) * w
        sg[j] += Int(hg[i]) * w
        sb[j] += Int(hb[i]) * w
        sw[j] += w
      }
      movedIndices.removeAll(keepingCapacity: true)
      for j in 0..<k {
        moved[j] = false
        guard sw[j] > 0 else { continue }
        let (r, g, b) = (
          Int32((sr[j] + sw[j] / 2) / sw[j]), Int32((sg[j] + sw[j] / 2) / sw[j]), Int32((sb[j] + sw[j] / 2) / sw[j])
        )
        if r != pr[j] || g != pg[j] || b != pb[j] {
          (pr[j], pg[j], pb[j]) = (r, g, b)
          moved[j] = true
          movedIndices.append(j)
        }
      }
      if movedIndices.isEmpty { break }
    }
    return (0..<k).map { UInt32(pr[$0]) << 16 | UInt32(pg[$0]) << 8 | UInt32(pb[$0]) }
  }

  /// The first nearest of palette colour `current` and the colours `candidates` (ascending) to
  /// (r, g, b): the least squared distance, the lowest index on ties.
  @inline(__always)
  static func nearestOf(
    _ current: Int, _ candidates: [Int], r: Int32, g: Int32, b: Int32, pr: [Int32], pg: [Int32], pb: [Int32]
  ) -> Int {
    @inline(__always) func distance(_ j: Int) -> Int32 {
      let (dr, dg, db) = (pr[j] - r, pg[j] - g, pb[j] - b)
      return dr * dr + dg * dg + db * db
    }
    var best = current
    var bestDistance = distance(current)
    for j in candidates {
      let d = distance(j)
      if d < bestDistance || (d == bestDistance && j < best) { (best, bestDistance) = (j, d) }
    }
    return best
  }
}
