/// Counts the colour keys of many frames in bounded memory.
///
/// Beyond `maxDistinct` colours (far more than a GIF palette holds, so the palette is lossy
/// anyway) the histogram posterizes: it drops the lowest bit of each channel and merges counts,
/// as often as needed, so its size never grows with the number of frames.
struct ColorHistogram {
  private(set) var table = ColorTable<Int>(capacity: 4096, initialValue: 0)
  /// Bits kept of each channel's low end (`0xFFFFFF` while exact).
  private(set) var channelMask: UInt32 = 0x00FF_FFFF
  private let maxDistinct: Int

  /// - Parameter maxDistinct: the most colours kept exactly before posterizing.
  init(maxDistinct: Int = 1 << 18) {
    self.maxDistinct = maxDistinct
  }

  /// Whether every colour was counted exactly (no posterizing happened).
  var isExact: Bool { channelMask == 0x00FF_FFFF }
  /// Number of distinct keys counted.
  var distinctCount: Int { table.count }
  /// Whether the transparent key was seen.
  var hasTransparent: Bool { table.slot(of: AlphaResolver.transparentKey) != nil }

  /// Counts `keys`, one run of equal keys at a time.
  ///
  /// Once a run has two keys it grows eight keys at a time while a block of eight equals its key
  /// (four 64-bit compares), then key by key; a lone key costs one extra compare.
  /// - Complexity: O(n), plus one table look-up per run.
  mutating func add(_ keys: UnsafeBufferPointer<UInt32>) {
    add(keys, times: 1)
  }

  /// Counts `keys` `times` over (a row shown unchanged in that many frames), as `add(_:)` does.
  /// - Complexity: O(n), plus one table look-up per run.
  mutating func add(_ keys: UnsafeBufferPointer<UInt32>, times: Int) {
    guard let base = keys.baseAddress, times > 0 else { return }
    var i = 0
    while i < keys.count {
      let j = KeyBlock.runEnd(base, from: i, to: keys.count)
      add(base[i], count: (j &- i) &* times)
      i = j
    }
  }

  /// Whether `keys` hold at least `count` distinct keys (the transparent key counts as one).
  /// - Complexity: O(n), one table look-up per run of equal keys until `count` are found.
  static func hasAtLeast(_ count: Int, distinctKeysIn keys: UnsafeBufferPointer<UInt32>) -> Bool {
    guard count > 0 else { return true }
    guard let base = keys.baseAddress else { return false }
    var seen = ColorTable<Bool>(capacity: 2 * count, initialValue: false)
    var i = 0
    while i < keys.count {
      let j = KeyBlock.runEnd(base, from: i, to: keys.count)
      _ = seen.insertionSlot(for: base[i])
      if seen.count >= count { return true }
      i = j
    }
    return false
  }

  /// Adds `count` occurrences of `key`.
  mutating func add(_ key: UInt32, count: Int) {
    let k = key == AlphaResolver.transparentKey ? key : key & (0xFF00_0000 | channelMask)
    let slot = table.insertionSlot(for: k)
    table.values[slot] += count
    if table.count > maxDistinct { posterize() }
  }

  /// Adds the counts of another histogram (a worker's share of the frames).
  ///
  /// The result does not depend on how the frames were shared out: counts are summed, and the
  /// posterizing level ends at the smallest one that keeps all colours within `maxDistinct`,
  /// exactly as if every frame had been added here.
  /// - Complexity: O(distinct colours of `other`).
  mutating func merge(_ other: ColorHistogram) {
    while channelMask.nonzeroBitCount > other.channelMask.nonzeroBitCount { posterize() }
    for entry in other.table.sortedEntries() { add(entry.key, count: entry.value) }
  }

  /// The opaque colours (`0xRRGGBB`) with their counts, in ascending colour order.
  func opaqueColors() -> [(rgb: UInt32, count: Int)] {
    table.sortedEntries().compactMap { entry in
      entry.key == AlphaResolver.transparentKey ? nil : (entry.key & 0x00FF_FFFF, entry.value)
    }
  }

  private mutating func posterize() {
    let old = table.sortedEntries()
    channelMask = (channelMask << 1) & 0x00FE_FEFE
    table = ColorTable<Int>(capacity: maxDistinct, initialValue: 0)
    for entry in old {
      let k = entry.key == AlphaResolver.transparentKey ? entry.key : entry.key & (0xFF00_0000 | channelMask)
      table.values[table.insertionSlot(for: k)] += entry.value
    }
  }
}
