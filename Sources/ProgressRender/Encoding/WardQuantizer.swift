/// Picks a palette for a few thousand colours by agglomerative clustering (Ward's method): start
/// with every colour as its own cluster and repeatedly merge the two whose merge adds the least
/// squared sRGB error (`wa·wb/(wa+wb) · |ca − cb|²`), until the palette fits.
///
/// For flat vector art that has a few more colours than a GIF palette holds (anti-aliased edges
/// between a handful of fills), this keeps every frequent colour exact and merges only near-equal
/// rare ones — far closer to lossless than a general-purpose quantizer. Deterministic: ties go to
/// the lowest cluster index.
enum WardQuantizer {
  /// Above this many colours the O(n²) clustering is too slow; use libimagequant.
  static let maxColors = 1024

  /// - Parameters:
  ///   - histogram: distinct colours `0xRRGGBB` with pixel counts (at most `maxColors`).
  ///   - maxColors: palette size, ≥ 1.
  /// - Returns: at most `maxColors` colours (cluster means, rounded).
  /// - Complexity: about O(n²) for n histogram colours.
  static func palette(for histogram: [(rgb: UInt32, count: Int)], maxColors target: Int) -> [UInt32] {
    let n = histogram.count
    guard n > target else { return histogram.map(\.rgb) }
    var r = histogram.map { Double($0.rgb >> 16 & 0xff) }
    var g = histogram.map { Double($0.rgb >> 8 & 0xff) }
    var b = histogram.map { Double($0.rgb & 0xff) }
    var w = histogram.map { Double(max(1, $0.count)) }
    var alive = [Bool](repeating: true, count: n)
    var nearest = [Int](repeating: -1, count: n)
    var nearestCost = [Double](repeating: .infinity, count: n)

    func cost(_ i: Int, _ j: Int) -> Double {
      let dr = r[i] - r[j]
      let dg = g[i] - g[j]
      let db = b[i] - b[j]
      return w[i] * w[j] / (w[i] + w[j]) * (dr * dr + dg * dg + db * db)
    }
    func updateNearest(_ i: Int) {
      var best = -1
      var bestCost = Double.infinity
      for j in 0..<n where j != i && alive[j] {
        let c = cost(i, j)
        if c < bestCost {
          bestCost = c
          best = j
        }
      }
      nearest[i] = best
      nearestCost[i] = bestCost
    }
    for i in 0..<n { updateNearest(i) }

    var clusters = n
    while clusters > target {
      var a = -1
      var best = Double.infinity
      for i in 0..<n where alive[i] && nearestCost[i] < best {
        best = nearestCost[i]
        a = i
      }
      let c = nearest[a]
      let (i, j) = (min(a, c), max(a, c))
      let total = w[i] + w[j]
      r[i] = (r[i] * w[i] + r[j] * w[j]) / total
      g[i] = (g[i] * w[i] + g[j] * w[j]) / total
      b[i] = (b[i] * w[i] + b[j] * w[j]) / total
      w[i] = total
      alive[j] = false
      clusters -= 1
      // Ward costs to the merged cluster only grow for others, but their nearest may have been i or j.
      updateNearest(i)
      for k in 0..<n where alive[k] && k != i {
        if nearest[k] == i || nearest[k] == j {
          updateNearest(k)
        } else {
          let ck = cost(k, i)
          if ck < nearestCost[k] {
            nearestCost[k] = ck
            nearest[k] = i
          }
        }
      }
    }
    var out: [UInt32] = []
    for i in 0..<n where alive[i] {
      func byte(_ v: Double) -> UInt32 { UInt32(min(255, max(0, v.rounded()))) }
      out.append(byte(r[i]) << 16 | byte(g[i]) << 8 | byte(b[i]))
    }
    return out
  }
}
