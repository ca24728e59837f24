#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps pass-1 frames (resolved colour keys) for pass 2 so they need not be rendered twice,
/// within a fixed memory budget.
///
/// Frames are stored as differences: the first in full, each later one as the bounding rectangle
/// of what changed since the one before (progress animations change little per frame), each
/// rectangle kept as runs of equal keys where that is smaller (flat art: a 240 px wave frame of
/// 230 KB takes about 9 KB, so the whole animation is painted once instead of twice). Frames
/// are appended in order; once the budget would be exceeded, caching stops, so the cached frames
/// are always a prefix `0..<count` and the rest are rendered again. Memory never exceeds the
/// budget plus one frame, whatever the frame count.
struct KeyFrameCache {
  private struct Entry {
    var rect: PixelRect
    /// The rectangle's keys row by row: as they are, or (`isRuns`) as pairs (run length, key),
    /// no run crossing the end of a row — whichever is smaller (flat art is mostly runs).
    var keys: [UInt32]
    var isRuns: Bool
  }

  let width: Int
  let height: Int
  let budget: Int
  private var previous: [UInt32] = []
  private var entries: [Entry] = []
  private var bytes = 0
  /// Whether caching stopped because of the budget.
  private(set) var isFull = false
  /// Frames before this one have had their differences freed (`release(before:)`).
  private var released = 0

  /// - Parameter budget: bytes of stored keys allowed.
  init(width: Int, height: Int, budget: Int) {
    self.width = width
    self.height = height
    self.budget = budget
  }

  /// Number of frames cached (frames `0..<count`).
  var count: Int { entries.count }

  /// Stores the next frame's keys, unless the budget is exhausted.
  /// - Returns: the rectangle outside which the frame equals the one before (the whole frame for the
  ///   first; empty when nothing changed), or `nil` once the budget is exhausted (nothing compared).
  @discardableResult
  mutating func append(_ keys: [UInt32]) -> PixelRect? {
    guard !isFull else { return nil }
    let rect: PixelRect
    if entries.isEmpty {
      rect = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
    } else {
      rect = Self.changedRect(width: width, height: height, keys, previous) ?? PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    }
    let pixels = rect.width * rect.height
    var stored = Self.runs(of: keys, in: rect, width: width, limit: pixels)
    let isRuns = stored != nil
    if stored == nil {
      var raw = [UInt32]()
      raw.reserveCapacity(pixels)
      for y in rect.y0..<rect.y1 { raw += keys[(y * width + rect.x0)..<(y * width + rect.x1)] }
      stored = raw
    }
    let kept = stored ?? []
    let size = kept.count * 4
    guard bytes + size <= budget else {
      isFull = true
      previous = []
      return rect
    }
    entries.append(Entry(rect: rect, keys: kept, isRuns: isRuns))
    bytes += size
    if previous.isEmpty { previous = keys } else { Self.copy(rect, from: keys, into: &previous, width: width) }
    return rect
  }

  /// The rectangle outside which cached frame `index` equals the frame before it, as `append`
  /// returned it: the whole frame for the first, an empty one when nothing changed.
  /// - Returns: the rectangle, or `nil` when frame `index` is not cached.
  func changedRect(of index: Int) -> PixelRect? {
    entries.indices.contains(index) ? entries[index].rect : nil
  }

  /// Rebuilds cached frame `index` into `keys`, which holds cached frame `held` (an earlier one)
  /// or, when `held` is `nil`, anything of the frame's size: the differences of the frames after
  /// `held` up to `index` are written into it, so a buffer a few frames behind catches up by
  /// rewriting only what changed.
  /// - Parameters:
  ///   - index: the frame to rebuild, below `count`, its difference and those before it back to
  ///     `held` not yet released.
  ///   - keys: `width × height` keys holding frame `held`; on return, frame `index`.
  ///   - held: the frame `keys` holds, below `index`, or `nil`.
  /// - Complexity: O(pixels changed in frames `held + 1 … index`); O(pixels) when `held` is `nil`.
  func replay(_ index: Int, into keys: inout [UInt32], holding held: Int?) {
    precondition(index < entries.count && (held ?? -1) < index, "no such cached frame to replay")
    for i in (held.map { $0 + 1 } ?? 0)...index {
      precondition(i >= released, "the difference of frame \(i) was released")
      apply(entries[i], to: &keys)
    }
  }

  /// The pixels `replay(_:into:holding:)` writes to bring a buffer holding frame `held` (`nil`:
  /// anything) to cached frame `index`: the areas of the differences in between.
  /// - Complexity: O(`index − held`).
  func replayedPixels(_ index: Int, holding held: Int?) -> Int {
    entries[(held.map { $0 + 1 } ?? 0)...index].reduce(0) { $0 + $1.rect.area }
  }

  /// Frees the stored differences of the frames before `index`: no replay will start from a frame
  /// before `index - 1` any more.
  mutating func release(before index: Int) {
    while released < min(index, entries.count) {
      entries[released].keys = []
      released += 1
    }
    if released > 0, previous.count == width * height { previous = [] }  // appending is over; free the diff base
  }

  /// Writes one frame's stored difference into the frame before it.
  private func apply(_ entry: Entry, to keys: inout [UInt32]) {
    var o = 0
    keys.withUnsafeMutableBufferPointer { out in
      entry.keys.withUnsafeBufferPointer { stored in
        guard entry.isRuns else {
          for y in entry.rect.y0..<entry.rect.y1 {
            for x in entry.rect.x0..<entry.rect.x1 {
              out[y * width + x] = stored[o]
              o += 1
            }
          }
          return
        }
        for y in entry.rect.y0..<entry.rect.y1 {
          var x = y * width + entry.rect.x0
          let end = y * width + entry.rect.x1
          while x < end {
            let count = Int(stored[o])
            UnsafeMutableBufferPointer(rebasing: out[x..<x + count]).update(repeating: stored[o + 1])
            x += count
            o += 2
          }
        }
      }
    }
  }

  /// The rectangle's keys as pairs (run length, key), row by row, or `nil` once they would take
  /// `limit` values or more (then the keys as they are are smaller).
  ///
  /// Runs grow eight keys at a time (`KeyBlock.runEnd`).
  /// - Complexity: O(pixels in `rect`).
  private static func runs(of keys: [UInt32], in rect: PixelRect, width: Int, limit: Int) -> [UInt32]? {
    var runs: [UInt32] = []
    let fits = keys.withUnsafeBufferPointer { k in
      guard let base = k.baseAddress else { return true }
      for y in rect.y0..<rect.y1 {
        var x = y * width + rect.x0
        let end = y * width + rect.x1
        while x < end {
          let value = k[x]
          let next = KeyBlock.runEnd(base, from: x, to: end)
          runs.append(UInt32(next - x))
          runs.append(value)
          if runs.count >= limit { return false }
          x = next
        }
      }
      return true
    }
    return fits ? runs : nil
  }

  private static func copy(_ rect: PixelRect, from source: [UInt32], into target: inout [UInt32], width: Int) {
    for y in rect.y0..<rect.y1 {
      let row = y * width
      target.replaceSubrange((row + rect.x0)..<(row + rect.x1), with: source[(row + rect.x0)..<(row + rect.x1)])
    }
  }

  /// The bounding box of the pixels where `a` and `b` differ, or `nil`.
  ///
  /// Rows are compared whole (`memcmp`); in a row that differs, the first and last differing
  /// keys are found eight at a time, then one at a time.
  /// - Complexity: O(width × height).
  static func changedRect(width: Int, height: Int, _ a: [UInt32], _ b: [UInt32]) -> PixelRect? {
    var box: PixelRect? = nil
    a.withUnsafeBufferPointer { pa in
      b.withUnsafeBufferPointer { pb in
        for y in 0..<height {
          let row = y * width
          let ra = pa.baseAddress! + row
          let rb = pb.baseAddress! + row
          if memcmp(ra, rb, width * 4) == 0 { continue }
          // The row differs somewhere, so both scans stop inside it.
          var first = 0
          while first &+ 8 <= width && KeyBlock.equal(ra + first, rb + first) { first &+= 8 }
          while ra[first] == rb[first] { first &+= 1 }
          var last = width &- 1
          while last &- 8 >= first && KeyBlock.equal(ra + (last &- 7), rb + (last &- 7)) { last &-= 8 }
          while ra[last] == rb[last] { last &-= 1 }
          let rowBox = PixelRect(x0: first, y0: y, x1: last + 1, y1: y + 1)
          box = box?.union(rowBox) ?? rowBox
        }
      }
    }
    return box
  }
}
