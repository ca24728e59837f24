/// The index writers `FrameDifferencer.writePending` takes for nearly every frame: each decides
/// the frame's table and writes its indices in the same scan of the rectangle.
extension FrameDifferencer {
  /// Writes a rectangle's global palette indices, when the global palette serves it.
  ///
  /// With `keep`, the frame takes the global palette when every changed pixel (`target` unlike
  /// `screen`) is in it, and unchanged pixels are written as `keep` — unless every unchanged pixel
  /// is in the palette too and marking them gives more runs of equal values (counted from
  /// `runStart`, as LZW sees the indices): then every pixel is written as its colour. Without
  /// `keep` (the first frame, or marks off), every pixel must be in the palette and is written as
  /// its colour.
  /// - Parameters:
  ///   - target: the full picture to write.
  ///   - screen: what the screen shows before it.
  ///   - width: the pictures' row length.
  ///   - rect: the rectangle written, row by row.
  ///   - index: the global index of each colour in the palette.
  ///   - keep: the index of unchanged pixels, or `nil` to write every pixel as its colour.
  ///   - runStart: the colour that runs are counted from.
  ///   - out: receives the indices (`rect.area` of them).
  /// - Returns: whether the global palette serves the frame; when not, `out` holds garbage and the
  ///   frame needs a local table.
  /// - Complexity: O(pixels in `rect`), one hash look-up each time the colour changes along a row;
  ///   a second pass when every pixel is written as its colour although `keep` was given.
  static func globalIndices(
    target: UnsafeBufferPointer<UInt32>, screen: UnsafeBufferPointer<UInt32>, width: Int, rect: PixelRect,
    index: ColorTable<UInt8>, keep: UInt8?, runStart: UInt32, out: UnsafeMutableBufferPointer<UInt8>
  ) -> Bool {
    @inline(__always) func look(_ v: UInt32) -> Int { index.slot(of: v).map { Int(index.values[$0]) } ?? -1 }
    guard let keep else { return plainIndices(target: target, width: width, rect: rect, look: look, out: out) }
    var lastColor = runStart
    var lastIndex = look(runStart)
    var unchangedInGlobal = true
    var markedRuns = 0
    var plainRuns = 0
    var lastMarked = runStart
    var o = 0
    for y in rect.y0..<rect.y1 {
      let row = y * width
      var x = row + rect.x0
      let end = row + rect.x1
      while x < end {
        let v = target[x]
        guard v == screen[x] else {
          if v != lastColor {
            plainRuns &+= 1
            lastColor = v
            lastIndex = look(v)
          }
          if lastIndex < 0 { return false }
          if lastMarked != v { markedRuns &+= 1 }
          lastMarked = v
          out[o] = UInt8(truncatingIfNeeded: lastIndex)
          o &+= 1
          x &+= 1
          continue
        }
        // A run of unchanged pixels: all `keep`; their colours count only while plain may still win.
        if lastMarked != Self.keep { markedRuns &+= 1 }
        lastMarked = Self.keep
        let start = x
        if unchangedInGlobal {
          if v == lastColor { unchangedInGlobal = lastIndex >= 0 }
          span: while x < end {
            if x &+ 8 <= end && Self.unchangedEight(target, screen, x, color: lastColor) {
              x &+= 8
              continue
            }
            for _ in 0..<min(8, end - x) {
              let u = target[x]
              guard u == screen[x] else { break span }
              if u != lastColor {
                plainRuns &+= 1
                lastColor = u
                lastIndex = look(u)
                unchangedInGlobal = unchangedInGlobal && lastIndex >= 0
              }
              x &+= 1
            }
          }
        } else {
          span: while x < end {
            if x &+ 8 <= end && Self.unchangedEight(target, screen, x, color: nil) {
              x &+= 8
              continue
            }
            for _ in 0..<min(8, end - x) {
              guard target[x] == screen[x] else { break span }
              x &+= 1
            }
          }
        }
        UnsafeMutableBufferPointer(rebasing: out[o..<o + x - start]).update(repeating: keep)
        o += x - start
      }
    }
    guard unchangedInGlobal && markedRuns > plainRuns else { return true }
    return plainIndices(target: target, width: width, rect: rect, look: look, out: out)
  }

  /// Writes every pixel of `rect` as its global index (`look` gives -1 for a colour not in the palette).
  /// - Returns: whether every pixel's colour is in the palette.
  @inline(__always)
  private static func plainIndices(
    target: UnsafeBufferPointer<UInt32>, width: Int, rect: PixelRect, look: (UInt32) -> Int,
    out: UnsafeMutableBufferPointer<UInt8>
  ) -> Bool {
    var lastColor = Self.keep  // never a shown colour
    var lastIndex = 0
    var o = 0
    for y in rect.y0..<rect.y1 {
      let row = y * width
      var x = row + rect.x0
      let end = row + rect.x1
      while x < end {
        if x &+ 8 <= end && KeyBlock.all(target.baseAddress! + x, equal: lastColor) {
          Self.storeEight(UInt8(truncatingIfNeeded: lastIndex), into: out, at: o)
          x &+= 8
          o &+= 8
          continue
        }
        for _ in 0..<min(8, end - x) {
          let v = target[x]
          if v != lastColor {
            lastColor = v
            lastIndex = look(v)
            if lastIndex < 0 { return false }
          }
          out[o] = UInt8(truncatingIfNeeded: lastIndex)
          x &+= 1
          o &+= 1
        }
      }
    }
    return true
  }

  /// Writes a rectangle's indices into a local table of exactly the colours its changed pixels
  /// show: the sorted opaque colours, then the transparent entry, which also marks unchanged pixels
  /// (none are unchanged in the first frame).
  /// - Parameters:
  ///   - target: the full picture to write.
  ///   - screen: what the screen shows before it.
  ///   - width: the pictures' row length.
  ///   - rect: the rectangle written, row by row.
  ///   - first: whether this is the first frame (every pixel counts as changed).
  ///   - out: receives the indices (`rect.area` of them).
  /// - Returns: the table's opaque colours (`0xFFRRGGBB`, sorted), or `nil` when they are more
  ///   than 255 (then `out` holds garbage).
  /// - Complexity: O(pixels in `rect`), one hash look-up each time the colour changes along a row.
  static func localIndices(
    target: UnsafeBufferPointer<UInt32>, screen: UnsafeBufferPointer<UInt32>, width: Int, rect: PixelRect,
    first: Bool, out: UnsafeMutableBufferPointer<UInt8>
  ) -> [UInt32]? {
    // Colours are numbered as met (255 is the transparent entry), then renumbered in sorted order.
    let transparent: UInt8 = 255
    var met = ColorTable<UInt8>(capacity: 512, initialValue: 0)
    var lastColor = Self.keep
    var lastCode = transparent
    var o = 0
    for y in rect.y0..<rect.y1 {
      let row = y * width
      var x = row + rect.x0
      let end = row + rect.x1
      while x < end {
        if x &+ 8 <= end {
          // Eight unchanged pixels, or eight changed ones of the last colour.
          let code: UInt8? =
            !first && Self.unchangedEight(target, screen, x, color: nil)
            ? transparent
            : KeyBlock.all(target.baseAddress! + x, equal: lastColor) && (first || Self.changedEight(target, screen, x))
              ? lastCode : nil
          if let code {
            Self.storeEight(code, into: out, at: o)
            x &+= 8
            o &+= 8
            continue
          }
        }
        for _ in 0..<min(8, end - x) {
          let v = target[x]
          if !first && v == screen[x] {
            out[o] = transparent
          } else {
            if v != lastColor {
              lastColor = v
              if v == AlphaResolver.transparentKey {
                lastCode = transparent
              } else {
                let count = met.count
                let slot = met.insertionSlot(for: v)
                if met.count != count {
                  if count == 255 { return nil }
                  met.values[slot] = UInt8(count)
                }
                lastCode = met.values[slot]
              }
            }
            out[o] = lastCode
          }
          x &+= 1
          o &+= 1
        }
      }
    }
    let sorted = met.sortedEntries()
    var renumber = [UInt8](repeating: UInt8(sorted.count), count: 256)
    var inOrder = true
    for (position, entry) in sorted.enumerated() {
      renumber[Int(entry.value)] = UInt8(position)
      inOrder = inOrder && Int(entry.value) == position
    }
    if !inOrder || sorted.count != 255 {
      renumber.withUnsafeBufferPointer { r in
        for i in 0..<o { out[i] = r[Int(out[i])] }
      }
    }
    return sorted.map(\.key)
  }

  /// Writes `index` eight times from `o` on.
  @inline(__always)
  private static func storeEight(_ index: UInt8, into out: UnsafeMutableBufferPointer<UInt8>, at o: Int) {
    UnsafeMutableRawPointer(out.baseAddress! + o).storeBytes(
      of: UInt64(index) &* 0x0101_0101_0101_0101, as: UInt64.self)
  }

  /// Whether the eight pixels from `x` on are the same in `a` and `b`, and all `color` when given.
  @inline(__always)
  private static func unchangedEight(
    _ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, _ x: Int, color: UInt32?
  ) -> Bool {
    guard KeyBlock.equal(a.baseAddress! + x, b.baseAddress! + x) else { return false }
    guard let color else { return true }
    return KeyBlock.all(a.baseAddress! + x, equal: color)
  }

  /// Whether each of the eight pixels from `x` on differs between `a` and `b`.
  @inline(__always)
  private static func changedEight(
    _ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, _ x: Int
  ) -> Bool {
    let (pa, pb) = (UnsafeRawPointer(a.baseAddress! + x), UnsafeRawPointer(b.baseAddress! + x))
    return !any(pa.loadUnaligned(as: SIMD8<UInt32>.self) .== pb.loadUnaligned(as: SIMD8<UInt32>.self))
  }
}
