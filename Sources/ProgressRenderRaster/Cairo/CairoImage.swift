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
    (width, height) = (frame.width, frame.height)
    surface = try frame.pixels.withUnsafeBytes { rows in
      Result { () throws(RasterError) in
        try Self.surface(
          CAIRO_FORMAT_ARGB32, width: frame.width, height: frame.height, rowBytes: frame.width * 4, copying: rows,
          what: "image surface")
      }
    }.get()
  }

  /// Copies coverage bytes into a new alpha-only (A8) image surface, for painting a colour through.
  /// - Parameters:
  ///   - coverage: `width × height` bytes, row by row, 0 (none) … 255 (full).
  ///   - width: width in pixels.
  ///   - height: height in pixels.
  /// - Throws: `RasterError` when Cairo cannot create the surface (size, memory) or the byte count differs.
  init(coverage: [UInt8], width: Int, height: Int) throws(RasterError) {
    guard width > 0, height > 0, width <= 32767, height <= 32767, coverage.count == width * height else {
      throw RasterError.cairo(
        operation: "creating a \(width)×\(height) coverage surface", code: CAIRO_STATUS_INVALID_SIZE)
    }
    (self.width, self.height) = (width, height)
    surface = try coverage.withUnsafeBytes { rows in
      Result { () throws(RasterError) in
        try Self.surface(
          CAIRO_FORMAT_A8, width: width, height: height, rowBytes: width, copying: rows, what: "coverage surface")
      }
    }.get()
  }

  /// A new image surface of `format` holding `rows` (`rowBytes` each, one after another), copied
  /// row by row into Cairo's stride.
  /// - Parameter what: the surface's kind, for the error's message.
  /// - Throws: `RasterError` when Cairo cannot create the surface (size, memory).
  private static func surface(
    _ format: cairo_format_t, width: Int, height: Int, rowBytes: Int, copying rows: UnsafeRawBufferPointer,
    what: String
  ) throws(RasterError) -> OpaquePointer {
    let operation = "creating a \(width)×\(height) \(what)"
    guard let made = cairo_image_surface_create(format, Int32(width), Int32(height)) else {
      throw RasterError.cairo(operation: operation, status: "no surface")
    }
    let status = cairo_surface_status(made)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(made)
      throw RasterError.cairo(operation: operation, code: status)
    }
    cairo_surface_flush(made)
    if let data = cairo_image_surface_get_data(made), let source = rows.baseAddress {
      let stride = Int(cairo_image_surface_get_stride(made))
      for row in 0..<height {
        (data + row * stride).update(
          from: source.advanced(by: row * rowBytes).assumingMemoryBound(to: UInt8.self), count: rowBytes)
      }
    }
    cairo_surface_mark_dirty(made)
    return made
  }

  deinit {
    cairo_surface_destroy(surface)
  }
}
