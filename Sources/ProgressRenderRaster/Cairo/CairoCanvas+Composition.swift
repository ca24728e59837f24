import CCairo
import ProgressRenderCore

/// The path, stroke and transform operations the composition renderer needs beyond the presets'.
extension CairoCanvas {
  /// A user-to-device transform (Cairo's matrix).
  struct Matrix: Equatable {
    var xx, yx, xy, yy, x0, y0: Double
  }

  /// The current user-to-device transform.
  var matrix: Matrix {
    get {
      var m = cairo_matrix_t()
      cairo_get_matrix(context, &m)
      return Matrix(xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, x0: m.x0, y0: m.y0)
    }
    set {
      var m = cairo_matrix_t(
        xx: newValue.xx, yx: newValue.yx, xy: newValue.xy, yy: newValue.yy, x0: newValue.x0, y0: newValue.y0)
      cairo_set_matrix(context, &m)
    }
  }

  /// Skews user space: x grows by `factor` × y.
  func skew(_ factor: Double) {
    var m = cairo_matrix_t(xx: 1, yx: 0, xy: factor, yy: 1, x0: 0, y0: 0)
    cairo_transform(context, &m)
  }

  /// Adds a cubic Bézier from the current point.
  func curve(to x: Double, _ y: Double, control1 x1: Double, _ y1: Double, control2 x2: Double, _ y2: Double) {
    cairo_curve_to(context, x1, y1, x2, y2, x, y)
  }

  /// Adds a rectangle as its own closed sub-path.
  func rectangle(x: Double, y: Double, width: Double, height: Double) {
    cairo_rectangle(context, x, y, width, height)
  }

  /// Adds a rectangle with rounded corners (radius limited to half the shorter side).
  func roundedRectangle(x: Double, y: Double, width: Double, height: Double, radius: Double) {
    let r = min(max(radius.isFinite ? radius : 0, 0), min(width, height) / 2)
    guard r > 0 else { return rectangle(x: x, y: y, width: width, height: height) }
    cairo_new_sub_path(context)
    cairo_arc(context, x + width - r, y + r, r, -Double.pi / 2, 0)
    cairo_arc(context, x + width - r, y + height - r, r, 0, Double.pi / 2)
    cairo_arc(context, x + r, y + height - r, r, Double.pi / 2, Double.pi)
    cairo_arc(context, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(context)
  }

  /// Adds an ellipse as its own closed sub-path.
  func ellipse(centerX: Double, centerY: Double, radiusX: Double, radiusY: Double) {
    cairo_save(context)
    cairo_translate(context, centerX, centerY)
    cairo_scale(context, radiusX, radiusY)
    cairo_new_sub_path(context)
    cairo_arc(context, 0, 0, 1, 0, 2 * Double.pi)
    cairo_close_path(context)
    cairo_restore(context)
  }

  /// Sets the fill rule: even-odd, or non-zero winding (Cairo's default).
  func setFillRule(evenOdd: Bool) {
    cairo_set_fill_rule(context, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
  }

  /// Sets how stroked segments meet.
  func setLineJoin(_ join: Join) {
    switch join {
    case .miter: cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
    case .round: cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    case .bevel: cairo_set_line_join(context, CAIRO_LINE_JOIN_BEVEL)
    }
  }

  /// Stroke corner shapes.
  enum Join {
    case miter, round, bevel
  }

  /// Sets the miter limit.
  func setMiterLimit(_ limit: Double) { cairo_set_miter_limit(context, limit) }

  /// Sets a dash pattern (lengths on, off, …) and where in it strokes start.
  func setDash(_ dashes: [Double], offset: Double) {
    dashes.withUnsafeBufferPointer { cairo_set_dash(context, $0.baseAddress, Int32($0.count), offset) }
  }
}
