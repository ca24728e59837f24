import Glibc

/// Turns a stream of full index frames into the fewest, smallest GIF frames that show them.
///
/// - Identical consecutive frames merge into one whose delay is the sum (split again only at
///   GIF's 65535 cs limit).
/// - Each frame after the first stores only the bounding rectangle of the pixels that differ
///   from what the screen shows; inside it, pixels equal to the screen become the transparent
///   index (when the palette has one), which leaves long runs for LZW.
/// - Transparency: drawing can never make a pixel transparent again, so when the next frame
///   clears pixels that the current one leaves opaque, the current frame is written with
///   disposal "restore to background" and its rectangle grown to cover those pixels; the next
///   frame then redraws what remains inside the cleared area. Otherwise frames keep ("do not
///   dispose").
///
/// Holds three full index buffers and one rectangle buffer: memory does not grow with the frame count.
struct FrameDifferencer {
  let width: Int
  let height: Int
  /// The transparent palette index, or `nil` when the palette has none.
  let transparentIndex: UInt8?
  /// Whether pixels that did not change are written as the transparent index (else as themselves).
  let marksUnchanged: Bool

  /// What the screen shows before the pending frame is drawn.
  private var screen: [UInt8]
  /// The full picture of the pending (not yet written) frame.
  private var target: [UInt8]
  private var scratch: [UInt8]
  private var pendingRect = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
  private var pendingDelay = 0
  private var hasPending = false
  private var pendingIsFirst = true
  /// Number of GIF frames written so far.
  private(set) var framesWritten = 0

  init(width: Int, height: Int, transparentIndex: Int?, marksUnchanged: Bool = true) {
    self.marksUnchanged = marksUnchanged
    self.width = width
    self.height = height
    self.transparentIndex = transparentIndex.map { UInt8($0) }
    screen = Array(repeating: self.transparentIndex ?? 0, count: width * height)
    target = screen
    scratch = []
  }

  /// Adds the next frame.
  /// - Parameters:
  ///   - frame: its `width × height` palette indices; swapped with an internal buffer, so on return
  ///     it holds garbage of the same size, ready to be refilled.
  ///   - delay: its display time in hundredths of a second.
  ///   - writer: where finished frames go.
  /// - Throws: what the writer throws.
  mutating func push(_ frame: inout [UInt8], delay: Int, writer: GIFFileWriter) throws {
    precondition(frame.count == width * height)
    guard hasPending else {
      swap(&target, &frame)
      pendingRect = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
      pendingDelay = delay
      hasPending = true
      pendingIsFirst = true
      return
    }
    if Self.equal(frame, target) {
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
    // Pixels the new frame makes transparent while the pending frame leaves them opaque.
    var clear: PixelRect? = nil
    if let t = transparentIndex {
      clear = Self.boundingBox(width: width, height: height, a: frame, b: target) { new, old in
        new == t && old != t
      }
    }
    if let clear {
      pendingRect = pendingRect.union(clear)
      try writePending(disposal: .restoreBackground, writer: writer)
      swap(&screen, &target)
      let t = transparentIndex!
      for y in pendingRect.y0..<pendingRect.y1 {
        for x in pendingRect.x0..<pendingRect.x1 { screen[y * width + x] = t }
      }
    } else {
      try writePending(disposal: .keep, writer: writer)
      swap(&screen, &target)
    }
    swap(&target, &frame)
    pendingRect =
      Self.boundingBox(width: width, height: height, a: target, b: screen) { $0 != $1 }
      ?? PixelRect(x0: 0, y0: 0, x1: 1, y1: 1)
    pendingDelay = delay
    pendingIsFirst = false
  }

  /// Writes the last pending frame.
  /// - Throws: what the writer throws.
  mutating func finish(writer: GIFFileWriter) throws {
    guard hasPending else { return }
    try writePending(disposal: .keep, writer: writer)
    hasPending = false
  }

  private mutating func writePending(disposal: GIFDisposal, writer: GIFFileWriter) throws {
    let rect = pendingRect
    let w = rect.width
    let full = w == width && rect.height == height
    if pendingIsFirst && full {
      try target.withUnsafeMutableBufferPointer { pixels in
        try writer.writeFrame(
          x: 0, y: 0, width: width, height: height, pixels: pixels, delay: pendingDelay, disposal: disposal,
          transparentIndex: transparentIndex.map(Int.init))
      }
      framesWritten += 1
      return
    }
    let count = w * rect.height
    if scratch.count < count { scratch = Array(repeating: 0, count: count) }
    var keep = pendingIsFirst || !marksUnchanged ? nil : transparentIndex
    if let k = keep, !marksPay(rect, keep: k) { keep = nil }
    let rowWidth = width
    scratch.withUnsafeMutableBufferPointer { out in
      target.withUnsafeBufferPointer { tgt in
        screen.withUnsafeBufferPointer { scr in
          var o = 0
          for y in rect.y0..<rect.y1 {
            let row = y * rowWidth
            if let keep {
              for x in rect.x0..<rect.x1 {
                let v = tgt[row + x]
                out[o] = v == scr[row + x] ? keep : v
                o += 1
              }
            } else {
              for x in rect.x0..<rect.x1 {
                out[o] = tgt[row + x]
                o += 1
              }
            }
          }
        }
      }
    }
    try scratch.withUnsafeMutableBufferPointer { buffer in
      try writer.writeFrame(
        x: rect.x0, y: rect.y0, width: w, height: rect.height,
        pixels: UnsafeMutableBufferPointer(rebasing: buffer[0..<count]), delay: pendingDelay, disposal: disposal,
        transparentIndex: transparentIndex.map(Int.init))
    }
    framesWritten += 1
  }

  /// Whether writing unchanged pixels as `keep` gives fewer runs of equal indices (a good proxy
  /// for LZW size: it wins around anti-aliased edges, loses for flat shapes moving over flat
  /// backgrounds, where it adds a third value to every row).
  private func marksPay(_ rect: PixelRect, keep: UInt8) -> Bool {
    var markedRuns = 0
    var plainRuns = 0
    target.withUnsafeBufferPointer { tgt in
      screen.withUnsafeBufferPointer { scr in
        var lastMarked: UInt8 = 0
        var lastPlain: UInt8 = 0
        for y in rect.y0..<rect.y1 {
          let row = y * width
          for x in rect.x0..<rect.x1 {
            let v = tgt[row + x]
            let m = v == scr[row + x] ? keep : v
            if m != lastMarked { markedRuns += 1 }
            if v != lastPlain { plainRuns += 1 }
            lastMarked = m
            lastPlain = v
          }
        }
      }
    }
    return markedRuns <= plainRuns
  }

  private static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.count == b.count
      && a.withUnsafeBytes { pa in b.withUnsafeBytes { pb in memcmp(pa.baseAddress!, pb.baseAddress!, a.count) == 0 } }
  }

  /// The bounding box of the pixels where `differs(a[i], b[i])`, or `nil` when there are none.
  /// Rows with equal bytes are skipped with `memcmp`-speed comparisons.
  static func boundingBox(
    width: Int, height: Int, a: [UInt8], b: [UInt8], _ differs: (UInt8, UInt8) -> Bool
  ) -> PixelRect? {
    var box: PixelRect? = nil
    a.withUnsafeBufferPointer { pa in
      b.withUnsafeBufferPointer { pb in
        for y in 0..<height {
          let row = y * width
          let ra = UnsafeBufferPointer(rebasing: pa[row..<row + width])
          let rb = UnsafeBufferPointer(rebasing: pb[row..<row + width])
          if memcmp(ra.baseAddress!, rb.baseAddress!, width) == 0 { continue }
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
