import CDeflate
import CZlib
import ProgressRenderCore
import ProgressRenderRaster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes frames as PNG files, fast for flat art: a frame of at most 256 colours (transparent ones
/// included) becomes a colour-mapped PNG (8-bit indices, rows unfiltered, zlib's run-length
/// strategy, which suits long runs of one index); any other frame becomes a true-colour PNG, RGB
/// when every pixel is opaque, else RGBA, each band of rows unfiltered (zlib level 2) when its
/// pixels repeat the one on their left or step from it (flat art with anti-aliased edges, smaller
/// unfiltered), else filtered `Sub` (level 4; a picture's shading, smaller filtered): `filtersSub`,
/// at half the cost of compressing both and keeping the smaller, and within 1 % of its bytes on
/// thumb, wave and upload (240 and 480 px), 4 % on countdown and 5 % on download at 480 px.
///
/// A frame's rows are cut into bands (`bandRows(height:)`, about eight a frame), each compressed on
/// its own into a piece of one deflate stream (`Deflater.segment`). A band whose pixels (true colour)
/// or indices (colour-mapped) are those of the same band of the last frame of its size and kind that
/// this encoder wrote reuses that band's piece, not compressed again: in an animation most bands of
/// a frame are those of the last (a progress indicator moves a little at a time). A true-colour
/// frame at least half of whose bands are filtered is a picture instead: its rows are compressed
/// whole, in one call to libdeflate (`WholeDeflater`, level 5), smaller than zlib's pieces.
///
/// Either file decodes to the same straight RGBA pixels; the bytes are a function of the pixels only
/// (a band's piece is a function of its bytes, so reusing one does not change them, nor does the
/// order in which an encoder gets frames). An encoder holds zlib streams and a libdeflate
/// compressor: use one per thread.
final class PNGFrameEncoder {
  /// The most colours of a colour-mapped PNG.
  static let maxColors = 256
  /// zlib for index rows (run-length), unfiltered true-colour rows (level 2) and filtered ones (level 4).
  private let indexDeflater: Deflater
  private let plainDeflater: Deflater
  private let subDeflater: Deflater
  /// libdeflate for a picture's rows (see `encodeTrueColor`), the whole frame in one call.
  private let pictureDeflater: WholeDeflater
  /// The bands of the last frame of the shape `bandShape` (width, height, and 1 for indices, 3 for
  /// RGB, 4 for RGBA); `nil` before a band is first compressed.
  private var bands: [Band?] = []
  private var bandShape: [Int] = []
  /// The unfiltered rows: a filter byte (0) and one index per pixel, reused from frame to frame.
  private var rows: [UInt8] = []
  /// A true-colour frame's rows, each after its filter byte, reused from frame to frame.
  private var frameBytes: [UInt8] = []

  /// A band of rows as this encoder last saw it: what it is compared by (the pixels' bytes of a
  /// true-colour band, the rows of a colour-mapped one), whether its rows are filtered `Sub` (a
  /// true-colour band), and, once compressed on its own, its rows as a piece of a deflate stream
  /// (`Deflater.segment`) with their Adler-32 and length.
  private struct Band {
    var key: [UInt8]
    var filtered = false
    var piece: Piece?

    /// A band's rows compressed on their own.
    struct Piece {
      var segment: [UInt8]
      var adler: uLong
      var count: Int

      /// `rows` compressed by `deflater`.
      init(_ rows: UnsafeRawBufferPointer, deflater: Deflater) throws(FormatError) {
        segment = try deflater.segment(rows)
        // libdeflate's Adler-32 (vectorised): a twelfth of zlib's time, 2.6 % of a flat folder's CPU before.
        adler = uLong(libdeflate_adler32(1, rows.baseAddress, rows.count))
        count = rows.count
      }
    }

    /// A band made anew: `rows` compressed by `deflater`.
    init(key: [UInt8], rows: UnsafeRawBufferPointer, deflater: Deflater) throws(FormatError) {
      self.key = key
      piece = try Piece(rows, deflater: deflater)
    }

    /// A true-colour band not compressed yet.
    init(key: [UInt8], filtered: Bool) {
      self.key = key
      self.filtered = filtered
    }
  }

  /// Sets up an encoder.
  /// - Throws: `FormatError.failed` when zlib cannot start.
  init() throws(FormatError) {
    indexDeflater = try Deflater(level: 9, strategy: Z_RLE)
    plainDeflater = try Deflater(level: 2, strategy: Z_DEFAULT_STRATEGY)
    subDeflater = try Deflater(level: 4, strategy: Z_DEFAULT_STRATEGY)
    pictureDeflater = try WholeDeflater(level: 5)
  }

  /// A frame as a PNG file.
  /// - Parameter frame: the pixels (premultiplied).
  /// - Returns: the file's bytes.
  /// - Throws: `FormatError` from zlib.
  /// - Complexity: O(width × height).
  func encode(_ frame: Frame) throws -> [UInt8] {
    let buffer = frame.buffer
    guard let palette = indexRows(buffer) else { return try encodeTrueColor(buffer) }
    let stride = buffer.width + 1
    let data = try zlibStream(shape: [buffer.width, buffer.height, 1]) { rows, stored in
      try self.rows.withUnsafeBytes { all throws in
        let bytes = UnsafeRawBufferPointer(rebasing: all[rows.lowerBound * stride..<rows.upperBound * stride])
        if let stored, Self.same(stored.key, bytes) { return stored }
        return try Band(key: Array(bytes), rows: bytes, deflater: indexDeflater)
      }
    }
    var file = PNGCodec.signature
    var header: [UInt8] = []
    PNGChunks.appendUInt32(UInt32(buffer.width), to: &header)
    PNGChunks.appendUInt32(UInt32(buffer.height), to: &header)
    header += [8, 3, 0, 0, 0]  // 8-bit indices, colour-mapped, deflate, no filtering choice, no interlace
    PNGChunks.append("IHDR", header, to: &file)
    var colors: [UInt8] = []
    var alphas: [UInt8] = []
    for color in palette {
      let (r, g, b, a) = PixelBuffer.unpremultiply(color)
      colors += [r, g, b]
      alphas.append(a)
    }
    PNGChunks.append("PLTE", colors, to: &file)
    if let last = alphas.lastIndex(where: { $0 < 255 }) { PNGChunks.append("tRNS", alphas[...last], to: &file) }
    PNGChunks.append("IDAT", data, to: &file)
    PNGChunks.append("IEND", [], to: &file)
    return file
  }

  /// Fills `rows` with the frame's palette indices, each row after a filter byte of 0.
  /// - Returns: the palette in order of first appearance, or `nil` when the frame has more than
  ///   `maxColors` colours.
  private func indexRows(_ buffer: PixelBuffer) -> [UInt32]? {
    let (width, height) = (buffer.width, buffer.height)
    let count = (width + 1) * height
    if rows.count != count { rows = [UInt8](repeating: 0, count: count) }
    // Open addressing over 1024 slots (a load of at most a quarter); `entries` holds index + 1, 0 when empty.
    var keys = [UInt32](repeating: 0, count: 1024)
    var entries = [UInt16](repeating: 0, count: 1024)
    var palette: [UInt32] = []
    palette.reserveCapacity(Self.maxColors)
    // Each run of one colour is looked up once and its indices filled at once (`KeyBlock.runEnd`
    // finds its end eight pixels at a time): flat art is mostly runs.
    let complete = buffer.pixels.withUnsafeBufferPointer { pixels in
      rows.withUnsafeMutableBufferPointer { out in
        keys.withUnsafeMutableBufferPointer { keys in
          entries.withUnsafeMutableBufferPointer { entries in
            guard let base = pixels.baseAddress, let target = out.baseAddress else { return true }
            for y in 0..<height {
              let row = y * width
              let at = y * (width + 1) + 1
              target[at - 1] = 0
              var x = 0
              while x < width {
                let pixel = base[row + x]
                var slot = Int((pixel &* 0x9E37_79B1) >> 22)
                while entries[slot] != 0 && keys[slot] != pixel { slot = (slot + 1) & 1023 }
                if entries[slot] == 0 {
                  guard palette.count < Self.maxColors else { return false }
                  keys[slot] = pixel
                  palette.append(pixel)
                  entries[slot] = UInt16(palette.count)
                }
                let end = KeyBlock.runEnd(base, from: row + x, to: row + width) - row
                (target + at + x).update(repeating: UInt8(entries[slot] - 1), count: end - x)
                x = end
              }
            }
            return true
          }
        }
      }
    }
    return complete ? palette : nil
  }

  /// A frame of more than `maxColors` colours as a true-colour PNG (see the type's summary).
  ///
  /// A band equal to the same band of the last frame keeps its filter, and its piece when it has
  /// one; the others are written out and their filter chosen. A frame whose bands are at least half
  /// filtered is a picture: its rows are compressed whole by libdeflate (a picture's bands seldom
  /// repeat, and one stream at level 5 is smaller than zlib's pieces: upload 480 px 6 % smaller);
  /// the others band by band into pieces, kept for the next frame.
  private func encodeTrueColor(_ buffer: PixelBuffer) throws -> [UInt8] {
    let (width, height) = (buffer.width, buffer.height)
    // Opaque when the AND of every pixel keeps alpha 255: a loop the compiler vectorises (`allSatisfy` was not).
    let opaque = buffer.pixels.withUnsafeBufferPointer { $0.reduce(0xFFFF_FFFF as UInt32, &) } >= 0xFF00_0000
    let channels = opaque ? 3 : 4
    let stride = width * channels + 1
    let ranges = bandRanges(shape: [width, height, channels])
    if frameBytes.count < stride * height { frameBytes = [UInt8](repeating: 0, count: stride * height) }
    // A band's pixels, and its rows in `frameBytes`.
    func band<Result>(
      _ b: Int, _ body: (UnsafeBufferPointer<UInt32>, UnsafeMutableBufferPointer<UInt8>) -> Result
    ) -> Result {
      let rows = ranges[b]
      return buffer.pixels.withUnsafeBufferPointer { pixels in
        frameBytes.withUnsafeMutableBufferPointer { out in
          body(
            UnsafeBufferPointer(rebasing: pixels[rows.lowerBound * width..<rows.upperBound * width]),
            UnsafeMutableBufferPointer(rebasing: out[rows.lowerBound * stride..<rows.upperBound * stride]))
        }
      }
    }
    // A band whose pixels are the stored band's keeps its filter, its piece and its rows in
    // `frameBytes`: every frame of this shape wrote its own bands there, at the same place, and a
    // frame of another shape made the bands anew.
    for b in ranges.indices {
      let stored = bands[b]
      if let stored, band(b, { pixels, _ in Self.same(stored.key, UnsafeRawBufferPointer(pixels)) }) {
        assert(band(b) { Self.holdsBand($1, of: $0, channels: channels, width: width) }, "band \(b) is stale")
        continue
      }
      bands[b] = band(b) { pixels, rows in
        Band(
          key: Array(UnsafeRawBufferPointer(pixels)),
          filtered: Self.fillBand(pixels, into: rows, channels: channels, width: width))
      }
    }
    let data: [UInt8]
    if 2 * bands.count(where: { $0?.filtered == true }) >= ranges.count {
      data = try frameBytes.withUnsafeBytes { all throws(FormatError) in
        try pictureDeflater.zlibStream(UnsafeRawBufferPointer(rebasing: all[..<(stride * height)]))
      }
    } else {
      for b in ranges.indices where bands[b]?.piece == nil {
        let (rows, filtered) = (ranges[b], bands[b]?.filtered == true)
        bands[b]?.piece = try frameBytes.withUnsafeBytes { all throws(FormatError) in
          try Band.Piece(
            UnsafeRawBufferPointer(rebasing: all[rows.lowerBound * stride..<rows.upperBound * stride]),
            deflater: filtered ? subDeflater : plainDeflater)
        }
      }
      data = Self.zlibStream(bands.compactMap { $0?.piece })
    }
    var file = PNGCodec.signature
    var header: [UInt8] = []
    PNGChunks.appendUInt32(UInt32(width), to: &header)
    PNGChunks.appendUInt32(UInt32(height), to: &header)
    header += [8, opaque ? 2 : 6, 0, 0, 0]  // 8-bit RGB or RGBA, deflate, no filtering choice, no interlace
    PNGChunks.append("IHDR", header, to: &file)
    PNGChunks.append("IDAT", data, to: &file)
    PNGChunks.append("IEND", [], to: &file)
    return file
  }

  /// Rows per band of a true-colour frame: about eight bands a frame, each of at least 16 rows (a
  /// band's segment starts with an empty window and its own codes, so many small bands cost bytes).
  static func bandRows(height: Int) -> Int { max(16, (height + 7) / 8) }

  /// The rows of each band of a frame of `shape` (width, height, and 1 for indices, 3 for RGB, 4 for
  /// RGBA); the stored bands are dropped when the last frame had another shape.
  private func bandRanges(shape: [Int]) -> [Range<Int>] {
    let height = shape[1]
    let rowsPerBand = Self.bandRows(height: height)
    let ranges = stride(from: 0, to: height, by: rowsPerBand).map { $0..<min(height, $0 + rowsPerBand) }
    if bandShape != shape {
      bandShape = shape
      bands = Array(repeating: nil, count: ranges.count)
    }
    return ranges
  }

  /// The zlib stream of a colour-mapped frame's rows, made band by band: `band` gives the band of a
  /// range of rows, given the band stored for them (the stored one when its key matches, else one
  /// made anew), and it is stored for the next frame of the same `shape` (width, height, kind).
  private func zlibStream(shape: [Int], band: (Range<Int>, Band?) throws -> Band) throws -> [UInt8] {
    var pieces: [Band.Piece] = []
    for (index, rows) in bandRanges(shape: shape).enumerated() {
      let made = try band(rows, bands[index])
      bands[index] = made
      if let piece = made.piece { pieces.append(piece) }
    }
    return Self.zlibStream(pieces)
  }

  /// A zlib stream of pieces one after another.
  private static func zlibStream(_ pieces: [Band.Piece]) -> [UInt8] {
    var data: [UInt8] = [0x78, 0x01]  // zlib: deflate, 32 KiB window (any level may have made the blocks)
    var adler = adler32(0, nil, 0)
    for piece in pieces {
      data += piece.segment
      adler = adler32_combine(adler, piece.adler, off_t(piece.count))
    }
    data += Deflater.finalBlock
    PNGChunks.appendUInt32(UInt32(truncatingIfNeeded: adler), to: &data)
    return data
  }

  /// Whether a stored band's key is `bytes`.
  private static func same(_ key: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard key.count == bytes.count else { return false }
    return key.withUnsafeBytes { stored in
      guard let first = stored.baseAddress, let second = bytes.baseAddress else { return true }  // both empty
      return memcmp(first, second, stored.count) == 0
    }
  }

  /// Whether a band's rows are filtered `Sub`: when its pixels that differ from the one on their left
  /// mostly differ a little (by 1…4 in every channel: a picture's shading, which `Sub` turns into
  /// small numbers), or when more than a fifth differ at all (a picture); not when the differing
  /// pixels are mostly steps (the anti-aliased edges of flat art, where zlib finds the runs of
  /// unfiltered pixels and `Sub` would only add codes). Against the smaller of the two, band by
  /// band: upload 480 px 2.3 % over with the rule before (a tenth differing at all), 0.1 % now.
  static func filtersSub(_ pixels: ArraySlice<UInt32>, width: Int) -> Bool {
    pixels.withUnsafeBufferPointer { pixels in
      var changes = Changes()
      for row in stride(from: 0, to: pixels.count, by: width) {
        for x in row + 1..<row + width where pixels[x] != pixels[x - 1] {
          changes.count(pixels[x], after: pixels[x - 1])
        }
      }
      return changes.filtersSub(pixelCount: pixels.count)
    }
  }

  /// A band's changes from a pixel to the one on its right, counted for `filtersSub`.
  private struct Changes {
    var shading = 0
    var steps = 0

    /// Counts a pixel that differs from the one on its left.
    @inline(__always)
    mutating func count(_ pixel: UInt32, after left: UInt32) {
      let a = SIMD4<UInt8>(truncatingIfNeeded: SIMD4<UInt32>(pixel, pixel >> 8, pixel >> 16, pixel >> 24))
      let b = SIMD4<UInt8>(truncatingIfNeeded: SIMD4<UInt32>(left, left >> 8, left >> 16, left >> 24))
      if all(pointwiseMax(a, b) &- pointwiseMin(a, b) .<= 4) { shading += 1 } else { steps += 1 }
    }

    /// Whether the band is filtered `Sub` (see `filtersSub`).
    func filtersSub(pixelCount: Int) -> Bool { 2 * shading > steps || (shading + steps) * 5 > pixelCount }
  }

  /// Whether `rows` are what `fillBand` writes for `pixels` (for an assertion).
  private static func holdsBand(
    _ rows: UnsafeMutableBufferPointer<UInt8>, of pixels: UnsafeBufferPointer<UInt32>, channels: Int, width: Int
  ) -> Bool {
    var fresh = [UInt8](repeating: 0, count: rows.count)
    _ = fresh.withUnsafeMutableBufferPointer { fillBand(pixels, into: $0, channels: channels, width: width) }
    return fresh.elementsEqual(rows)
  }

  /// Writes one band's rows, each after its filter byte, filtered `Sub` or unfiltered (`filtersSub`).
  ///
  /// One pass writes the rows unfiltered and counts their changes, a run of one colour at a time
  /// (`KeyBlock.runEnd`): each run's pixel is unpremultiplied once and stored four bytes at a time
  /// (RGB: overlapping stores, each one's fourth byte rewritten by the next; the last pixel of a
  /// row byte by byte, so nothing is written past the row). `Sub` is then applied in place, each
  /// row from its end.
  /// - Returns: whether the rows are filtered `Sub`.
  private static func fillBand(
    _ pixels: UnsafeBufferPointer<UInt32>, into out: UnsafeMutableBufferPointer<UInt8>, channels: Int, width: Int
  ) -> Bool {
    let stride = width * channels + 1
    let height = pixels.count / width
    precondition(out.count >= stride * height, "a band's rows do not fit")
    guard let source = pixels.baseAddress, let target = out.baseAddress else { return false }
    let raw = UnsafeMutableRawPointer(target)
    var changes = Changes()
    for y in 0..<height {
      let (row, last) = (y * width, y * width + width - 1)
      var at = y * stride
      target[at] = 0
      at += 1
      var left = source[row]
      var x = row
      while x <= last {
        let pixel = source[x]
        if pixel != left {
          changes.count(pixel, after: left)
          left = pixel
        }
        let end = KeyBlock.runEnd(source, from: x, to: last + 1)
        let straight = PixelBuffer.unpremultiply(pixel)
        let word =
          UInt32(straight.r) | UInt32(straight.g) << 8 | UInt32(straight.b) << 16 | UInt32(straight.a) << 24
        // Four bytes a pixel, but not for the row's last pixel in RGB (its fourth byte is past the row).
        let stores = channels == 4 || end <= last ? end - x : end - x - 1
        for _ in 0..<stores {
          raw.storeBytes(of: word.littleEndian, toByteOffset: at, as: UInt32.self)
          at += channels
        }
        if stores < end - x {
          target[at] = straight.r
          target[at + 1] = straight.g
          target[at + 2] = straight.b
          at += 3
        }
        x = end
      }
    }
    guard changes.filtersSub(pixelCount: pixels.count) else { return false }
    for y in 0..<height {
      let start = y * stride
      target[start] = 1
      for at in Swift.stride(from: start + stride - 1, to: start + channels, by: -1) {
        target[at] = target[at] &- target[at - channels]
      }
    }
    return true
  }
}
