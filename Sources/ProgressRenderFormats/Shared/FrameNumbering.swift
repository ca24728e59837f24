/// Where each PNG of a frames folder goes. Names of one pattern, a common prefix then a number then
/// `.png` (`frame-0000.png`, `frame-0001.png` …), are numbered: a frame's slot is its number minus the
/// smallest number, and a gap is a missing frame with a name made from the pattern. Any other set of
/// names takes slots in natural order.
package struct FrameNumbering {
  /// Slot of each name, in the order the names were given.
  let slots: [Int]
  /// Name of each slot: the file's name, or the name a missing frame would have.
  let labels: [String]
  /// Number of slots (names plus gaps).
  var slotCount: Int { labels.count }

  /// Lays out names given in natural order.
  init(names: [String]) {
    let parsed = names.map(FrameNumbering.split)
    if let first = parsed.first ?? nil, parsed.allSatisfy({ $0?.prefix == first.prefix }),
      let low = parsed.compactMap({ $0?.number }).min(), let high = parsed.compactMap({ $0?.number }).max(),
      high - low < 100_000, Set(parsed.compactMap { $0?.number }).count == names.count
    {
      let width = first.digits
      slots = parsed.map { $0!.number - low }
      var labels = (low...high).map { number in
        let text = String(number)
        return first.prefix + String(repeating: "0", count: max(0, width - text.count)) + text + ".png"
      }
      for (name, slot) in zip(names, slots) { labels[slot] = name }
      self.labels = labels
    } else {
      slots = Array(names.indices)
      labels = names
    }
  }

  /// The prefix and digit count shared by numbered names (`("frame-", 4)` for `frame-0000.png` …), or
  /// `nil` when the names do not follow one pattern or there are none.
  package static func pattern(of names: [String]) -> (prefix: String, digits: Int)? {
    let parsed = names.compactMap(split)
    guard let first = parsed.first, parsed.count == names.count, parsed.allSatisfy({ $0.prefix == first.prefix })
    else { return nil }
    return (first.prefix, first.digits)
  }

  /// `("frame-", 12, 4)` for `frame-0012.png`; `nil` if the name does not end in digits and `.png`.
  private static func split(_ name: String) -> (prefix: String, number: Int, digits: Int)? {
    guard name.lowercased().hasSuffix(".png") else { return nil }
    let stem = name.dropLast(4)
    let digits = stem.reversed().prefix(while: { $0.isASCII && $0.isNumber })
    guard !digits.isEmpty, digits.count <= 9, let number = Int(String(digits.reversed())) else { return nil }
    return (String(stem.dropLast(digits.count)), number, digits.count)
  }
}
