import CPNG

/// Reads and writes PNG files through libpng's simplified API (no `setjmp`).
///
/// Decoding is safe on hostile input: the header's size is checked against a pixel limit
/// before any pixel memory is allocated, and every libpng failure becomes a `PNGError`.
public enum PNGCodec {
  /// The 8-byte PNG file signature.
  static let signature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  /// `PNG_FORMAT_RGBA`, a macro Swift does not import: colour and alpha flags, 8 bits.
  private static let formatRGBA = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

  /// Encodes a frame as an 8-bit straight-alpha RGBA PNG. The output is a function of the pixels (and
  /// `fast`) only.
  /// - Parameters:
  ///   - frame: the pixels.
  ///   - fast: favour speed over size (libpng's `PNG_IMAGE_FLAG_FAST`: fewer filters, lighter
  ///     compression), for throw-away pictures such as diff artifacts.
  /// - Returns: the PNG file's bytes.
  /// - Throws: `PNGError.encodeFailed` with libpng's message.
  /// - Complexity: O(width × height); the data is compressed once into a buffer of the worst-case size,
  ///   of which only the bytes written are touched.
  public static func encode(_ frame: Frame, fast: Bool = false) throws(PNGError) -> [UInt8] {
    guard frame.width > 0, frame.height > 0 else {
      throw .encodeFailed(reason: "the frame is \(frame.width)×\(frame.height); a PNG needs at least 1×1")
    }
    // An opaque frame's premultiplied pixels are its straight ones: libpng reads them in place as BGRA
    // (0xAARRGGBB little-endian); otherwise they are un-premultiplied into a copy. The file is the same.
    let inPlace = UInt32(1).littleEndian == 1 && frame.pixels.allSatisfy { $0 >= 0xFF00_0000 }
    let rgba = inPlace ? [] : frame.straightRGBA()
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(frame.width)
    image.height = UInt32(frame.height)
    image.format = inPlace ? formatRGBA | UInt32(PNG_FORMAT_FLAG_BGR) : formatRGBA
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
        ok = inPlace ? frame.pixels.withUnsafeBytes(write) : rgba.withUnsafeBytes(write)
        count = ok ? size : 0
      }
      if ok { return Array(out[...]) }
      guard size > capacity else { break }
      capacity = size
    }
    throw .encodeFailed(reason: message(of: &image))
  }

  /// Decodes a PNG of any colour type and bit depth to a frame. 16-bit samples are read in the same
  /// encoding as 8-bit ones (sRGB), so `v × 257` at 16 bits reads as `v` at 8, unless the file's gAMA,
  /// sRGB or iCCP chunk says otherwise (gAMA 1.0: linear light, converted to sRGB).
  /// - Parameters:
  ///   - bytes: the file's contents; any byte string is safe.
  ///   - source: the file name used in error messages.
  ///   - maxPixels: the largest `width × height` accepted, checked before pixel memory is allocated.
  /// - Returns: the picture, premultiplied.
  /// - Throws: `PNGError.notPNG`, `.corrupt` (with libpng's message) or `.tooLarge`, each naming `source`.
  /// - Complexity: O(width × height).
  public static func decode(_ bytes: [UInt8], source: String, maxPixels: Int) throws(PNGError) -> Frame {
    guard bytes.count >= signature.count, Array(bytes.prefix(signature.count)) == signature else {
      throw .notPNG(source: source)
    }
    let result: Result<Frame, PNGError> = bytes.withUnsafeBytes { memory in
      var image = png_image()
      image.version = UInt32(PNG_IMAGE_VERSION)
      defer { png_image_free(&image) }
      guard png_image_begin_read_from_memory(&image, memory.baseAddress, memory.count) != 0 else {
        return .failure(.corrupt(source: source, reason: message(of: &image)))
      }
      let width = Int(image.width)
      let height = Int(image.height)
      guard width > 0, height > 0, width * height <= maxPixels else {
        return .failure(.tooLarge(source: source, width: width, height: height, maxPixels: maxPixels))
      }
      // 16-bit samples are sRGB like 8-bit ones unless the file says otherwise (a gAMA, sRGB or iCCP
      // chunk): without this flag libpng's simplified API takes 16-bit data for linear light.
      image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
      image.format = formatRGBA
      var rgba = [UInt8](repeating: 0, count: width * height * 4)
      let finished = rgba.withUnsafeMutableBytes { buffer in
        png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
      }
      guard finished != 0 else {
        return .failure(.corrupt(source: source, reason: message(of: &image)))
      }
      return .success(Frame(width: width, height: height, straightRGBA: rgba))
    }
    return try result.get()
  }

  /// libpng's message stored in a `png_image`, or a generic one when it left none.
  private static func message(of image: inout png_image) -> String {
    let text = withUnsafeBytes(of: &image.message) { raw -> String in
      let bytes = raw.prefix(while: { $0 != 0 })
      return String(decoding: bytes, as: UTF8.self)
    }
    return text.isEmpty ? "libpng reported an error without a message" : text
  }
}
