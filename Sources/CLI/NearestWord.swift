/// Finds the word a user probably meant: `--colour` → `--color`, `rendr` → `render`.
enum NearestWord {
  /// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo
  /// (at most 2 edits, and fewer than half the word's length), or the only candidate `word` is a
  /// prefix of. Ties go to the earlier candidate.
  /// - Parameters:
  ///   - word: what the user typed.
  ///   - candidates: the valid words, in a fixed order.
  /// - Returns: the suggestion, or `nil`.
  /// - Complexity: O(candidates × word length × candidate length).
  static func suggestion(for word: String, among candidates: [String]) -> String? {
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

  /// Levenshtein distance (insertions, deletions, substitutions each cost 1).
  /// - Complexity: O(a.count × b.count) time, O(b.count) space.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let b = Array(b)
    var previous = Array(0...b.count)
    for (i, charA) in a.enumerated() {
      var current = [i + 1]
      for (j, charB) in b.enumerated() {
        current.append(min(previous[j] + (charA == charB ? 0 : 1), previous[j + 1] + 1, current[j] + 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
