#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns a stream of full frames of shown colours into the fewest, smallest GIF frames that show them.
///
/// Frames hold the colour each pixel should show: `0xFFRRGGBB`, `AlphaResolver.transparentKey`
/// (transparent), or `FrameDifferencer.keep` ("as in the frame before").
/// - Identical consecutive frames merge into one whose delay is the sum (split again only at
///   GIF's 65535 cs limit).
/// - Each frame after the first stores only the bounding rectangle of the pixels that differ
///   from what the screen shows; inside it, pixels equal to the screen become the transparent
///   index (when the palette has one), which leaves long runs for LZW.
/// - A frame whose colours are all in the global palette is written with it; otherwise it gets a
///   local colour table of exactly the colours it writes (at most 255, plus the transparent entry).
/// - Transparency: drawing can never make a pixel transparent again, so when the next frame
///   clears pixels that the current one leaves opaque, the current frame is written with
///   disposal "restore to background" and its rectangle grown to cover those pixels; the next
///   frame then redraws what remains inside the cleared area. Otherwise frames keep ("do not
///   dispose"). A few cleared pixels whose clearing would cost a restore and redraw of a much
///   larger area wait for the next restore instead (`deferClear`).
///
/// Holds three full colour buffers and one rectangle buffer (and, after a frame quantized to its
/// table, a copy of its rows): memory does not grow with the frame count.
struct FrameDifferencer {
  /// The value of a pixel that shows what it showed in the frame before.
  static let keep: UInt32 = 1

  let width: Int
  let height: Int
  /// The global colour table (opaque colours, then the transparent entry when there is one).
  let palette: [UInt32]
  /// The transparent palette index, or `nil` when the palette has none.
  let transparentIndex: UInt8?
  /// Whether pixels that did not change are written as the transparent index (else as themselves).
  let marksUnchanged: Bool
  /// RGB of the transparent entry of local tables.
  let transparentColor: UInt32
  /// Global palette index of each shown colour (the first index of a colour listed twice).
  private let globalIndex: ColorTable<UInt8>

  /// What the screen shows before the pending frame is drawn.
  private var screen: [UInt32]
  /// The full picture of the pending (not yet written) frame.
  private var target: [UInt32]
  private var scratch: [UInt8]
  /// The rows of the rectangle last written as they were before `quantizedLocal` or
  /// `nearestGlobalTable` changed the pending picture to match its table (`nil` when neither did).
  private var original: (rows: Range<Int>, pixels: [UInt32])?
  private var pendingRect = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
  private var pendingDelay = 0
  private var hasPending = false
  private var pendingIsFirst = true
  /// Number of GIF frames written so far.
  private(set) var framesWritten = 0
  /// Number of frames written with a local colour table.
  private(set) var localTables = 0
  /// Pixels written in another colour than asked (the > 255 colours fallback).
  private(set) var inexactPixels = 0
  /// Pixels left opaque that a frame cleared (`deferClear`), at most `deferredPixelLimit`.
  private var deferred: [Int] = []
  /// The most pixels whose clearing may wait.
  static let deferredPixelLimit = 16
  /// The smallest restored area (px²) worth deferring a few cleared pixels to avoid.
  static let deferredRestoreArea = 1024

  /// - Parameters:
  ///   - palette: the global colour table, `0xRRGGBB` (entry `transparentIndex` is not a colour shown).
  ///   - transparentIndex: the transparent entry of `palette`, if any.
  ///   - transparentColor: RGB stored for the transparent entry of local tables.
  init(
    width: Int, height: Int, palette: [UInt32], transparentIndex: Int?, transparentColor: UInt32 = 0,
    marksUnchanged: Bool = true
  ) {
    self.marksUnchanged = marksUnchanged
    self.width = width
    self.height = height
    self.palette = palette
    self.transparentIndex = transparentIndex.map { UInt8($0) }
    self.transparentColor = transparentColor
    var index = ColorTable<UInt8>(capacity: 2 * palette.count, initialValue: 0)
    for (i, c) in palette.enumerated() where i != transparentIndex {
      if index.slot(of: 0xFF00_0000 | c) == nil { index.values[index.insertionSlot(for: 0xFF00_0000 | c)] = UInt8(i) }
    }
    if let t = transparentIndex { index.values[index.insertionSlot(for: AlphaResolver.transparentKey)] = UInt8(t) }
    globalIndex = index
    screen = Array(repeating: AlphaResolver.transparentKey, count: width * height)
    target = screen
    scratch = []
  }

  /// Adds the next frame.
  /// - Parameters:
  ///   - frame: its `width × height` shown colours; on return it holds garbage of the same size,
  ///     ready to be refilled.
  ///   - rows: the rows of `frame` to read: every pixel outside them is taken as `keep`, whatever
  ///     it holds (`nil`: every row).
  ///   - delay: its display time in hundredths of a second.
  ///   - writer: where finished frames go.
  /// - Throws: what the writer throws.
  mutating func push(
    _ frame: inout [UInt32], rows: Range<Int>? = nil, delay: Int, writer: some GIFFrameOutput
  ) throws {
    precondition(frame.count == width * height)
    let t = AlphaResolver.transparentKey
    guard hasPending else {
      swap(&target, &frame)
      pendingRect = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
      pendingDelay = delay
      hasPending = true
      pendingIsFirst = true
      return
    }
    let given = (rows ?? 0..<height).clamped(to: 0..<height)
    // The rows read: those given and those of the pixels whose clearing waits (`deferClear`).
    var own = given
    for i in deferred {
      let y = i / width
      own = own.isEmpty ? y..<y + 1 : min(own.lowerBound, y)..<max(own.upperBound, y + 1)
    }
    // Rows read but not given hold garbage: all `keep`, as the caller means them.
    for added in given.isEmpty ? [own] : [own.lowerBound..<given.lowerBound, given.upperBound..<own.upperBound] {
      Self.markKept(added, width: width, in: &frame)
    }
    // A deferred pixel still transparent asks again to be cleared; one with a new colour is done.
    deferred = deferred.filter { i in
      guard frame[i] == Self.keep else { return false }
      frame[i] = t
      return true
    }
    let changed = replaceKept(in: &frame, rows: own)
    // Pixels the new frame makes transparent while the pending frame leaves them opaque.
    var clear =
      transparentIndex == nil
      ? nil
      : Self.boundingBox(width: width, rows: changed, a: frame, b: target) { new, old in new == t && old != t }
    if let box = clear, deferClear(box, in: &frame) { clear = nil }
    if Self.equal(frame, target, width: width, rows: changed) {
      if pendingDelay + delay <= 65535 {
        pendingDelay += delay
        return
      }
      try writePending(disposal: .keep, writer: writer)  // too long for one GIF delay: show it again
      swap(&screen, &target)
      target = screen
      pendingRect = PixelRect(x0: 0, y0: 0, x1: 1, y1: 1)
      pendingDelay = delay
      pendingIsFirst = false
      return
    }
    // Rows where the new frame can differ from the screen it is drawn on: those that changed, and
    // those of the pending rectangle when writing it changed its picture (`quantizedLocal`).
    var rows = changed
    let inexact = inexactPixels
    let written = pendingRect
    if let clear {
      pendingRect = pendingRect.union(clear)
      try writePending(disposal: .restoreBackground, writer: writer)
      swap(&screen, &target)
      let (rect, rowWidth) = (pendingRect, width)
      bringForward(&frame, rows: own, pending: rect.y0..<rect.y1)
      screen.withUnsafeMutableBufferPointer { s in
        for y in rect.y0..<rect.y1 {
          UnsafeMutableBufferPointer(rebasing: s[(y * rowWidth + rect.x0)..<(y * rowWidth + rect.x1)]).update(
            repeating: t)
        }
      }
      rows = min(rows.lowerBound, rect.y0)..<max(rows.upperBound, rect.y1)
      deferred = []
    } else {
      try writePending(disposal: .keep, writer: writer)
      swap(&screen, &target)
      bringForward(&frame, rows: own, pending: written.y0..<written.y1)
      if inexactPixels != inexact { rows = min(rows.lowerBound, written.y0)..<max(rows.upperBound, written.y1) }
    }
    pendingRect =
      Self.boundingBox(width: width, rows: rows, a: target, b: screen) { $0 != $1 }
      ?? PixelRect(x0: 0, y0: 0, x1: 1, y1: 1)
    pendingDelay = delay
    pendingIsFirst = false
  }

  /// Makes `target` the new frame, after the pending frame was written and became `screen`, by
  /// the cheaper of two copies. `target` then holds the screen before that frame, which equals it
  /// outside the rows of its rectangle (`pending`), and `frame` holds the new frame in `rows` only.
  /// Either the rest of `frame` is copied from the frame just written (a frame that changes nearly
  /// everywhere), or the rectangle's rows and the new frame's rows are copied into `target` (a
  /// frame that changes little). The frame just written is taken as asked, before `quantizedLocal`
  /// changed it to match its table.
  /// - Parameters:
  ///   - frame: the new frame, its `keep` pixels replaced in `rows` (`replaceKept`); garbage on return.
  ///   - rows: the rows of `frame` read.
  ///   - pending: the rows of the rectangle just written.
  /// - Complexity: O(the fewer pixels of: the rows outside `rows`; those of `pending` and `rows`).
  private mutating func bringForward(_ frame: inout [UInt32], rows: Range<Int>, pending: Range<Int>) {
    let outside = [0..<rows.lowerBound, rows.upperBound..<height]
    let patched = [pending.clamped(to: 0..<rows.lowerBound), pending.clamped(to: rows.upperBound..<height)]
    if outside.map(\.count).reduce(0, +) <= patched.map(\.count).reduce(0, +) + rows.count {
      for range in outside { copyAsAsked(range, pending: pending, into: &frame) }
      swap(&target, &frame)
      return
    }
    var next: [UInt32] = []
    swap(&next, &target)  // out of `self` while `copyAsAsked` reads it
    for range in patched { copyAsAsked(range, pending: pending, into: &next) }
    let span = rows.lowerBound * width..<rows.upperBound * width
    next.withUnsafeMutableBufferPointer { t in
      frame.withUnsafeBufferPointer { f in
        _ = UnsafeMutableBufferPointer(rebasing: t[span]).update(fromContentsOf: f[span])
      }
    }
    swap(&next, &target)
  }

  /// Copies `rows` of the frame just written (`screen`) into `buffer`, those of `pending` as they
  /// were before `quantizedLocal` changed them.
  private func copyAsAsked(_ rows: Range<Int>, pending: Range<Int>, into buffer: inout [UInt32]) {
    guard !rows.isEmpty else { return }
    let before = original.flatMap { $0.rows == pending ? $0 : nil }
    let pieces =
      before == nil
      ? [(rows, false)]
      : [
        (rows.clamped(to: 0..<pending.lowerBound), false), (rows.clamped(to: pending), true),
        (rows.clamped(to: pending.upperBound..<height), false),
      ]
    let rowWidth = width
    buffer.withUnsafeMutableBufferPointer { b in
      for (piece, asAsked) in pieces where !piece.isEmpty {
        let span = piece.lowerBound * rowWidth..<piece.upperBound * rowWidth
        if asAsked, let before {
          let from = (piece.lowerBound - pending.lowerBound) * rowWidth
          before.pixels.withUnsafeBufferPointer { o in
            _ = UnsafeMutableBufferPointer(rebasing: b[span]).update(
              fromContentsOf: o[from..<from + span.count])
          }
        } else {
          screen.withUnsafeBufferPointer { shown in
            _ = UnsafeMutableBufferPointer(rebasing: b[span]).update(fromContentsOf: shown[span])
          }
        }
      }
    }
  }

  /// Sets every pixel of `rows` of `buffer` (`width` pixels a row) to `keep`.
  static func markKept(_ rows: Range<Int>, width: Int, in buffer: inout [UInt32]) {
    guard !rows.isEmpty else { return }
    buffer.withUnsafeMutableBufferPointer { b in
      UnsafeMutableBufferPointer(rebasing: b[rows.lowerBound * width..<rows.upperBound * width]).update(
        repeating: Self.keep)
    }
  }

  /// Replaces the `keep` pixels of `frame` with what the pending frame shows there.
  /// - Parameters:
  ///   - frame: the new frame's shown colours.
  ///   - rows: the rows of `frame` to read (the others are left as they are).
  /// - Returns: the rows where `frame` then differs from the pending frame (empty when none does).
  /// - Complexity: O(pixels of `rows`), eight at a time.
  private func replaceKept(in frame: inout [UInt32], rows: Range<Int>) -> Range<Int> {
    typealias Lanes = SIMD8<UInt32>
    var first = height
    var last = -1
    let rowWidth = width
    let kept = Lanes(repeating: Self.keep)
    frame.withUnsafeMutableBufferPointer { f in
      target.withUnsafeBufferPointer { old in
        let (new, shown) = (UnsafeMutableRawPointer(f.baseAddress!), UnsafeRawPointer(old.baseAddress!))
        for y in rows {
          var x = y &* rowWidth
          let end = x &+ rowWidth
          var differs = Lanes()
          while x &+ Lanes.scalarCount <= end {
            let v = new.loadUnaligned(fromByteOffset: x &<< 2, as: Lanes.self)
            let o = shown.loadUnaligned(fromByteOffset: x &<< 2, as: Lanes.self)
            let replaced = v.replacing(with: o, where: v .== kept)
            new.storeBytes(of: replaced, toByteOffset: x &<< 2, as: Lanes.self)
            differs |= replaced ^ o
            x &+= Lanes.scalarCount
          }
          for i in x..<end {
            if f[i] == Self.keep { f[i] = old[i] }
            differs[0] |= f[i] ^ old[i]
          }
          if differs.max() != 0 {
            first = min(first, y)
            last = y
          }
        }
      }
    }
    return last < 0 ? 0..<0 : first..<last + 1
  }

  /// Leaves a few pixels the new frame clears showing what they show, when clearing them would
  /// restore and redraw a much larger area (`box` grown to the pending rectangle): the anti-aliased
  /// rim pixels whose alpha wavers around the cut as a shape moves past them. They are cleared
  /// with the next restore that happens anyway, or stay until they get a colour again.
  /// - Returns: whether the pixels were deferred (`frame` then shows them as the pending frame does).
  private mutating func deferClear(_ box: PixelRect, in frame: inout [UInt32]) -> Bool {
    let t = AlphaResolver.transparentKey
    guard pendingRect.union(box).area >= Self.deferredRestoreArea else { return false }
    var pixels: [Int] = []
    for y in box.y0..<box.y1 {
      for x in box.x0..<box.x1 {
        let i = y * width + x
        guard frame[i] == t && target[i] != t else { continue }
        pixels.append(i)
        if pixels.count > Self.deferredPixelLimit { return false }
      }
    }
    for i in pixels {
      frame[i] = target[i]
      if !deferred.contains(i) { deferred.append(i) }
    }
    return true
  }

  /// Writes the last pending frame.
  /// - Throws: what the writer throws.
  mutating func finish(writer: some GIFFrameOutput) throws {
    guard hasPending else { return }
    try writePending(disposal: .keep, writer: writer)
    hasPending = false
  }

  /// The table a pending frame is written with, when `globalIndices` and `localIndices` could not.
  private enum Table {
    /// The global palette; `keep` marks unchanged pixels when not `nil`.
    case global(keep: UInt8?)
    /// A local table of these colours (`0xFFRRGGBB`, sorted), then its transparent entry.
    case local([UInt32])
  }

  /// Writes the pending frame: with the global palette when every colour it writes is in it, else
  /// with a local table of those colours.
  ///
  /// Frames that write more than 255 colours outside the global palette (possible only where a
  /// restore-to-background disposal makes the next frame redraw older pixels) get a local table
  /// quantized for them (`quantizedLocal`), and the pending picture is changed to match.
  private mutating func writePending(disposal: GIFDisposal, writer: some GIFFrameOutput) throws {
    let rect = pendingRect
    let count = rect.area
    original = nil
    if scratch.count < count { scratch = Array(repeating: 0, count: count) }
    let first = pendingIsFirst
    let keep = first || !marksUnchanged ? nil : transparentIndex
    let (index, rowWidth) = (globalIndex, width)
    // Runs are counted as of index 0, as LZW sees them.
    let runStart = palette.first.map { 0xFF00_0000 | $0 } ?? AlphaResolver.transparentKey
    var colors: [UInt32]? = nil
    var transparent = transparentIndex
    let global = target.withUnsafeBufferPointer { tgt in
      screen.withUnsafeBufferPointer { scr in
        scratch.withUnsafeMutableBufferPointer { out in
          Self.globalIndices(
            target: tgt, screen: scr, width: rowWidth, rect: rect, index: index, keep: keep, runStart: runStart,
            out: out)
        }
      }
    }
    if !global {
      let local = target.withUnsafeBufferPointer { tgt in
        screen.withUnsafeBufferPointer { scr in
          scratch.withUnsafeMutableBufferPointer { out in
            Self.localIndices(target: tgt, screen: scr, width: rowWidth, rect: rect, first: first, out: out)
          }
        }
      }
      if let local {
        colors = local.map { $0 & 0x00FF_FFFF } + [transparentColor]
        transparent = UInt8(local.count)
        localTables += 1
      } else {
        original = (rect.y0..<rect.y1, Array(target[rect.y0 * rowWidth..<rect.y1 * rowWidth]))
        (colors, transparent) = writeIndices(quantizedLocal(rect, first: first), rect: rect)
      }
    }
    try scratch.withUnsafeMutableBufferPointer { buffer in
      try writer.writeFrame(
        x: rect.x0, y: rect.y0, width: rect.width, height: rect.height,
        pixels: UnsafeMutableBufferPointer(rebasing: buffer[0..<count]), delay: pendingDelay, disposal: disposal,
        transparentIndex: transparent.map(Int.init), localColors: colors)
    }
    framesWritten += 1
  }

  /// Writes the pending rectangle's indices into `scratch` by colour look-ups in `table`.
  /// - Returns: the local table's colours (`nil` for the global one) and the transparent index.
  private mutating func writeIndices(_ table: Table, rect: PixelRect) -> (colors: [UInt32]?, transparent: UInt8?) {
    let rowWidth = width
    var local = ColorTable<UInt8>(capacity: 16, initialValue: 0)
    var colors: [UInt32]? = nil
    var transparent = transparentIndex
    var keep: UInt8?
    switch table {
    case .global(let k): keep = k
    case .local(let list):
      local = ColorTable<UInt8>(capacity: 2 * list.count + 2, initialValue: 0)
      for (i, c) in list.enumerated() { local.values[local.insertionSlot(for: c)] = UInt8(i) }
      let t = UInt8(list.count)
      local.values[local.insertionSlot(for: AlphaResolver.transparentKey)] = t
      keep = pendingIsFirst ? nil : t
      transparent = t
      colors = list.map { $0 & 0x00FF_FFFF } + [transparentColor]
      localTables += 1
    }
    let lookUp = colors == nil ? globalIndex : local
    scratch.withUnsafeMutableBufferPointer { out in
      target.withUnsafeBufferPointer { tgt in
        screen.withUnsafeBufferPointer { scr in
          var o = 0
          var lastColor = Self.keep
          var lastIndex: UInt8 = 0
          for y in rect.y0..<rect.y1 {
            let row = y * rowWidth
            for x in rect.x0..<rect.x1 {
              let v = tgt[row + x]
              if let keep, v == scr[row + x] {
                out[o] = keep
              } else {
                if v != lastColor {
                  lastColor = v
                  lastIndex = lookUp.slot(of: v).map { lookUp.values[$0] } ?? 0
                }
                out[o] = lastIndex
              }
              o += 1
            }
          }
        }
      }
    }
    return (colors, transparent)
  }

  /// A local table of 255 colours chosen for the colours the frame writes, the pending picture
  /// changed to match. Taken when they are more than a table holds, which happens only where a
  /// restore-to-background disposal makes the frame redraw older pixels: those were shown with
  /// colours of their own (local tables), so the global palette, chosen for the first frame, may
  /// serve them badly (upload's revealed photo mapped to its darkened first-frame colours).
  private mutating func quantizedLocal(_ rect: PixelRect, first: Bool) -> Table {
    var histogram = ColorHistogram()
    for y in rect.y0..<rect.y1 {
      for x in rect.x0..<rect.x1 {
        let v = target[y * width + x]
        if v != AlphaResolver.transparentKey && (first || v != screen[y * width + x]) { histogram.add(v, count: 1) }
      }
    }
    guard
      let local = try? GIFPalette.build(
        from: histogram, maxColors: 256, hasTransparent: true, wardLimit: FrameMapper.localWardLimit)
    else { return nearestGlobalTable(rect, first: first) }
    var mapper = PaletteMapper(palette: local, dither: 0)
    var used = ColorTable<UInt8>(capacity: 512, initialValue: 0)
    for y in rect.y0..<rect.y1 {
      for x in rect.x0..<rect.x1 {
        let i = y * width + x
        let v = target[i]
        guard v != AlphaResolver.transparentKey && (first || v != screen[i]) else { continue }
        let shown = 0xFF00_0000 | local.colors[mapper.index(of: v)]
        if shown != v { inexactPixels += 1 }
        target[i] = shown
        _ = used.insertionSlot(for: shown)
      }
    }
    return .local(used.sortedEntries().map(\.key))
  }

  /// The global palette's nearest colours for every pixel it lacks (the pending picture changed to match).
  private mutating func nearestGlobalTable(_ rect: PixelRect, first: Bool) -> Table {
    for y in rect.y0..<rect.y1 {
      for x in rect.x0..<rect.x1 where globalIndex.slot(of: target[y * width + x]) == nil {
        target[y * width + x] = 0xFF00_0000 | palette[nearestGlobal(target[y * width + x])]
        inexactPixels += 1
      }
    }
    return .global(keep: first ? nil : transparentIndex)
  }

  /// The global palette index nearest to an opaque colour (squared RGB distance).
  private func nearestGlobal(_ key: UInt32) -> Int {
    var best = 0
    var bestDistance = Int.max
    for (i, c) in palette.enumerated() where i != transparentIndex.map(Int.init) {
      let dr = Int(key >> 16 & 0xff) - Int(c >> 16 & 0xff)
      let dg = Int(key >> 8 & 0xff) - Int(c >> 8 & 0xff)
      let db = Int(key & 0xff) - Int(c & 0xff)
      let d = dr * dr + dg * dg + db * db
      if d < bestDistance {
        bestDistance = d
        best = i
      }
    }
    return best
  }

  /// Whether `a` and `b` hold the same values in `rows` (rows of `width` values).
  private static func equal(_ a: [UInt32], _ b: [UInt32], width: Int, rows: Range<Int>) -> Bool {
    rows.isEmpty
      || a.withUnsafeBufferPointer { pa in
        b.withUnsafeBufferPointer { pb in
          let start = rows.lowerBound * width
          return memcmp(pa.baseAddress! + start, pb.baseAddress! + start, rows.count * width * 4) == 0
        }
      }
  }

  /// The bounding box of the pixels in `rows` where `differs(a[i], b[i])`, or `nil` when there are none.
  /// Rows with equal values are skipped with `memcmp`-speed comparisons.
  static func boundingBox(
    width: Int, rows: Range<Int>, a: [UInt32], b: [UInt32], _ differs: (UInt32, UInt32) -> Bool
  ) -> PixelRect? {
    var box: PixelRect? = nil
    a.withUnsafeBufferPointer { pa in
      b.withUnsafeBufferPointer { pb in
        for y in rows {
          let row = y * width
          let ra = UnsafeBufferPointer(rebasing: pa[row..<row + width])
          let rb = UnsafeBufferPointer(rebasing: pb[row..<row + width])
          if memcmp(ra.baseAddress!, rb.baseAddress!, width * 4) == 0 { continue }
          var first = -1
          for x in 0..<width where differs(ra[x], rb[x]) {
            first = x
            break
          }
          if first < 0 { continue }
          var last = first
          for x in stride(from: width - 1, to: first, by: -1) where differs(ra[x], rb[x]) {
            last = x
            break
          }
          let rowBox = PixelRect(x0: first, y0: y, x1: last + 1, y1: y + 1)
          box = box?.union(rowBox) ?? rowBox
        }
      }
    }
    return box
  }
}
