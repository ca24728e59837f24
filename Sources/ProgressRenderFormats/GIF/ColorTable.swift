/// An open-addressing hash map from 32-bit colour keys to values, for per-pixel look-ups
/// without allocation. Keys are `0xAARRGGBB`; `ColorTable.emptyKey` (alpha 0 with non-zero
/// colour) never occurs as a key because `AlphaResolver` maps every transparent pixel to 0.
struct ColorTable<Value> {
  /// Marks a free slot.
  static var emptyKey: UInt32 { 1 }

  /// Slot keys (`emptyKey` where free) and their values.
  private(set) var keys: [UInt32]
  var values: [Value]
  /// Number of keys stored.
  private(set) var count = 0
  private var shift: UInt32
  private let initialValue: Value

  /// Creates an empty table.
  /// - Parameters:
  ///   - capacity: initial slot count, rounded up to a power of two.
  ///   - initialValue: the value a newly inserted key starts with.
  init(capacity: Int = 1024, initialValue: Value) {
    var slots = 16
    var bits: UInt32 = 4
    while slots < capacity {
      slots *= 2
      bits += 1
    }
    keys = Array(repeating: Self.emptyKey, count: slots)
    values = Array(repeating: initialValue, count: slots)
    shift = 32 - bits
    self.initialValue = initialValue
  }

  /// The slot of `key`, or `nil` when absent.
  @inline(__always)
  func slot(of key: UInt32) -> Int? {
    let mask = keys.count - 1
    var i = Int((key &* 2_654_435_769) >> shift)
    while true {
      let k = keys[i]
      if k == key { return i }
      if k == Self.emptyKey { return nil }
      i = (i + 1) & mask
    }
  }

  /// The slot of `key`, inserting it with the initial value when absent (may grow the table).
  @inline(__always)
  mutating func insertionSlot(for key: UInt32) -> Int {
    if let i = slot(of: key) { return i }
    if (count + 1) * 2 > keys.count { grow() }
    let mask = keys.count - 1
    var i = Int((key &* 2_654_435_769) >> shift)
    while keys[i] != Self.emptyKey { i = (i + 1) & mask }
    keys[i] = key
    values[i] = initialValue
    count += 1
    return i
  }

  /// Removes every key, keeping the capacity.
  mutating func removeAll() {
    for i in keys.indices {
      keys[i] = Self.emptyKey
      values[i] = initialValue
    }
    count = 0
  }

  /// Every stored key with its value, in ascending key order.
  func sortedEntries() -> [(key: UInt32, value: Value)] {
    var out: [(key: UInt32, value: Value)] = []
    out.reserveCapacity(count)
    for (i, k) in keys.enumerated() where k != Self.emptyKey { out.append((k, values[i])) }
    out.sort { $0.key < $1.key }
    return out
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldValues = values
    keys = Array(repeating: Self.emptyKey, count: oldKeys.count * 2)
    values = Array(repeating: initialValue, count: oldKeys.count * 2)
    shift -= 1
    let mask = keys.count - 1
    for (j, k) in oldKeys.enumerated() where k != Self.emptyKey {
      var i = Int((k &* 2_654_435_769) >> shift)
      while keys[i] != Self.emptyKey { i = (i + 1) & mask }
      keys[i] = k
      values[i] = oldValues[j]
    }
  }
}
