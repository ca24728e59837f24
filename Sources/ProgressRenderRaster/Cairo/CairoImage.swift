import CCairo
import ProgressRenderCore

/// A Cairo image surface holding a copy of some pixels, ready to be painted by a `CairoCanvas`.
final class CairoImage {
  /// Width in pixels.
  let width: Int
  /// Height in pixels.
  let height: Int
  /// The `cairo_surface_t`.
  let surface: OpaquePointer

  /// Copies pixels into a new image surface.
  /// - Parameter frame: premultiplied ARGB pixels, exactly Cairo's ARGB32 layout.
  /// - Throws: `RasterError` when Cairo cannot create the surface (size, memory).
  init(_ frame: PixelBuffer) throws(RasterError) {
    guard let made = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(frame.width), Int32(frame.height)) else {
      throw RasterError.cairo(
        operation: "creating a \(frame.width)×\(frame.height) image surface", status: "no surface")
    }
    let status = cairo_surface_status(made)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(made)
      throw RasterError.cairo(operation: "creating a \(frame.width)×\(frame.height) image surface", code: status)
    }
    surface = made
    width = frame.width
    height = frame.height
    cairo_surface_flush(made)
    if let data = cairo_image_surface_get_data(made) {
      let stride = Int(cairo_image_surface_get_stride(made))
      frame.pixels.withUnsafeBytes { source in
        for row in 0..<frame.height {
          let from = source.baseAddress!.advanced(by: row * frame.width * 4)
          (data + row * stride).update(from: from.assumingMemoryBound(to: UInt8.self), count: frame.width * 4)
        }
      }
    }
    cairo_surface_mark_dirty(made)
  }

  /// Copies coverage bytes into a new alpha-only (A8) image surface, for painting a colour through.
  /// - Parameters:
  ///   - coverage: `width × height` bytes, row by row, 0 (none) … 255 (full).
  ///   - width: width in pixels.
  ///   - height: height in pixels.
  /// - Throws: `RasterError` when Cairo cannot create the surface (size, memory) or the byte count differs.
  init(coverage: [UInt8], width: Int, height: Int) throws(RasterError) {
    let what = "creating a \(width)×\(height) coverage surface"
    guard width > 0, height > 0, width <= 32767, height <= 32767, coverage.count == width * height else {
      throw RasterError.cairo(operation: what, code: CAIRO_STATUS_INVALID_SIZE)
    }
    guard let made = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else {
      throw RasterError.cairo(operation: what, status: "no surface")
    }
    let status = cairo_surface_status(made)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(made)
      throw RasterError.cairo(operation: what, code: status)
    }
    surface = made
    self.width = width
    self.height = height
    cairo_surface_flush(made)
    if let data = cairo_image_surface_get_data(made) {
      let stride = Int(cairo_image_surface_get_stride(made))
      coverage.withUnsafeBufferPointer { source in
        for row in 0..<height {
          (data + row * stride).update(from: source.baseAddress! + row * width, count: width)
        }
      }
    }
    cairo_surface_mark_dirty(made)
  }

  deinit {
    cairo_surface_destroy(surface)
  }
}
