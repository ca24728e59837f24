import CCairo

/// A layer's coverage, rounded to the canvas's edge levels, kept to paint the same layer again
/// without drawing its shape (`CairoCanvas.layer(_:within:reusing:shape:)`): a label that stays
/// put, such as `thumb`'s caption, is rasterized once per renderer instead of once per frame.
///
/// Owns a reference to Cairo's group pattern, released in `deinit`.
final class KeptCoverage {
  /// Where on its canvas the coverage was drawn: the transform (user space to device) and the
  /// clip, a rectangle in user space. A layer drawn with the same shape on the same canvas where
  /// both are equal has this coverage, pixel for pixel.
  struct Placement: Equatable {
    var matrix: [Double]
    var clip: [Double]
  }

  /// The `cairo_pattern_t` of the group the shape was drawn into.
  let pattern: OpaquePointer
  /// The canvas it was drawn on (held, so that no other canvas is ever taken for it).
  let canvas: CairoCanvas
  let placement: Placement
  /// The bytes of the group's coverage (one a pixel, rows padded to Cairo's stride).
  let byteCount: Int

  /// Takes over a group pattern (the caller's reference).
  /// - Parameter byteCount: the bytes its A8 surface holds.
  init(pattern: OpaquePointer, canvas: CairoCanvas, placement: Placement, byteCount: Int) {
    self.pattern = pattern
    self.canvas = canvas
    self.placement = placement
    self.byteCount = byteCount
  }

  deinit { cairo_pattern_destroy(pattern) }
}
