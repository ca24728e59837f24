/// Eight colour keys compared at once, with four 64-bit loads: how the GIF's scans pass over runs
/// of one key and over stretches of a frame that did not change.
enum KeyBlock {
  /// Whether the eight keys at `a` equal the eight at `b`.
  @inline(__always)
  static func equal(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>) -> Bool {
    let (ra, rb) = (UnsafeRawPointer(a), UnsafeRawPointer(b))
    var diff: UInt64 = 0
    for offset in stride(from: 0, to: 32, by: 8) {
      let x = ra.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      diff |= x ^ rb.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }
    return diff == 0
  }

  /// Whether the eight keys at `keys` all equal `key`.
  @inline(__always)
  static func all(_ keys: UnsafePointer<UInt32>, equal key: UInt32) -> Bool {
    let raw = UnsafeRawPointer(keys)
    let pair = UInt64(key) &* 0x1_0000_0001
    var diff: UInt64 = 0
    for offset in stride(from: 0, to: 32, by: 8) {
      diff |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ pair
    }
    return diff == 0
  }

  /// The end of the run of keys equal to `keys[start]`, within `start..<end`.
  ///
  /// A run that reaches a second key grows eight keys at a time while a block of eight equals its
  /// key, then key by key; a lone key costs one extra compare.
  /// - Complexity: O(run length / 8 + 8).
  @inline(__always)
  static func runEnd(_ keys: UnsafePointer<UInt32>, from start: Int, to end: Int) -> Int {
    let key = keys[start]
    var next = start &+ 1
    guard next < end && keys[next] == key else { return next }
    next &+= 1
    while next &+ 8 <= end && all(keys + next, equal: key) { next &+= 8 }
    while next < end && keys[next] == key { next &+= 1 }
    return next
  }

  /// Whether `keys` hold `key`, eight keys a compare.
  /// - Complexity: O(n).
  static func contains(_ key: UInt32, in keys: UnsafeBufferPointer<UInt32>) -> Bool {
    guard let base = keys.baseAddress else { return false }
    let wanted = SIMD8<UInt32>(repeating: key)
    var i = 0
    while i &+ 32 <= keys.count {
      let raw = UnsafeRawPointer(base + i)
      var hits = raw.loadUnaligned(as: SIMD8<UInt32>.self) .== wanted
      for offset in stride(from: 32, to: 128, by: 32) {
        hits = hits .| (raw.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self) .== wanted)
      }
      if any(hits) { return true }
      i &+= 32
    }
    while i < keys.count {
      if base[i] == key { return true }
      i &+= 1
    }
    return false
  }
}
