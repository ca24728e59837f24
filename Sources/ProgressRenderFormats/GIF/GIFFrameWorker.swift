import Foundation
import ProgressRenderCore

/// One thread's state in `GIFFrameSink`: its own palette mapper, histogram and buffers, so
/// workers share nothing. `parallelMap` hands each thread a worker of its own.
///
/// Buffers go back to the worker that made them (`slot` names it): a worker then holds at most as
/// many spares as it once used in one round, so memory stays bounded whatever the frame count.
struct GIFFrameWorker {
  /// This worker's position among the encoder's workers; results name it so their buffers come back here.
  let slot: Int
  private let resolver: AlphaResolver
  private let width: Int
  private let height: Int
  /// The frame mapper, set once the palette is known.
  var mapper: FrameMapper?
  /// When set (the palette pass), every rendered frame's keys are counted here (see `uncounted`).
  private(set) var histogram: ColorHistogram?
  /// When set, the palette pass only looks for transparent pixels (`sawTransparent`) instead of
  /// counting colours: the global palette is chosen for the first frame alone.
  private(set) var looksForTransparencyOnly = false
  /// The last frame this worker keyed, and its keys (the array handed out, shared, never written
  /// again while held here): a row the next frame shares with it is copied, not resolved again.
  private var last: Frame?
  private var held: [UInt32] = []
  /// The keys this worker made before `held` (the same array as one of its spares once it is handed
  /// back; kept here only to know it), and per row whether `held`'s frame equals that frame there:
  /// taken again for the next frame, such a row already holds what it would be copied.
  private var before: [UInt32] = []
  private var beforeSame: [Bool] = []
  /// Per row, how many of this worker's frames have shown `held`'s row since it was last
  /// counted: a row that does not change is counted once, that many times over, when it
  /// changes or the histogram is taken (the counts are those of counting every frame).
  private var uncounted: [Int] = []
  /// Whether a row resolved while `looksForTransparencyOnly` held a transparent pixel. Rows copied
  /// from earlier keys are not looked through again: they were resolved by this worker before,
  /// and looked through then or counted (`ColorHistogram.hasTransparent` says it for those).
  private(set) var sawTransparent = false
  /// Key buffers handed back after use, refilled instead of allocating one per frame.
  var spareKeys: [[UInt32]] = []
  /// Shown-colour buffers handed back after use, refilled instead of allocating one per frame.
  var spareColors: [[UInt32]] = []
  /// Frame-sized buffers this worker has allocated (none were spare); bounded, not growing with the frame count.
  private(set) var buffersMade = 0

  init(slot: Int, resolver: AlphaResolver, width: Int, height: Int) {
    self.slot = slot
    self.resolver = resolver
    self.width = width
    self.height = height
  }

  /// Starts counting the colours of the frames keyed from now on.
  mutating func startCounting() {
    histogram = ColorHistogram()
    uncounted = []
  }

  /// Stops counting colours and only looks for transparent pixels (see `looksForTransparencyOnly`).
  mutating func lookForTransparencyOnly() {
    countHeldRows()
    looksForTransparencyOnly = true
  }

  /// The colours counted, all rows included; counting stops.
  mutating func takeHistogram() -> ColorHistogram? {
    countHeldRows()
    defer { histogram = nil }
    return histogram
  }

  /// Counts each held row of `rows` (every row when `nil`) not yet counted, as many times as it
  /// was shown.
  private mutating func countHeldRows(_ rows: Range<Int>? = nil) {
    guard histogram != nil, !looksForTransparencyOnly else { return }
    let width = width
    held.withUnsafeBufferPointer { h in
      for row in rows ?? uncounted.indices where uncounted[row] > 0 {
        histogram?.add(UnsafeBufferPointer(rebasing: h[row * width..<(row + 1) * width]), times: uncounted[row])
        uncounted[row] = 0
      }
    }
  }

  /// Resolves frame `i`'s alpha into colour keys, counted in `histogram` when set (or only
  /// looked through for transparency when `looksForTransparencyOnly`).
  ///
  /// Rows equal to the same rows of this worker's last frame (`memcmp`) are copied from its
  /// keys; only the others are resolved, and counted. When the buffer of the keys before those is
  /// back among the spares, it is taken, and a row that neither frame changed is not even copied.
  /// - Parameters:
  ///   - frame: the painted frame.
  ///   - i: its index, for messages.
  /// - Returns: the frame's `width × height` colour keys.
  /// - Throws: `FormatError` for a frame of another size.
  mutating func keys(of frame: Frame, index i: Int) throws -> [UInt32] {
    guard frame.width == width, frame.height == height else {
      throw FormatError.failed("frame \(i) is \(frame.width)×\(frame.height) pixels, expected \(width)×\(height)")
    }
    var keys: [UInt32]
    // Not the held keys' buffer (back among the spares once written): writing it would copy it.
    // The buffer of the keys before them, if back, holds rows that need no copy (`reused`); it is
    // known by its storage, which `before` keeps alive until it is taken.
    let beforeBuffer = Self.storage(before)
    let reused: Bool
    if beforeBuffer != nil, beforeSame.count == height,
      let k = spareKeys.lastIndex(where: { Self.storage($0) == beforeBuffer })
    {
      before = []  // the spare is the only reference now: written in place, not copied
      keys = spareKeys.remove(at: k)
      reused = true
    } else if let spare = takeSpareKeys() {
      keys = spare
      reused = false
    } else {
      keys = [UInt32](repeating: 0, count: width * height)
      buffersMade += 1
      reused = false
    }
    let counting = histogram != nil && !looksForTransparencyOnly
    if uncounted.count != height { uncounted = [Int](repeating: 0, count: height) }
    let (previous, pixels, width) = (last?.pixels ?? [], frame.pixels, width)
    let canCopy = previous.count == pixels.count && held.count == pixels.count
    // Per row, whether it equals the same row of this worker's last frame (each row compared once).
    let sameRows = (0..<height).map { row in
      canCopy
        && pixels.withUnsafeBufferPointer { p in
          previous.withUnsafeBufferPointer { old in
            memcmp(p.baseAddress! + row * width, old.baseAddress! + row * width, width * 4) == 0
          }
        }
    }
    // Whether the reused buffer holds row `r` as the last keys have it already.
    func heldAlready(_ r: Int) -> Bool { reused && beforeSame[r] }
    var row = 0
    while row < height {
      let same = sameRows[row]
      var end = row + 1
      while end < height && sameRows[end] == same { end += 1 }
      let span = row * width..<end * width
      if same {
        // Copied from the last keys: the rows the reused buffer does not hold already.
        var copy = row
        while copy < end {
          if heldAlready(copy) {
            copy += 1
            continue
          }
          var stop = copy + 1
          while stop < end && !heldAlready(stop) { stop += 1 }
          let rows = copy * width..<stop * width
          held.withUnsafeBufferPointer { h in
            keys.withUnsafeMutableBufferPointer {
              _ = UnsafeMutableBufferPointer(rebasing: $0[rows]).update(fromContentsOf: h[rows])
            }
          }
          copy = stop
        }
        assert(
          keys.withUnsafeBufferPointer { k in held.withUnsafeBufferPointer { h in k[span].elementsEqual(h[span]) } },
          "rows kept from two frames back differ from the last frame's")
        if counting { for r in row..<end { uncounted[r] += 1 } }
      } else {
        countHeldRows(row..<end)
        let looks = looksForTransparencyOnly && !sawTransparent
        let transparent = pixels.withUnsafeBufferPointer { p in
          keys.withUnsafeMutableBufferPointer { k in
            let rows = UnsafeMutableBufferPointer(rebasing: k[span])
            resolver.resolve(UnsafeBufferPointer(rebasing: p[span]), width: width, firstRow: row, into: rows)
            return looks && KeyBlock.contains(AlphaResolver.transparentKey, in: UnsafeBufferPointer(rows))
          }
        }
        if transparent { sawTransparent = true }
        for r in row..<end { uncounted[r] = counting ? 1 : 0 }
      }
      row = end
    }
    // Only resolved rows are looked through for transparency: a copied row was resolved by this
    // worker before, and looked through then (or counted, whose histogram says it).
    (before, beforeSame) = (held, sameRows)
    (last, held) = (frame, keys)
    return keys
  }

  /// Lets go of the last frame and its keys: no frame will be keyed again (the second pass rebuilds
  /// every frame from the key cache), so every spare key buffer is free for another use
  /// (`takeSpareKeys()`), none of them kept for the rows a next frame would share.
  mutating func forgetLastFrame() {
    countHeldRows()
    (last, held, before, beforeSame, uncounted) = (nil, [], [], [], [])
  }

  /// A spare key buffer of `width × height` that this worker does not hold its last keys in (nor
  /// those before them): writing it copies nothing. `nil` when there is none.
  mutating func takeSpareKeys() -> [UInt32]? {
    let (heldBuffer, beforeBuffer) = (Self.storage(held), Self.storage(before))
    guard
      let k = spareKeys.lastIndex(where: { Self.storage($0) != heldBuffer && Self.storage($0) != beforeBuffer })
    else { return nil }
    return spareKeys.remove(at: k)
  }

  /// Where an array's elements are: the identity of its buffer.
  private static func storage(_ array: [UInt32]) -> UnsafePointer<UInt32>? {
    array.withUnsafeBufferPointer { $0.baseAddress }
  }

  /// Maps colour keys to the colours the GIF shows, with `mapper`.
  /// - Parameters:
  ///   - keys: the frame's colour keys.
  ///   - previous: the previous frame's keys (`nil` for the first frame).
  ///   - changed: where `keys` differs from `previous`, when known (see `FrameMapper.map`).
  /// - Returns: the frame's `width × height` shown colours (see `FrameDifferencer`), and the rows
  ///   outside which they are all `FrameDifferencer.keep`.
  /// - Throws: `FormatError` when a local palette cannot be built.
  mutating func colors(
    of keys: [UInt32], previous: [UInt32]?, changed: PixelRect? = nil
  ) throws -> (colors: [UInt32], rows: Range<Int>) {
    guard var m = mapper else { preconditionFailure("colors(of:) before the palette is known") }
    mapper = nil  // keep the mapper's buffers uniquely referenced while it works
    defer { mapper = m }
    var colors: [UInt32]
    if let spare = spareColors.popLast() ?? takeSpareKeys() {
      colors = spare
    } else {
      colors = [UInt32](repeating: 0, count: keys.count)
      buffersMade += 1
    }
    let rows = try m.map(keys, previous: previous, changed: changed, into: &colors)
    return (colors, rows)
  }
}
