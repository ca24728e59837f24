import ProgressRenderCore

/// Reads JPEG files through libjpeg-turbo (`TurboJPEGDecoder`).
///
/// Decoding is safe on hostile input: the header's size is checked against a pixel limit before
/// any pixel memory is allocated, progressive files are held to 500 scans, and every failure
/// becomes a `RasterError`. A JPEG has no alpha: every pixel is opaque.
package enum JPEGCodec {
  /// The first three bytes of every JPEG file (start of image, then a marker).
  package static let signature: [UInt8] = [0xFF, 0xD8, 0xFF]

  /// Decodes a baseline or progressive JPEG (greyscale, YCbCr or CMYK) to opaque pixels.
  /// - Parameters:
  ///   - bytes: the file's contents; any byte string is safe.
  ///   - source: the file name used in error messages.
  ///   - maxPixels: the largest `width × height` accepted, checked before pixel memory is allocated.
  /// - Returns: the picture.
  /// - Throws: `RasterError.unknownImageFormat`, `.corruptJPEG` or `.jpegTooLarge`, each naming `source`.
  /// - Complexity: O(width × height).
  package static func decodePixels(_ bytes: [UInt8], source: String, maxPixels: Int) throws(RasterError)
    -> PixelBuffer
  {
    guard bytes.starts(with: signature) else { throw .unknownImageFormat(source: source) }
    let decoder = try TurboJPEGDecoder(source: source)
    let result: Result<PixelBuffer, RasterError> = bytes.withUnsafeBytes { memory in
      do throws(RasterError) {
        let (width, height) = try decoder.size(memory, source: source)
        guard width > 0, height > 0 else {
          return .failure(.corruptJPEG(source: source, reason: "the header gives no picture size"))
        }
        guard width <= maxPixels / height else {
          return .failure(.jpegTooLarge(source: source, width: width, height: height, maxPixels: maxPixels))
        }
        let pixels = try decoder.decode(memory, width: width, height: height, source: source)
        // BGRA bytes are 0xAARRGGBB pixels on a little-endian machine; elsewhere, swapped.
        let native = UInt32(1).littleEndian == 1 ? pixels : pixels.map { $0.byteSwapped }
        return .success(PixelBuffer(width: width, height: height, pixels: native))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}
