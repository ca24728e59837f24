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
    for _ in 0..<rounds {
      var changed = false
      let search = NearestColor((0..<k).map { UInt32(pr[$0]) << 16 | UInt32(pg[$0]) << 8 | UInt32(pb[$0]) })
      for i in 0..<n {
        let best = search.index(r: hr[i], g: hg[i], b: hb[i])
        if assignment[i] != best {
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
      for j in 0..<k where sw[j] > 0 {
        pr[j] = Int32((sr[j] + sw[j] / 2) / sw[j])
        pg[j] = Int32((sg[j] + sw[j] / 2) / sw[j])
        pb[j] = Int32((sb[j] + sw[j] / 2) / sw[j])
      }
    }
    return (0..<k).map { UInt32(pr[$0]) << 16 | UInt32(pg[$0]) << 8 | UInt32(pb[$0]) }
  }
}
