/// Picks a palette for a few thousand colours by agglomerative clustering (Ward's method): start
/// with every colour as its own cluster and repeatedly merge the two whose merge adds the least
/// squared sRGB error (`wa·wb/(wa+wb) · |ca − cb|²`), until the palette fits.
///
/// For flat vector art that has a few more colours than a GIF palette holds (anti-aliased edges
/// between a handful of fills), this keeps every frequent colour exact and merges only near-equal
/// rare ones — far closer to lossless than a general-purpose quantizer. Deterministic: ties go to
/// the lowest cluster index.
enum WardQuantizer {
  /// Above this many colours the O(n²) clustering is too slow; use libimagequant. (About 0.1 s
  /// in a release build at 4096 colours; `wave` has about 2,700–3,400.)
  static let maxColors = 4096

  /// - Parameters:
  ///   - histogram: distinct colours `0xRRGGBB` with pixel counts (at most `maxColors`).
  ///   - maxColors: palette size, ≥ 1.
  /// - Returns: at most `maxColors` colours (cluster means, rounded).
  /// - Complexity: about O(n²) for n histogram colours.
  static func palette(for histogram: [(rgb: UInt32, count: Int)], maxColors target: Int) -> [UInt32] {
    let n = histogram.count
    guard n > target else { return histogram.map(\.rgb) }
    // Cluster centres (r, g, b, unused) and weights; `alive` lists live clusters in ascending order.
    var centre = histogram.map {
      SIMD4<Double>(Double($0.rgb >> 16 & 0xff), Double($0.rgb >> 8 & 0xff), Double($0.rgb & 0xff), 0)
    }
    var weight = histogram.map { Double(max(1, $0.count)) }
    var alive = Array(0..<n)
    var nearest = [Int](repeating: -1, count: n)
    var nearestCost = [Double](repeating: .infinity, count: n)

    centre.withUnsafeMutableBufferPointer { c in
      weight.withUnsafeMutableBufferPointer { w in
        nearest.withUnsafeMutableBufferPointer { nearest in
          nearestCost.withUnsafeMutableBufferPointer { nearestCost in
            @inline(__always) func cost(_ i: Int, _ j: Int) -> Double {
              let d = c[i] - c[j]
              return w[i] * w[j] / (w[i] + w[j]) * (d * d).sum()
            }
            func updateNearest(_ i: Int) {
              var best = -1
              var bestCost = Double.infinity
              for j in alive where j != i {
                let cij = cost(i, j)
                if cij < bestCost {
                  bestCost = cij
                  best = j
                }
              }
              nearest[i] = best
              nearestCost[i] = bestCost
            }
            // Every pair once; candidates reach each cluster in ascending order, so ties keep the lowest index.
            for i in 0..<n {
              for j in (i + 1)..<n {
                let cij = cost(i, j)
                if cij < nearestCost[i] {
                  nearestCost[i] = cij
                  nearest[i] = j
                }
                if cij < nearestCost[j] {
                  nearestCost[j] = cij
                  nearest[j] = i
                }
              }
            }
            while alive.count > target {
              var a = -1
              var best = Double.infinity
              for i in alive where nearestCost[i] < best {
                best = nearestCost[i]
                a = i
              }
              let (i, j) = (min(a, nearest[a]), max(a, nearest[a]))
              let total = w[i] + w[j]
              c[i] = (c[i] * w[i] + c[j] * w[j]) / total
              w[i] = total
              alive.remove(at: alive.firstIndex(of: j)!)
              // Ward costs to the merged cluster only grow for others, but their nearest may have been i or j.
              updateNearest(i)
              for k in alive where k != i {
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
          }
        }
      }
    }
    func byte(_ v: Double) -> UInt32 { UInt32(min(255, max(0, v.rounded()))) }
    return alive.map { byte(centre[$0][0]) << 16 | byte(centre[$0][1]) << 8 | byte(centre[$0][2]) }
  }
}
