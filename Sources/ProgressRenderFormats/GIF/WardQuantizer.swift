/// Picks a palette for a few thousand colours by agglomerative clustering (Ward's method): start
/// with every colour as its own cluster and repeatedly merge the two whose merge adds the least
/// squared sRGB error (`wa·wb/(wa+wb) · |ca − cb|²`), until the palette fits.
///
/// For flat vector art that has a few more colours than a GIF palette holds (anti-aliased edges
/// between a handful of fills), this keeps every frequent colour exact and merges only near-equal
/// rare ones — far closer to lossless than a general-purpose quantizer. Deterministic: ties go to
/// the lowest cluster index.
///
/// Each cluster remembers its cheapest partner. Searches walk the live clusters in order of red
/// outwards from the cluster asked about and stop where the red difference alone makes every
/// further merge dearer than the best found (a merge with a cluster of weight ≥ 1 costs at least
/// `w/(w+1) · Δred²`), so photo colours, whose neighbours are near, are searched among a few.
/// The result is exactly that of comparing every pair: what is skipped is strictly dearer.
///
/// The cheapest merge is taken from a heap of the clusters by cost (`MergeCostHeap`), not found
/// by a scan of every live cluster; after a merge only the clusters that followed either part,
/// and those the merged cluster now undercuts, search again. Those are looked for in red order out
/// to where the red difference alone makes the merge dearer than any live cluster's cheapest (a
/// bound that only grows between exact counts every 32 merges).
///
/// The red order is a doubly linked list: a merge unlinks one part and walks the other from where
/// it stood to its new red, which lies between the two (no binary search, no array shifted).
enum WardQuantizer {
  /// Above this many colours the O(n²) clustering is too slow; use libimagequant. (About 0.1 s
  /// in a release build at 4096 colours; `wave` has about 2,700–3,400.)
  static let maxColors = 4096

  /// Shrinks the red-only lower bound of a merge cost below any rounding of the full cost.
  private static let boundSlack = 1 - 1e-9

  /// - Parameters:
  ///   - histogram: distinct colours `0xRRGGBB` with pixel counts (at most `maxColors`),
  ///     in ascending colour order.
  ///   - maxColors: palette size, ≥ 1.
  /// - Returns: at most `maxColors` colours (cluster means, rounded).
  /// - Complexity: O(n²) for n histogram colours at worst; about O(n · (k + log n)) when each
  ///   colour's cheapest partners lie among the k nearest in red.
  static func palette(for histogram: [(rgb: UInt32, count: Int)], maxColors target: Int) -> [UInt32] {
    let n = histogram.count
    guard n > target else { return histogram.map(\.rgb) }
    // Five columns of n doubles by cluster index: red, green, blue, weight, cheapest merge cost.
    var reals = [Double](repeating: 0, count: 5 * n)
    // Six columns of n integers: each cluster's cheapest partner; the live clusters in order of red
    // (then index) as a doubly linked list, each one's next and previous (-1 at the ends); each
    // cluster's own index while it lives, -1 once merged into another; the merge after which it was
    // last marked to search again; the clusters marked after the current merge.
    var ints = [Int](repeating: -1, count: 6 * n)
    var survivors: [Int] = []
    reals.withUnsafeMutableBufferPointer { reals in
      ints.withUnsafeMutableBufferPointer { ints in
        let base = reals.baseAddress!
        let (red, green, blue, weight, nearestCost) = (base, base + n, base + 2 * n, base + 3 * n, base + 4 * n)
        let column = ints.baseAddress!
        let (nearest, next, previous, alive) = (column, column + n, column + 2 * n, column + 3 * n)
        let (lookedAt, refresh) = (column + 4 * n, column + 5 * n)
        var live = n
        var sorted: [(red: Double, index: Int)] = []
        sorted.reserveCapacity(n)
        for (p, entry) in histogram.enumerated() {
          red[p] = Double(entry.rgb >> 16 & 0xff)
          green[p] = Double(entry.rgb >> 8 & 0xff)
          blue[p] = Double(entry.rgb & 0xff)
          weight[p] = Double(max(1, entry.count))
          nearestCost[p] = .infinity
          alive[p] = p
          sorted.append((red[p], p))
        }
        sorted.sort { $0.red != $1.red ? $0.red < $1.red : $0.index < $1.index }
        for t in sorted.indices {
          let p = sorted[t].index
          previous[p] = t > 0 ? sorted[t - 1].index : -1
          next[p] = t + 1 < n ? sorted[t + 1].index : -1
        }

        @inline(__always) func cost(_ p: Int, _ q: Int) -> Double {
          let dr = red[p] - red[q]
          let dg = green[p] - green[q]
          let db = blue[p] - blue[q]
          return weight[p] * weight[q] / (weight[p] + weight[q]) * (dr * dr + dg * dg + db * db)
        }
        /// Whether cluster `p` comes before cluster `q` in the red order.
        @inline(__always) func redBefore(_ p: Int, _ q: Int) -> Bool {
          red[p] < red[q] || (red[p] == red[q] && p < q)
        }
        /// Takes live cluster `p` out of the red order.
        @inline(__always) func unlink(_ p: Int) {
          if previous[p] >= 0 { next[previous[p]] = next[p] }
          if next[p] >= 0 { previous[next[p]] = previous[p] }
        }
        /// Cluster `p`'s cheapest partner among the live ones (lowest index on ties) and its cost.
        func cheapest(_ p: Int) -> (index: Int, cost: Double) {
          let r = red[p]
          let bound = weight[p] / (weight[p] + 1) * boundSlack
          var best = -1
          var bestCost = Double.infinity
          var q = next[p]
          while q >= 0 {
            let dr = red[q] - r
            if bound * dr * dr > bestCost { break }
            let c = cost(p, q)
            if c < bestCost || (c == bestCost && q < best) { (best, bestCost) = (q, c) }
            q = next[q]
          }
          q = previous[p]
          while q >= 0 {
            let dr = r - red[q]
            if bound * dr * dr > bestCost { break }
            let c = cost(p, q)
            if c < bestCost || (c == bestCost && q < best) { (best, bestCost) = (q, c) }
            q = previous[q]
          }
          return (best, bestCost)
        }
        // The clusters by cost (the cheapest merge first, the lowest index on ties); an entry is
        // current while its cluster lives and still has that cost.
        var cheapestFirst = MergeCostHeap(capacity: 2 * n)
        // At least the dearest of the live clusters' cheapest merges: the greatest cost found
        // since it was last worked out exactly (every `recount` merges).
        var dearest = 0.0
        let recount = 32
        // Who takes each cluster as partner: linked lists that may hold outdated members.
        var (followerHead, followerLink, followerMember) = ([Int](repeating: -1, count: n), [Int](), [Int]())
        followerLink.reserveCapacity(2 * n)
        followerMember.reserveCapacity(2 * n)
        func search(_ p: Int) {
          let (q, c) = cheapest(p)
          (nearest[p], nearestCost[p]) = (q, c)
          cheapestFirst.push(c, p)
          dearest = max(dearest, c)
          if q >= 0 {
            followerLink.append(followerHead[q])
            followerMember.append(p)
            followerHead[q] = followerMember.count - 1
          }
        }
        for p in 0..<n { search(p) }
        var merges = 0
        while live > target {
          // The cheapest merge (first in index order on ties).
          while let top = cheapestFirst.top, alive[top.cluster] < 0 || nearestCost[top.cluster] != top.cost {
            cheapestFirst.popTop()
          }
          guard let a = cheapestFirst.top?.cluster else { break }
          if merges % recount == recount - 1 {
            var exact = 0.0
            for p in 0..<n where alive[p] >= 0 { exact = max(exact, nearestCost[p]) }
            assert(dearest >= exact, "the bound \(dearest) is below the dearest cheapest merge \(exact)")
            dearest = exact
          }
          let (i, j) = (min(a, nearest[a]), max(a, nearest[a]))
          // Out of the red order go j and i; i comes back in at its new red, which lies between
          // the two: it is walked there from where it stood.
          unlink(j)
          var (before, after) = (previous[i], next[i])
          unlink(i)
          alive[j] = -1
          let total = weight[i] + weight[j]
          red[i] = (red[i] * weight[i] + red[j] * weight[j]) / total
          green[i] = (green[i] * weight[i] + green[j] * weight[j]) / total
          blue[i] = (blue[i] * weight[i] + blue[j] * weight[j]) / total
          weight[i] = total
          live -= 1
          while before >= 0 && redBefore(i, before) { (after, before) = (before, previous[before]) }
          while after >= 0 && redBefore(after, i) { (before, after) = (after, next[after]) }
          assert(before < 0 || redBefore(before, i), "the red order is broken before cluster \(i)")
          assert(after < 0 || redBefore(i, after), "the red order is broken after cluster \(i)")
          (previous[i], next[i]) = (before, after)
          if before >= 0 { next[before] = i }
          if after >= 0 { previous[after] = i }
          merges += 1
          search(i)
          // Clusters whose partner was i or j search again; so does any other cluster k for which
          // i is now cheaper than its partner: never when merging costs more than `dearest`, which
          // the red difference alone may show.
          var marked = 0
          @inline(__always) func mark(_ k: Int) {
            if lookedAt[k] != merges {
              lookedAt[k] = merges
              refresh[marked] = k
              marked += 1
            }
          }
          // (Emptying the two lists loses no one: whoever still follows i searches again below.)
          func markFollowers(of partner: Int) {
            var link = followerHead[partner]
            followerHead[partner] = -1
            while link >= 0 {
              let k = followerMember[link]
              if k != i && alive[k] >= 0 && nearest[k] == partner { mark(k) }
              link = followerLink[link]
            }
          }
          markFollowers(of: i)
          markFollowers(of: j)
          let (r, g, b) = (red[i], green[i], blue[i])
          let bound = weight[i] / (weight[i] + 1) * boundSlack
          @inline(__always) func offer(_ k: Int, _ dr: Double) {
            // The merge costs at least `bound` times the squared distance (see `cheapest`): a k
            // whose partner costs no more than that is passed by without the division, most of
            // them by the red difference alone.
            let floor = bound * dr * dr
            if floor >= nearestCost[k] { return }
            let dg = green[k] - g
            let db = blue[k] - b
            if bound * (dr * dr + dg * dg + db * db) >= nearestCost[k] { return }
            if k == i || nearest[k] == i || nearest[k] == j { return }
            if cost(k, i) < nearestCost[k] { mark(k) }
          }
          var k = next[i]
          while k >= 0 {
            let dr = red[k] - r
            if bound * dr * dr > dearest { break }
            offer(k, dr)
            k = next[k]
          }
          k = previous[i]
          while k >= 0 {
            let dr = r - red[k]
            if bound * dr * dr > dearest { break }
            offer(k, dr)
            k = previous[k]
          }
          for m in 0..<marked { search(refresh[m]) }
        }
        survivors = (0..<n).filter { alive[$0] >= 0 }
      }
    }
    func byte(_ v: Double) -> UInt32 { UInt32(min(255, max(0, v.rounded()))) }
    return survivors.map { p in
      byte(reals[p]) << 16 | byte(reals[n + p]) << 8 | byte(reals[2 * n + p])
    }
  }
}
