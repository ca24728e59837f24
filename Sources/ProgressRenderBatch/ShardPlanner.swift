/// Splits a batch into N balanced, disjoint parts that together hold every asset.
///
/// Greedy longest-processing-time-first: assets in decreasing cost (ties: lower index first), each
/// onto the part with the least cost so far (ties: lower part number). The split depends only on
/// the costs, so every CI job computes the same one.
package enum ShardPlanner {
  /// The part (0-based) of every asset.
  /// - Parameters:
  ///   - costs: each asset's estimated cost (pixels × frames), in manifest order.
  ///   - parts: how many parts, at least 1.
  /// - Returns: for each asset, the 0-based part it belongs to.
  /// - Complexity: O(n log n + n × parts).
  package static func assign(costs: [Int], parts: Int) -> [Int] {
    precondition(parts >= 1, "at least one part")
    let order = costs.indices.sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
    var loads = [Int](repeating: 0, count: parts)
    var result = [Int](repeating: 0, count: costs.count)
    for index in order {
      var lightest = 0
      for part in 1..<parts where loads[part] < loads[lightest] { lightest = part }
      result[index] = lightest
      loads[lightest] += max(0, costs[index])
    }
    return result
  }

  /// The indices of the assets in `shard`, in manifest order.
  /// - Parameters:
  ///   - shard: which part.
  ///   - costs: each asset's estimated cost, in manifest order.
  /// - Returns: the selected asset indices, increasing.
  package static func indices(of shard: ShardSpec, costs: [Int]) -> [Int] {
    let parts = assign(costs: costs, parts: shard.count)
    return costs.indices.filter { parts[$0] == shard.number - 1 }
  }
}
