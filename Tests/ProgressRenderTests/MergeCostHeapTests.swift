import Testing

@testable import ProgressRenderFormats

/// `MergeCostHeap` gives its entries back least cost first and, among equal costs, lowest cluster
/// first — for pushes in any order, with ties, repeats and pops between pushes.
@Suite struct MergeCostHeapTests {
  /// Pushes `count` entries with costs from `levels` distinct values (few levels: many ties),
  /// popping one after every `popEvery` pushes, and checks each popped entry is the least of
  /// those still in.
  @Test(arguments: [
    (0, 1, 0),  // empty
    (1, 1, 0),  // one
    (2, 1, 0),  // two of equal cost: the lower index first
    (50, 1_000_000, 0),  // distinct costs
    (200, 3, 0),  // ties everywhere
    (300, 10, 3),  // pops between pushes
    (500, 2, 2),
  ])
  func popsTheLeastCostLowestClusterFirst(count: Int, levels: Int, popEvery: Int) {
    var state: UInt32 = 0x2468_ACE1 ^ UInt32(count)
    func next() -> Int {
      state = state &* 1_664_525 &+ 1_013_904_223
      return Int(state >> 8)
    }
    var heap = MergeCostHeap(capacity: count)
    var reference: [MergeCostHeap.Entry] = []
    func popAndCheck() {
      let least = reference.indices.min { reference[$0].precedes(reference[$1]) }!
      let expected = reference.remove(at: least)
      #expect(heap.top?.cost == expected.cost && heap.top?.cluster == expected.cluster)
      heap.popTop()
    }
    for k in 0..<count {
      let cost = Double(next() % levels) / 4
      let cluster = next() % (count + 1)  // repeats too
      heap.push(cost, cluster)
      reference.append(MergeCostHeap.Entry(cost: cost, cluster: cluster))
      if popEvery > 0 && k % popEvery == popEvery - 1 { popAndCheck() }
    }
    #expect(heap.count == reference.count)
    while !reference.isEmpty { popAndCheck() }
    #expect(heap.top == nil)
  }
}
