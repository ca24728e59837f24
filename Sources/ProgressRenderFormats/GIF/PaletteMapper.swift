/// Maps colour keys to palette indices: exact colours directly, others to the nearest palette
/// colour (squared RGB distance, which is what PSNR measures), optionally with ordered (Bayer 8×8)
/// dithering, which stays put from frame to frame and so keeps frame differencing effective.
///
/// Look-ups are memoized in a hash table bounded in size, so each distinct colour is searched once.
struct PaletteMapper {
  /// Memo values: the index in the low byte, `exactFlag` when the key is a palette colour.
  private static let exactFlag: UInt16 = 0x100
  private static let maxMemo = 1 << 20

  private let palette: GIFPalette
  private var memo: ColorTable<UInt16>
  private let search: NearestColor
  /// Bayer offsets (already scaled by the dithering strength), `nil` without dithering.
  private let ditherOffsets: [Int32]?

  /// - Parameters:
  ///   - palette: the animation's palette.
  ///   - dither: ordered dithering strength, 0 (off) … 1.
  init(palette: GIFPalette, dither: Double) {
    self.palette = palette
    search = NearestColor(palette.colors.isEmpty ? [0] : palette.colors)
    if dither > 0 && !palette.isExact {
      // Roughly the spacing between palette colours, scaled by the strength.
      let spread = dither * 255 / max(2, Double(palette.colors.count).squareRoot().squareRoot() * 1.5)
      let bayer: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
      ]
      ditherOffsets = bayer.map { Int32(((Double($0) + 0.5) / 64 - 0.5) * spread) }
    } else {
      ditherOffsets = nil
    }
    memo = ColorTable(capacity: 4096, initialValue: 0)
    seedMemo()
  }

  /// Maps consecutive keys of a frame (row-major, `width` a row, the first being the frame's pixel
  /// `firstIndex`) to indices.
  /// - Complexity: O(pixels) plus O(palette) per colour seen for the first time.
  mutating func map(
    _ keys: UnsafeBufferPointer<UInt32>, width: Int, firstIndex: Int = 0,
    into indices: UnsafeMutableBufferPointer<UInt8>
  ) {
    precondition(keys.count == indices.count)
    var lastKey = ColorTable<UInt16>.emptyKey
    var lastValue: UInt16 = 0
    for i in 0..<keys.count {
      let key = keys[i]
      let value: UInt16
      if key == lastKey {
        value = lastValue
      } else {
        value = lookUp(key)
        lastKey = key
        lastValue = value
      }
      if value & Self.exactFlag != 0 {
        indices[i] = UInt8(truncatingIfNeeded: value)
        continue
      }
      guard let ditherOffsets else {
        indices[i] = UInt8(truncatingIfNeeded: value)
        continue
      }
      let x = (firstIndex + i) % width
      let y = (firstIndex + i) / width
      let offset = ditherOffsets[(y & 7) << 3 | (x & 7)]
      func channel(_ shift: UInt32) -> UInt32 {
        UInt32(min(255, max(0, Int32(key >> shift & 0xff) + offset))) << shift
      }
      let dithered = 0xFF00_0000 | channel(16) | channel(8) | channel(0)
      indices[i] = UInt8(truncatingIfNeeded: lookUp(dithered))
    }
  }

  /// The palette index for an opaque key: its own when the palette holds it, else the nearest.
  @inline(__always)
  mutating func index(of key: UInt32) -> Int {
    Int(lookUp(key) & 0xff)
  }

  @inline(__always)
  private mutating func lookUp(_ key: UInt32) -> UInt16 {
    if let slot = memo.slot(of: key) { return memo.values[slot] }
    if memo.count >= Self.maxMemo {
      memo.removeAll()
      seedMemo()
    }
    let value = UInt16(nearest(key))
    memo.values[memo.insertionSlot(for: key)] = value
    return value
  }

  /// Index of the palette colour nearest to an opaque key.
  private func nearest(_ key: UInt32) -> Int { search.index(of: key) }

  private mutating func seedMemo() {
    for (i, c) in palette.colors.enumerated() {
      let slot = memo.insertionSlot(for: 0xFF00_0000 | c)
      if memo.values[slot] & Self.exactFlag == 0 { memo.values[slot] = Self.exactFlag | UInt16(i) }
    }
    // Without a reserved entry, a transparent pixel (possible only in frames the palette did not
    // sample) is drawn black: not exact, so it counts against losslessness.
    let transparent = memo.insertionSlot(for: AlphaResolver.transparentKey)
    memo.values[transparent] = palette.transparentIndex.map { Self.exactFlag | UInt16($0) } ?? UInt16(nearest(0))
  }
}
