import ProgressRenderCore

/// A timing curve that carries sampled keys from one key to another: the `cubic-bezier()` whose
/// control points are a third and two thirds of the way in time (so the curve is a cubic in time)
/// and whose heights are fitted by least squares to the keys between.
///
/// A channel sampled once per frame (a wave rising as its progress eases, an arc clamped at its
/// minimum) is then a few eased keys instead of one key a frame; every key between stays within the
/// tolerance, measured through the easing as it is written (control points to 4 places).
enum SVGCurveFit {
  /// The control points' times: a third and two thirds, as `cubic-bezier()` writes them.
  static let x1 = 0.3333
  static let x2 = 0.6667
  /// The largest control height accepted (relative to the rise between the two keys).
  static let maxHeight = 100.0

  /// The easing from `from` to `to` that passes within `tolerance` of every key of `between`, or
  /// `nil` when there is none of this form (fewer than two keys between, no rise, a poor fit).
  /// - Parameters:
  ///   - from: the key the easing starts at.
  ///   - between: the keys it must pass near, in frame order, strictly between `from` and `to`.
  ///   - to: the key it ends at.
  ///   - tolerance: the largest distance allowed, in the keys' units.
  /// - Returns: a `cubicBezier` easing.
  /// - Complexity: O(keys between).
  static func easing(
    from: LottieChannel.Key, between: ArraySlice<LottieChannel.Key>, to: LottieChannel.Key, tolerance: Double
  ) -> Easing? {
    let span = to.frame - from.frame
    let rise = to.value - from.value
    guard span > 0, between.count >= 2, abs(rise) > tolerance, rise.isFinite else { return nil }
    // y(u) = 3·y1·u(1−u)² + 3·y2·u²(1−u) + u³ on the rise normalized to 0…1: linear in y1 and y2.
    var (aa, ab, bb, ar, br) = (0.0, 0.0, 0.0, 0.0, 0.0)
    for key in between {
      let u = (key.frame - from.frame) / span
      let (a, b) = (3 * u * (1 - u) * (1 - u), 3 * u * u * (1 - u))
      let r = (key.value - from.value) / rise - u * u * u
      aa += a * a
      ab += a * b
      bb += b * b
      ar += a * r
      br += b * r
    }
    let determinant = aa * bb - ab * ab
    guard determinant > 1e-12 else { return nil }
    let y1 = ((ar * bb - br * ab) / determinant * 10_000).rounded() / 10_000
    let y2 = ((br * aa - ar * ab) / determinant * 10_000).rounded() / 10_000
    guard abs(y1) <= maxHeight, abs(y2) <= maxHeight else { return nil }
    let easing = Easing.cubicBezier(x1, y1, x2, y2)
    let fits = between.allSatisfy { key in
      abs(from.value + rise * easing((key.frame - from.frame) / span) - key.value) <= tolerance
    }
    return fits ? easing : nil
  }
}
