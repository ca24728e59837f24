/// Finds the word a user probably meant: `--colour` → `--color`, `rendr` → `render`.
package enum NearestWord {
  /// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo
  /// (at most 2 edits, and fewer than half the word's length), or the only candidate `word` is a
  /// prefix of. Ties go to the earlier candidate.
  /// - Parameters:
  ///   - word: what the user typed.
  ///   - candidates: the valid words, in a fixed order.
  /// - Returns: the suggestion, or `nil`.
  /// - Complexity: O(candidates × word length × candidate length).
  package static func suggestion(for word: String, among candidates: [String]) -> String? {
    let prefixed = candidates.filter { $0.hasPrefix(word) && word.count >= 3 }
    if prefixed.count == 1 { return prefixed[0] }
    var best: (word: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(word, candidate)
      if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    guard let best, best.distance <= 2, best.distance * 2 < max(word.count, 2) else { return nil }
    return best.word
  }

  /// Edit distance with adjacent transpositions (optimal string alignment): insertions,
  /// deletions, substitutions and swaps of two neighbours each cost 1 (`rign` → `ring` is 1).
  /// - Complexity: O(a.count × b.count) time and space.
  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }
}
