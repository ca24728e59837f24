import ProgressRenderCore

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
