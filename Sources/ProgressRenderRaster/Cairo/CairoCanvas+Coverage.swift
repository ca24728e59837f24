import CCairo

extension CairoCanvas {
  /// Paints a colour through a mask of coverage laid on whole device pixels (a text's halo).
  ///
  /// The coverage is rounded to the canvas's edge levels first, as a layer's is (see `layer`);
  /// the current clip applies, the transform does not.
  /// - Parameters:
  ///   - color: the colour painted where the mask is full.
  ///   - mask: the coverage and where it lies, in device pixels.
  /// - Throws: `RasterError` when Cairo cannot create the mask's surface.
  /// - Complexity: O(pixels of the mask).
  func paint(_ color: Color, through mask: HaloMask) throws(RasterError) {
    guard mask.width > 0, mask.height > 0 else { return }
    var coverage = mask.coverage
    if let edgeTable {
      coverage.withUnsafeMutableBytes { bytes in
        edgeTable.withUnsafeBufferPointer { Self.round(bytes.baseAddress!, count: bytes.count, levels: $0) }
      }
    }
    let image = try CairoImage(coverage: coverage, width: mask.width, height: mask.height)
    cairo_save(context)
    defer { cairo_restore(context) }
    cairo_identity_matrix(context)
    cairo_scale(context, 1 / deviceScale, 1 / deviceScale)
    setColor(color)
    cairo_mask_surface(context, image.surface, Double(mask.x), Double(mask.y))
  }
}
