import Testing

@testable import ProgressRenderBatch

@Suite struct BatchShardTests {
  @Test(arguments: [("1/3", 1, 3), ("3/3", 3, 3), (" 2 / 4 ", 2, 4), ("1/1", 1, 1)])
  func parses(text: String, number: Int, count: Int) {
    #expect(ShardSpec(text) == ShardSpec(number: number, count: count))
    #expect(ShardSpec(text)?.description == "\(number)/\(count)")
  }

  @Test(arguments: ["0/3", "4/3", "1/0", "a/3", "1", "1/2/3", "", "-1/3", "1/1001"])
  func rejects(text: String) {
    #expect(ShardSpec(text) == nil)
  }

  /// A deterministic spread of costs like a real manifest's (sizes² × frames).
  private static func costs(_ count: Int, seed: Int) -> [Int] {
    (0..<count).map { i in
      let size = 16 * (1 + (i * 7 + seed) % 9)
      return size * size * (1 + (i * 13 + seed * 3) % 40)
    }
  }

  @Test(arguments: [(0, 1), (1, 2), (5, 3), (30, 3), (31, 4), (100, 7), (3, 5)])
  func shardsPartitionTheSet(count: Int, parts: Int) {
    let costs = BatchShardTests.costs(count, seed: count + parts)
    var seen: [Int] = []
    for number in 1...parts {
      let selected = ShardPlanner.indices(of: ShardSpec(number: number, count: parts)!, costs: costs)
      #expect(selected == selected.sorted())
      seen += selected
    }
    #expect(seen.sorted() == Array(0..<count))
    #expect(Set(seen).count == seen.count)
  }

  @Test(arguments: [(30, 3), (60, 4), (100, 7)])
  func shardsAreBalanced(count: Int, parts: Int) {
    let costs = BatchShardTests.costs(count, seed: 1)
    let assignment = ShardPlanner.assign(costs: costs, parts: parts)
    var loads = [Int](repeating: 0, count: parts)
    for (index, part) in assignment.enumerated() { loads[part] += costs[index] }
    // Greedy LPT: no part exceeds the lightest by more than the largest single cost.
    #expect(loads.max()! - loads.min()! <= costs.max()!)
  }

  @Test func greedyLongestFirstWithTiesByIndex() {
    // Order 8 (#1), 5 (#0), 5 (#3), 4 (#2), 1 (#4): #1→0, #0→1, #3→1 (5 < 8), #2→0 (8 < 10), #4→1 (10 < 12).
    #expect(ShardPlanner.assign(costs: [5, 8, 4, 5, 1], parts: 2) == [1, 0, 0, 1, 1])
    #expect(ShardPlanner.assign(costs: [1, 1, 1], parts: 3) == [0, 1, 2])
  }
}
