/// Natural ordering of file names: runs of digits compare by value, so `frame-2.png` comes before
/// `frame-10.png`; everything else compares by Unicode scalar.
package enum NaturalOrder {
  /// Whether `a` sorts before `b` in natural order (ties broken by plain string order, so the order is total).
  /// - Complexity: O(length of the names).
  package static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
    let left = chunks(a)
    let right = chunks(b)
    for (x, y) in zip(left, right) where x != y {
      switch (x, y) {
      case (.number(let m, let mText), .number(let n, let nText)):
        return m != n ? m < n : mText < nText
      case (.number, .text): return true
      case (.text, .number): return false
      case (.text(let s), .text(let t)): return s.unicodeScalars.lexicographicallyPrecedes(t.unicodeScalars)
      }
    }
    if left.count != right.count { return left.count < right.count }
    return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
  }

  private enum Chunk: Equatable {
    case text(String)
    case number(Double, String)
  }

  private static func chunks(_ name: String) -> [Chunk] {
    var out: [Chunk] = []
    var current = ""
    var inDigits = false
    func flush() {
      guard !current.isEmpty else { return }
      out.append(inDigits ? .number(Double(current) ?? .infinity, current) : .text(current))
      current = ""
    }
    for character in name {
      let digit = character.isASCII && character.isNumber
      if digit != inDigits { flush() }
      inDigits = digit
      current.append(character)
    }
    flush()
    return out
  }
}
