import CPNG
import ProgressRenderCore

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
