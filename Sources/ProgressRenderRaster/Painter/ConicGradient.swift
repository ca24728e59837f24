import Foundation
import ProgressRenderCore

/// A conic ("sweep") gradient about a centre, computed exactly for every pixel of a ring-shaped
/// band once, so that a painter can reuse it, turned, frame after frame (Cairo has no conic
/// gradient, and its mesh patterns are slow to rasterise).
///
/// Angles are radians growing clockwise on screen (y points down). The colour is `from` at
/// `start`, mixes linearly in straight RGBA to `to` at `end`, stays `from` for `lead` radians
/// before `start` and `to` for `trail` radians after `end`; other angles are transparent.
package struct ConicGradient: Equatable {
  /// Centre, in points.
  var centerX, centerY: Double
  /// Where the colour starts to change, and where it stops (`end > start`).
  var start, end: Double
  /// Colour at `start` and before it.
  var from: RGBAColor
  /// Colour at `end` and after it.
  var to: RGBAColor
  /// Radians of constant `from` before `start`.
  var lead: Double = 0
  /// Radians of constant `to` after `end`.
  var trail: Double = 0

  /// The memberwise initializer, spelled out so that the modules above can call it.
  package init(
    centerX: Double, centerY: Double, start: Double, end: Double, from: RGBAColor, to: RGBAColor, lead: Double = 0,
    trail: Double = 0
  ) {
    self.centerX = centerX
    self.centerY = centerY
    self.start = start
    self.end = end
    self.from = from
    self.to = to
    self.lead = lead
    self.trail = trail
  }

  /// The colour at an angle, or `nil` outside `start − lead … end + trail` (taken modulo a turn).
  package func color(atAngle angle: Double) -> RGBAColor? {
    let first = start - max(lead, 0)
    var a = (angle - first).truncatingRemainder(dividingBy: 2 * .pi)
    if a < 0 { a += 2 * .pi }
    a += first
    if a <= start { return from }
    if a >= end { return a <= end + max(trail, 0) ? to : nil }
    return from.mixed(with: to, (a - start) / (end - start))
  }

  /// Renders the gradient between two radii about the centre into premultiplied ARGB pixels: the
  /// square of whole device pixels around the outer circle (it may reach past a canvas's edges).
  /// - Parameters:
  ///   - pixelsPerPoint: the device scale `s`.
  ///   - innerRadius: pixels whose centre is nearer the centre than this (points) stay transparent.
  ///   - outerRadius: pixels whose centre is farther than this (points) stay transparent.
  /// - Returns: the frame and where its top-left corner lies, in device pixels from the origin
  ///   (pixel (i, j) samples the point ((x + i + ½) / s, (y + j + ½) / s)).
  /// - Complexity: O(outerRadius² × s²), one `atan2` per pixel inside the band.
  func frame(pixelsPerPoint s: Double, innerRadius: Double, outerRadius: Double) -> (frame: Frame, x: Int, y: Int) {
    let outer = max(outerRadius, 0)
    let x0 = Int(((centerX - outer) * s).rounded(.down))
    let y0 = Int(((centerY - outer) * s).rounded(.down))
    let width = max(1, Int(((centerX + outer) * s).rounded(.up)) - x0)
    let height = max(1, Int(((centerY + outer) * s).rounded(.up)) - y0)
    let inner2 = max(innerRadius, 0) * max(innerRadius, 0)
    let outer2 = outer * outer
    var pixels = [UInt32](repeating: 0, count: width * height)
    for j in 0..<height {
      let y = (Double(y0 + j) + 0.5) / s - centerY
      for i in 0..<width {
        let x = (Double(x0 + i) + 0.5) / s - centerX
        let d2 = x * x + y * y
        guard d2 >= inner2, d2 <= outer2, let c = color(atAngle: atan2(y, x)) else { continue }
        pixels[j * width + i] = Self.premultiplied(c)
      }
    }
    return (Frame(width: width, height: height, pixels: pixels), x0, y0)
  }

  /// A colour as a premultiplied ARGB pixel, each channel rounded once from its exact value.
  private static func premultiplied(_ c: RGBAColor) -> UInt32 {
    let a = min(max(c.alpha, 0), 1)
    func channel(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * a * 255).rounded()) }
    return UInt32((a * 255).rounded()) << 24 | channel(c.red) << 16 | channel(c.green) << 8 | channel(c.blue)
  }
}

extension RGBAColor {
  /// Linear mix in straight RGBA: `self` at `t = 0`, `other` at `t = 1`.
  func mixed(with other: RGBAColor, _ t: Double) -> RGBAColor {
    RGBAColor(
      red: red + (other.red - red) * t, green: green + (other.green - green) * t,
      blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
  }
}
