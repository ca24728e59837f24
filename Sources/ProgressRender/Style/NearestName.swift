/// Finds the valid name nearest to a mistyped one, for "did you mean" hints.
enum NearestName {
  /// The candidate closest to `name` by edit distance (case ignored), when it is close enough
  /// (at most max(2, length / 3) edits); ties go to the alphabetically first.
  static func suggestion(for name: String, among candidates: [String]) -> String? {
    let limit = max(2, name.count / 3)
    let scored = candidates.sorted().map { ($0, distance(name.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return nil }
    return best.0
  }

  /// Levenshtein distance.
  /// - Complexity: O(m × n).
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
