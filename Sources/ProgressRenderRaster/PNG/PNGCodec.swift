import CPNG
import ProgressRenderCore

/// Reads and writes PNG files through libpng's simplified API (no `setjmp`).
///
/// Decoding is safe on hostile input: the header's size is checked against a pixel limit
/// before any pixel memory is allocated, and every libpng failure becomes a `RasterError`.
package enum PNGCodec {
  /// The 8-byte PNG file signature.
  package static let signature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  /// `PNG_FORMAT_RGBA`, a macro Swift does not import: colour and alpha flags, 8 bits.
  static let formatRGBA = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

  /// Encodes pixels as an 8-bit straight-alpha RGBA PNG. The output is a function of the pixels (and
  /// `fast`) only.
  /// - Parameters:
  ///   - frame: the pixels.
  ///   - fast: favour speed over size (libpng's `PNG_IMAGE_FLAG_FAST`: fewer filters, lighter
  ///     compression), for throw-away pictures such as diff artifacts.
  /// - Returns: the PNG file's bytes.
  /// - Throws: `RasterError.encodeFailed` with libpng's message.
  /// - Complexity: O(width × height); the data is compressed once into a buffer of the worst-case size,
  ///   of which only the bytes written are touched.
  package static func encode(_ frame: PixelBuffer, fast: Bool = false) throws(RasterError) -> [UInt8] {
    guard frame.width > 0, frame.height > 0 else {
      throw .pngEncodeFailed(reason: "the frame is \(frame.width)×\(frame.height); a PNG needs at least 1×1")
    }
    // Straight pixels as 0xAARRGGBB are BGRA bytes on a little-endian machine, which libpng reads as
    // they are: an opaque frame's own buffer (premultiplied is straight there), else an un-premultiplied
    // copy. Elsewhere, RGBA bytes. The file is the same either way.
    let bgra = UInt32(1).littleEndian == 1
    let opaque = bgra && frame.pixels.allSatisfy { $0 >= 0xFF00_0000 }
    let straight = bgra && !opaque ? frame.pixels.map(straightPixel) : []
    let rgba = bgra ? [] : frame.straightRGBA()
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(frame.width)
    image.height = UInt32(frame.height)
    image.format = bgra ? formatRGBA | UInt32(PNG_FORMAT_FLAG_BGR) : formatRGBA
    if fast { image.flags |= UInt32(PNG_IMAGE_FLAG_FAST) }
    defer { png_image_free(&image) }
    // libpng's PNG_IMAGE_PNG_SIZE_MAX, which Swift does not import: zlib's bound on the filtered rows
    // plus the chunks around them. If it is ever short, libpng says how much it needs and we retry.
    let filtered = (frame.width * 4 + 1) * frame.height
    let compressed = filtered + (filtered + 7) / 8 + (filtered + 63) / 64 + 11
    var capacity = compressed + 12 * (compressed / 8192 + 1) + 256
    for _ in 0..<2 {
      var size = capacity
      var ok = false
      let out = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
        let write = { (pixels: UnsafeRawBufferPointer) in
          png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, pixels.baseAddress, 0, nil) != 0
        }
        ok =
          opaque
          ? frame.pixels.withUnsafeBytes(write) : bgra ? straight.withUnsafeBytes(write) : rgba.withUnsafeBytes(write)
        count = ok ? size : 0
      }
      if ok { return Array(out[...]) }
      guard size > capacity else { break }
      capacity = size
    }
    throw .pngEncodeFailed(reason: message(of: &image))
  }

  /// Decodes a PNG of any colour type and bit depth to pixels. 16-bit samples are read in the same
  /// encoding as 8-bit ones (sRGB), so `v × 257` at 16 bits reads as `v` at 8, unless the file's gAMA,
  /// sRGB or iCCP chunk says otherwise (gAMA 1.0: linear light, converted to sRGB).
  /// - Parameters:
  ///   - bytes: the file's contents; any byte string is safe.
  ///   - source: the file name used in error messages.
  ///   - maxPixels: the largest `width × height` accepted, checked before pixel memory is allocated.
  /// - Returns: the picture, premultiplied.
  /// - Throws: `RasterError.notPNG`, `.corrupt` (with libpng's message) or `.tooLarge`, each naming `source`.
  /// - Complexity: O(width × height).
  package static func decodePixels(_ bytes: [UInt8], source: String, maxPixels: Int) throws(RasterError) -> PixelBuffer
  {
    try readingHeader(bytes, source: source, maxPixels: maxPixels) { image, width, height in
      // 16-bit samples are sRGB like 8-bit ones unless the file says otherwise (a gAMA, sRGB or iCCP
      // chunk): without this flag libpng's simplified API takes 16-bit data for linear light.
      image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
      // Straight BGRA bytes are 0xAARRGGBB pixels on a little-endian machine: libpng writes the frame's
      // own buffer, and only pixels that are not opaque are premultiplied afterwards (rounded as
      // `PixelBuffer(straightRGBA:)` does). Elsewhere, through RGBA bytes.
      guard UInt32(1).littleEndian == 1 else {
        image.format = formatRGBA
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let finished = rgba.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard finished != 0 else { return .failure(.corruptPNG(source: source, reason: message(of: &image))) }
        return .success(PixelBuffer(width: width, height: height, straightRGBA: rgba))
      }
      image.format = formatRGBA | UInt32(PNG_FORMAT_FLAG_BGR)
      var finished: Int32 = 0
      let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
        finished = png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
        count = finished != 0 ? width * height : 0
        guard finished != 0 else { return }
        for i in 0..<count where buffer[i] < 0xFF00_0000 {
          let p = buffer[i]
          let a = p >> 24
          func pm(_ shift: UInt32) -> UInt32 { ((((p >> shift) & 0xFF) * a + 127) / 255) << shift }
          buffer[i] = a << 24 | pm(16) | pm(8) | pm(0)
        }
      }
      guard finished != 0 else {
        return .failure(.corruptPNG(source: source, reason: message(of: &image)))
      }
      return .success(PixelBuffer(width: width, height: height, pixels: pixels))
    }
  }

  /// The size a PNG's header gives, after libpng has read and checked every chunk before the image
  /// data (signature, CRCs, `IHDR`), without decoding a pixel.
  /// - Parameters: as for `decodePixels`.
  /// - Returns: the width and height.
  /// - Throws: `RasterError.notPNG`, `.corrupt` or `.tooLarge`, each naming `source`.
  /// - Complexity: O(chunks before the image data).
  package static func size(_ bytes: [UInt8], source: String, maxPixels: Int) throws(RasterError) -> (
    width: Int, height: Int
  ) {
    try readingHeader(bytes, source: source, maxPixels: maxPixels) { _, width, height in .success((width, height)) }
  }

  /// Checks the signature, leaves text chunks out (`withoutText`), has libpng read every chunk before the
  /// image data and checks the size, then hands the open image to `body` (which may finish reading it).
  /// - Throws: `RasterError.notPNG`, `.corrupt` or `.tooLarge`, each naming `source`, or `body`'s failure.
  private static func readingHeader<T>(
    _ bytes: [UInt8], source: String, maxPixels: Int,
    _ body: (inout png_image, _ width: Int, _ height: Int) -> Result<T, RasterError>
  ) throws(RasterError) -> T {
    guard bytes.count >= signature.count, Array(bytes.prefix(signature.count)) == signature else {
      throw .notPNG(source: source)
    }
    let bytes = withoutText(bytes) ?? bytes
    let result: Result<T, RasterError> = bytes.withUnsafeBytes { memory in
      var image = png_image()
      image.version = UInt32(PNG_IMAGE_VERSION)
      defer { png_image_free(&image) }
      guard png_image_begin_read_from_memory(&image, memory.baseAddress, memory.count) != 0 else {
        return .failure(.corruptPNG(source: source, reason: message(of: &image)))
      }
      let (width, height) = (Int(image.width), Int(image.height))
      guard width > 0, height > 0, width * height <= maxPixels else {
        return .failure(.pngTooLarge(source: source, width: width, height: height, maxPixels: maxPixels))
      }
      return body(&image, width, height)
    }
    return try result.get()
  }

  /// A premultiplied pixel un-premultiplied as `PixelBuffer.unpremultiply` does, packed as 0xAARRGGBB.
  @inline(__always)
  private static func straightPixel(_ p: UInt32) -> UInt32 {
    if p >= 0xFF00_0000 || p < 0x0100_0000 { return p < 0x0100_0000 ? 0 : p }
    let (r, g, b, a) = PixelBuffer.unpremultiply(p)
    return UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
  }

  /// Chunks that hold text or metadata and never change a pixel, which libpng would copy into memory
  /// whole: a PNG of 32×32 pixels and a 99 MB `tEXt` chunk would cost its size twice.
  private static let textChunks: Set<String> = ["tEXt", "zTXt", "iTXt", "eXIf"]

  /// The file without its text and metadata chunks (`textChunks`), or `nil` when they hold less than
  /// 64 KiB (the file is decoded as it is) or the chunk list is broken (libpng then says how).
  /// - Complexity: O(chunks), plus one copy of the other chunks when some are left out.
  static func withoutText(_ bytes: [UInt8]) -> [UInt8]? {
    var at = signature.count
    var dropped: [Range<Int>] = []
    var droppedBytes = 0
    while at + 12 <= bytes.count {
      let length = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
      let end = at + 12 + length
      guard length <= 0x7FFF_FFFF, end <= bytes.count else { return nil }
      if textChunks.contains(type) {
        dropped.append(at..<end)
        droppedBytes += end - at
      }
      if type == "IEND" { break }
      at = end
    }
    guard droppedBytes >= 64 << 10 else { return nil }
    var kept: [UInt8] = []
    kept.reserveCapacity(bytes.count - droppedBytes)
    var start = 0
    for range in dropped {
      kept += bytes[start..<range.lowerBound]
      start = range.upperBound
    }
    kept += bytes[start...]
    return kept
  }

  /// libpng's message stored in a `png_image`, or a generic one when it left none.
  static func message(of image: inout png_image) -> String {
    let text = withUnsafeBytes(of: &image.message) { raw -> String in
      let bytes = raw.prefix(while: { $0 != 0 })
      return String(decoding: bytes, as: UTF8.self)
    }
    return text.isEmpty ? "libpng reported an error without a message" : text
  }
}

/// PNG files of frames.
extension PNGCodec {
  /// Encodes a frame as an 8-bit straight-alpha RGBA PNG. The output is a function of the pixels (and
  /// `fast`) only.
  /// - Parameters:
  ///   - frame: the pixels.
  ///   - fast: favour speed over size (fewer filters, lighter compression), for throw-away pictures.
  /// - Returns: the PNG file's bytes.
  /// - Throws: `RasterError.encodeFailed` with libpng's message.
  /// - Complexity: O(width × height).
  public static func encode(_ frame: Frame, fast: Bool = false) throws(RasterError) -> [UInt8] {
    try encode(frame.buffer, fast: fast)
  }

  /// Decodes a PNG of any colour type and bit depth to a frame (see `decodePixels(_:source:maxPixels:)`).
  /// - Parameters:
  ///   - bytes: the file's contents; any byte string is safe.
  ///   - source: the file name used in error messages.
  ///   - maxPixels: the largest `width × height` accepted, checked before pixel memory is allocated.
  /// - Returns: the picture, premultiplied.
  /// - Throws: `RasterError.notPNG`, `.corrupt` (with libpng's message) or `.tooLarge`, each naming `source`.
  /// - Complexity: O(width × height).
  public static func decode(_ bytes: [UInt8], source: String, maxPixels: Int) throws(RasterError) -> Frame {
    Frame(try decodePixels(bytes, source: source, maxPixels: maxPixels))
  }
}

extension PNGCodec {
  /// Encodes palette indices as a colour-mapped PNG (`PLTE` and `tRNS` from `palette`, in its order; libpng
  /// picks 1, 2, 4 or 8 bits from the palette's size), so pictures of one palette share those chunks.
  /// - Parameters:
  ///   - indices: `width × height` indices into `palette`, top row first.
  ///   - width: pixels a row, ≥ 1.
  ///   - height: rows, ≥ 1.
  ///   - palette: 1…256 premultiplied ARGB colours, stored straight.
  /// - Returns: the PNG file's bytes.
  /// - Throws: `RasterError.encodeFailed` with libpng's message.
  /// - Complexity: O(width × height).
  package static func encodeIndexed(_ indices: [UInt8], width: Int, height: Int, palette: [UInt32]) throws(RasterError)
    -> [UInt8]
  {
    guard width > 0, height > 0, indices.count == width * height, (1...256).contains(palette.count) else {
      throw .pngEncodeFailed(reason: "\(width)×\(height) indices with \(palette.count) colours cannot be a PNG")
    }
    var colormap: [UInt8] = []
    for colour in palette {
      let (r, g, b, a) = PixelBuffer.unpremultiply(colour)
      colormap += [r, g, b, a]
    }
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(width)
    image.height = UInt32(height)
    image.format = formatRGBA | UInt32(PNG_FORMAT_FLAG_COLORMAP)
    image.colormap_entries = UInt32(palette.count)
    defer { png_image_free(&image) }
    let filtered = (width + 1) * height
    var size = filtered + filtered / 8 + 12 * (filtered / 8192 + 1) + 2048
    for _ in 0..<2 {
      let capacity = size
      var ok = false
      let out = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
        ok = indices.withUnsafeBytes { pixels in
          colormap.withUnsafeBytes { map in
            png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, pixels.baseAddress, 0, map.baseAddress)
              != 0
          }
        }
        count = ok ? size : 0
      }
      if ok { return Array(out[...]) }
      guard size > capacity else { break }
    }
    throw .pngEncodeFailed(reason: message(of: &image))
  }
}
