/// A binary min-heap of clusters keyed by a cost: the least cost first, the lowest cluster index
/// among equal costs — the cluster a scan in index order keeping the first least cost would find.
///
/// Entries are never updated in place: a cluster whose cost changes is pushed again, and the
/// caller drops the outdated entries it finds on top (`popTop()`) by comparing them with the
/// cluster's current cost.
struct MergeCostHeap {
  /// One cluster with the cost it was pushed with.
  struct Entry {
    var cost: Double
    var cluster: Int

    /// Whether `self` comes out before `other`: a lower cost, or the same cost and a lower index.
    @inline(__always)
    func precedes(_ other: Entry) -> Bool {
      cost < other.cost || (cost == other.cost && cluster < other.cluster)
    }
  }

  /// Entries in heap order: no entry precedes its parent.
  private var entries: [Entry] = []

  /// Number of entries, outdated ones included.
  var count: Int { entries.count }

  /// Creates an empty heap with room for `capacity` entries.
  init(capacity: Int = 0) {
    entries.reserveCapacity(capacity)
  }

  /// The least entry: least cost, then lowest cluster index; `nil` when empty.
  var top: Entry? { entries.first }

  /// Adds `cluster` with `cost` (not NaN).
  /// - Complexity: O(log count).
  mutating func push(_ cost: Double, _ cluster: Int) {
    let entry = Entry(cost: cost, cluster: cluster)
    entries.append(entry)
    entries.withUnsafeMutableBufferPointer { heap in
      var hole = heap.count - 1
      while hole > 0 {
        let parent = (hole - 1) / 2
        guard entry.precedes(heap[parent]) else { break }
        heap[hole] = heap[parent]
        hole = parent
      }
      heap[hole] = entry
    }
  }

  /// Removes the least entry (the heap must not be empty).
  /// - Complexity: O(log count).
  mutating func popTop() {
    let last = entries.removeLast()
    entries.withUnsafeMutableBufferPointer { heap in
      let n = heap.count
      guard n > 0 else { return }
      var hole = 0
      while true {
        var child = 2 * hole + 1
        guard child < n else { break }
        if child + 1 < n && heap[child + 1].precedes(heap[child]) { child += 1 }
        guard heap[child].precedes(last) else { break }
        heap[hole] = heap[child]
        hole = child
      }
      heap[hole] = last
    }
  }
}
