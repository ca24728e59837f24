import CCairo
import ProgressRenderCore

extension CairoCanvas {
  /// Sets how what is painted next combines with the canvas: Cairo's operator for the blend mode.
  func setBlendMode(_ mode: CompositionBlendMode) {
    cairo_set_operator(context, Self.cairoOperator(mode))
  }

  /// Paints `content` into a group of its own, then composites the group onto the canvas with
  /// the blend mode (a layer's blend mode applies to the layer as a whole).
  func blended(_ mode: CompositionBlendMode, content: () throws -> Void) rethrows {
    guard mode != .normal else { return try content() }
    try pushingGroup(content)
    cairo_pop_group_to_source(context)
    cairo_save(context)
    setBlendMode(mode)
    cairo_paint(context)
    cairo_restore(context)
  }

  /// Paints `content` into a group of its own, then composites the group onto the canvas at
  /// `alpha` (a layer's opacity applies to the layer as a whole).
  func faded(_ alpha: Double, content: () throws -> Void) rethrows {
    try pushingGroup(content)
    cairo_pop_group_to_source(context)
    cairo_paint_with_alpha(context, alpha)
  }

  /// Paints `content` into a group of its own, then paints `color` through its coverage: every
  /// painted pixel takes the colour, at its alpha times the colour's (After Effects' Fill effect).
  func recolored(_ color: RGBAColor, content: () throws -> Void) rethrows {
    try pushingGroup(content)
    guard let coverage = cairo_pop_group(context) else { return }
    cairo_save(context)
    setColor(color)
    cairo_mask(context, coverage)
    cairo_restore(context)
    cairo_pattern_destroy(coverage)
  }

  /// Pushes a group and runs `content` in it, leaving the group pushed; when `content` throws,
  /// the group is popped and dropped first.
  func pushingGroup(_ content: () throws -> Void) rethrows {
    cairo_push_group(context)
    do {
      try content()
    } catch {
      cairo_pattern_destroy(cairo_pop_group(context))
      throw error
    }
  }

  /// Cairo's operator for a blend mode: the same PDF formulas, case for case.
  static func cairoOperator(_ mode: CompositionBlendMode) -> cairo_operator_t {
    switch mode {
    case .normal: CAIRO_OPERATOR_OVER
    case .multiply: CAIRO_OPERATOR_MULTIPLY
    case .screen: CAIRO_OPERATOR_SCREEN
    case .overlay: CAIRO_OPERATOR_OVERLAY
    case .darken: CAIRO_OPERATOR_DARKEN
    case .lighten: CAIRO_OPERATOR_LIGHTEN
    case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
    case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
    case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
    case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
    case .difference: CAIRO_OPERATOR_DIFFERENCE
    case .exclusion: CAIRO_OPERATOR_EXCLUSION
    case .hue: CAIRO_OPERATOR_HSL_HUE
    case .saturation: CAIRO_OPERATOR_HSL_SATURATION
    case .color: CAIRO_OPERATOR_HSL_COLOR
    case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
    }
  }
}
