import CZlib
import ProgressRenderCore
import ProgressRenderRaster

/// Writes frames as PNG files, fast for flat art: a frame of at most 256 colours (transparent ones
/// included) becomes a colour-mapped PNG (8-bit indices, rows unfiltered, zlib's run-length
/// strategy, which suits long runs of one index); any other frame becomes a true-colour PNG, RGB
/// when every pixel is opaque, else RGBA, its rows all unfiltered (zlib level 2) or all filtered
/// `Sub` (level 4), whichever compresses smaller (unfiltered on a tie). Flat art with anti-aliased
/// edges is smaller unfiltered, a picture smaller filtered; either way smaller and quicker than
/// libpng's adaptive filters at zlib's default level (measured on every preset at 240 and 480 px).
///
/// Either file decodes to the same straight RGBA pixels; the bytes are a function of the pixels only.
/// An encoder holds a zlib stream: use one per thread.
final class PNGFrameEncoder {
  /// The most colours of a colour-mapped PNG.
  static let maxColors = 256
  private let deflater: Deflater
  /// zlib for true-colour rows: level 2 for unfiltered ones, 4 for filtered ones.
  private let plainDeflater: Deflater
  private let subDeflater: Deflater
  /// The unfiltered rows: a filter byte (0) and one index per pixel, reused from frame to frame.
  private var rows: [UInt8] = []
  /// True-colour rows, unfiltered and filtered `Sub`, each row after its filter byte.
  private var plainRows: [UInt8] = []
  private var subRows: [UInt8] = []

  /// Sets up an encoder.
  /// - Throws: `FormatError.failed` when zlib cannot start.
  init() throws(FormatError) {
    deflater = try Deflater(level: 9, strategy: Z_RLE)
    plainDeflater = try Deflater(level: 2, strategy: Z_DEFAULT_STRATEGY)
    subDeflater = try Deflater(level: 4, strategy: Z_DEFAULT_STRATEGY)
  }

  /// A frame as a PNG file.
  /// - Parameter frame: the pixels (premultiplied).
  /// - Returns: the file's bytes.
  /// - Throws: `FormatError` from zlib.
  /// - Complexity: O(width × height).
  func encode(_ frame: Frame) throws -> [UInt8] {
    let buffer = frame.buffer
    guard let palette = indexRows(buffer) else { return try encodeTrueColor(buffer) }
    let data = try rows.withUnsafeBytes { raw throws(FormatError) in try deflater.compress(raw) }
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
    let complete = buffer.pixels.withUnsafeBufferPointer { pixels in
      rows.withUnsafeMutableBufferPointer { out in
        var last: UInt32 = 0
        var lastIndex: UInt8 = 0
        var known = false
        for y in 0..<height {
          let row = y * width
          var at = y * (width + 1)
          out[at] = 0
          at += 1
          for x in 0..<width {
            let pixel = pixels[row + x]
            if !known || pixel != last {
              var slot = Int((pixel &* 0x9E37_79B1) >> 22)
              while entries[slot] != 0 && keys[slot] != pixel { slot = (slot + 1) & 1023 }
              if entries[slot] == 0 {
                guard palette.count < Self.maxColors else { return false }
                keys[slot] = pixel
                palette.append(pixel)
                entries[slot] = UInt16(palette.count)
              }
              last = pixel
              lastIndex = UInt8(entries[slot] - 1)
              known = true
            }
            out[at + x] = lastIndex
          }
        }
        return true
      }
    }
    return complete ? palette : nil
  }

  /// A frame of more than `maxColors` colours as a true-colour PNG (see the type's summary).
  private func encodeTrueColor(_ buffer: PixelBuffer) throws -> [UInt8] {
    let (width, height) = (buffer.width, buffer.height)
    let opaque = buffer.pixels.allSatisfy { $0 >= 0xFF00_0000 }
    let channels = opaque ? 3 : 4
    let stride = width * channels + 1
    if plainRows.count != stride * height {
      plainRows = [UInt8](repeating: 0, count: stride * height)
      subRows = plainRows
    }
    buffer.pixels.withUnsafeBufferPointer { pixels in
      plainRows.withUnsafeMutableBufferPointer { plain in
        subRows.withUnsafeMutableBufferPointer { sub in
          for y in 0..<height {
            var at = y * stride
            plain[at] = 0
            sub[at] = 1
            at += 1
            var before: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, 0, 0)
            for x in 0..<width {
              let p = PixelBuffer.unpremultiply(pixels[y * width + x])
              plain[at] = p.r
              plain[at + 1] = p.g
              plain[at + 2] = p.b
              sub[at] = p.r &- before.r
              sub[at + 1] = p.g &- before.g
              sub[at + 2] = p.b &- before.b
              if !opaque {
                plain[at + 3] = p.a
                sub[at + 3] = p.a &- before.a
              }
              before = p
              at += channels
            }
          }
        }
      }
    }
    let plain = try plainRows.withUnsafeBytes { raw throws(FormatError) in try plainDeflater.compress(raw) }
    let sub = try subRows.withUnsafeBytes { raw throws(FormatError) in try subDeflater.compress(raw) }
    var file = PNGCodec.signature
    var header: [UInt8] = []
    PNGChunks.appendUInt32(UInt32(width), to: &header)
    PNGChunks.appendUInt32(UInt32(height), to: &header)
    header += [8, opaque ? 2 : 6, 0, 0, 0]  // 8-bit RGB or RGBA, deflate, no filtering choice, no interlace
    PNGChunks.append("IHDR", header, to: &file)
    PNGChunks.append("IDAT", sub.count < plain.count ? sub : plain, to: &file)
    PNGChunks.append("IEND", [], to: &file)
    return file
  }
}
