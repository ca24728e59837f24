import CCairo

extension CairoCanvas {
  /// What of a matte decides where content shows.
  enum MatteMode {
    /// Its alpha.
    case alpha
    /// One minus its alpha.
    case invertedAlpha
    /// Its luminance times its alpha.
    case luma
    /// One minus that.
    case invertedLuma
  }

  /// Paints `content` only where what `matte` paints lets it show: both are painted into groups of
  /// their own, the matte's alpha (or luminance) masks the content's, and the result is painted over
  /// what is there.
  /// - Parameters:
  ///   - mode: what of the matte decides.
  ///   - content: paints what shows.
  ///   - matte: paints the matte; it never shows itself.
  /// - Complexity: two canvas-sized groups; O(pixels) more for a luminance matte.
  func matted(_ mode: MatteMode, content: () throws -> Void, matte: () throws -> Void) rethrows {
    cairo_push_group(context)
    try content()
    cairo_push_group(context)
    try matte()
    guard let mattePattern = cairo_pop_group(context) else { return }
    defer { cairo_pattern_destroy(mattePattern) }
    if mode == .luma || mode == .invertedLuma { Self.lumaToAlpha(mattePattern) }
    cairo_set_operator(context, mode == .alpha || mode == .luma ? CAIRO_OPERATOR_DEST_IN : CAIRO_OPERATOR_DEST_OUT)
    cairo_set_source(context, mattePattern)
    cairo_paint(context)
    guard let contentPattern = cairo_pop_group(context) else { return }
    defer { cairo_pattern_destroy(contentPattern) }
    cairo_set_source(context, contentPattern)
    cairo_paint(context)
  }

  /// Replaces each pixel of a group's image surface by its luminance as alpha (premultiplied
  /// colour, so transparent pixels count as dark).
  private static func lumaToAlpha(_ pattern: OpaquePointer) {
    var surface: OpaquePointer?
    guard cairo_pattern_get_surface(pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface,
      cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
    else { return }
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return }
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    for row in 0..<height {
      let pixels = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
      for column in 0..<width {
        let p = pixels[column]
        let (r, g, b) = (Double((p >> 16) & 0xFF), Double((p >> 8) & 0xFF), Double(p & 0xFF))
        let luma = UInt32(min(max((0.299 * r + 0.587 * g + 0.114 * b).rounded(), 0), 255))
        pixels[column] = luma << 24
      }
    }
    cairo_surface_mark_dirty(surface)
  }
}
