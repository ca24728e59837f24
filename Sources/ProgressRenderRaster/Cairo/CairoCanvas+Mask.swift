import CCairo

extension CairoCanvas {
  /// How one path of a soft mask changes the coverage built so far (lottie-web's SVG masks).
  enum MaskStep {
    /// Coverage + opacity × inside, less their product (white painted over).
    case add
    /// Coverage × (1 − opacity × inside) (black painted over).
    case subtract
    /// Coverage × opacity × inside: nothing is left outside.
    case intersect
  }

  /// Paints `content` through a mask of partial coverage: the content is painted into a group of
  /// its own, `mask` builds an alpha-only group from full transparency (with `maskStep`), and the
  /// content is painted over what is there through that group's alpha.
  /// - Parameters:
  ///   - content: paints what shows.
  ///   - mask: builds the mask's coverage; it never shows itself.
  /// - Throws: what `content` throws; a Cairo error is left on the context for the frame's status check.
  /// - Complexity: two canvas-sized groups.
  func softMasked(content: () throws -> Void, mask: () -> Void) rethrows {
    try pushingGroup(content)
    cairo_push_group_with_content(context, CAIRO_CONTENT_ALPHA)
    cairo_save(context)
    mask()
    cairo_restore(context)
    guard let coverage = cairo_pop_group(context) else { return }
    defer { cairo_pattern_destroy(coverage) }
    guard let painted = cairo_pop_group(context) else { return }
    defer { cairo_pattern_destroy(painted) }
    // A context in an error state pops error patterns: nothing is painted, the status check reports it.
    guard cairo_pattern_status(coverage) == CAIRO_STATUS_SUCCESS, cairo_pattern_status(painted) == CAIRO_STATUS_SUCCESS
    else { return }
    cairo_save(context)
    cairo_set_source(context, painted)
    cairo_mask(context, coverage)
    cairo_restore(context)
  }

  /// Changes the mask being built (inside `softMasked`'s `mask`) by the current path, filled with
  /// its current fill rule at `opacity`, then clears the path and resets the fill rule.
  /// - Parameters:
  ///   - step: how the path combines with the coverage so far.
  ///   - opacity: the path's opacity, 0…1 (clamped).
  func maskFill(_ step: MaskStep, opacity: Double) {
    let alpha = min(max(opacity.isFinite ? opacity : 0, 0), 1)
    cairo_save(context)
    defer {
      cairo_restore(context)
      cairo_new_path(context)
      cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    }
    switch step {
    case .add:
      cairo_set_source_rgba(context, 0, 0, 0, alpha)
      cairo_fill(context)
    case .subtract:
      cairo_set_operator(context, CAIRO_OPERATOR_DEST_OUT)
      cairo_set_source_rgba(context, 0, 0, 0, alpha)
      cairo_fill(context)
    case .intersect:
      // The path into a group of its own, then the coverage kept where it is, everywhere: the
      // outside of the path goes to zero whatever Cairo does with an unbounded fill.
      cairo_push_group_with_content(context, CAIRO_CONTENT_ALPHA)
      cairo_set_source_rgba(context, 0, 0, 0, alpha)
      cairo_fill(context)
      guard let inside = cairo_pop_group(context) else { return }
      defer { cairo_pattern_destroy(inside) }
      guard cairo_pattern_status(inside) == CAIRO_STATUS_SUCCESS else { return }
      cairo_set_operator(context, CAIRO_OPERATOR_DEST_IN)
      cairo_set_source(context, inside)
      cairo_paint(context)
    }
  }

  /// Fills the whole mask being built (a first subtracted or intersected path starts from it).
  func maskFillAll() {
    cairo_save(context)
    cairo_set_source_rgba(context, 0, 0, 0, 1)
    cairo_paint(context)
    cairo_restore(context)
  }
}
