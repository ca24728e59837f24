import Foundation
import ProgressRenderCore

/// Where a look's parts go on a canvas: the ring's radius and the circles derived from it.
///
/// All lengths are in points. The ring radius is as large as it can be while nothing a part
/// draws (half a stroke, a square cap's corner, the thumb and its outline) comes closer to the
/// canvas edge than the look's `margin`, nor leaves the canvas at the largest value the `scale`
/// track reaches. On a small canvas (`grid`), the outer edge of the widest stroke is put on a
/// device pixel's edge, so that a ring drawn at 1× is crisp.
package struct LookGeometry: Equatable {
  /// Canvas edge.
  var size: Double
  /// Largest scale the look is drawn at (≥ 1).
  var maxScale: Double
  /// Centre of the canvas (both coordinates).
  package var center: Double
  /// Radius of the ring's centre line, where the track, arc, thumb and wave ring sit and the spokes end.
  package var ringRadius: Double
  /// Outer edge of the ring's widest stroke: the disc, image and pie fill out to it.
  package var outerRadius: Double
  /// The wave's inner circle (inset from `outerRadius`), or 0 without a wave.
  package var innerRadius: Double
  /// The circle the centre labels stay inside (`LabelFitter`): the wave's inner circle; else the
  /// inside edge of the ring's widest stroke and of the thumb riding it; else `outerRadius`.
  var labelRadius: Double

  /// Computes the geometry of a look.
  /// - Parameters:
  ///   - look: the parts to place.
  ///   - size: the canvas edge in points.
  ///   - maxScale: the largest value of the `scale` track (values below 1 count as 1).
  ///   - grid: points per device pixel when the ring's edge is to be snapped to the pixel grid
  ///     (`nil`: not snapped); `odd` when the canvas has an odd number of pixels a side.
  package init(look: Look, size: Double, maxScale: Double, grid: (points: Double, odd: Bool)? = nil) {
    self.size = size
    self.maxScale = max(1, maxScale.isFinite ? maxScale : 1)
    center = size / 2
    let margin = min(max(0, look.margin ?? 0), size / 2)
    let room = min(size / 2 - margin, size / 2 / self.maxScale)
    // Half widths of everything stroked on the ring (a spoke's round cap reaches half a width past its end).
    let halves = [look.track?.width, look.arc?.width, look.wave?.ring.width, look.spokes?.width].compactMap { $0 }.map {
      max(0, $0) / 2
    }
    let halfStroke = halves.max() ?? 0
    var radius = room - halfStroke
    var thumbReach = 0.0
    if let arc = look.arc, arc.cap == .square {
      // A square cap's outer corner sits half a width past the end, at √((r + h)² + h²) from the centre.
      let h = max(0, arc.width) / 2
      radius = min(radius, (max(0, room * room - h * h)).squareRoot() - h)
    }
    if let thumb = look.thumb {
      let outline = thumb.stroke == nil ? 0 : (thumb.strokeWidth ?? 1)
      thumbReach = max(0, thumb.diameter) / 2 + max(0, outline) / 2
      radius = min(radius, room - thumbReach)
    }
    if let grid, grid.points > 0, halfStroke > 0 {
      // The outer edge on a pixel edge (the centre is on one, or mid-pixel on an odd canvas).
      let shift = grid.odd ? 0.5 : 0
      let edge = ((radius + halfStroke) / grid.points - shift + 1e-6).rounded(.down) + shift
      radius = edge * grid.points - halfStroke
    }
    ringRadius = max(0, radius)
    let outer = max(0, min(room, ringRadius + halfStroke))
    outerRadius = outer
    innerRadius = look.wave.map { outer * max(0, 1 - 2 * $0.inset) } ?? 0
    if look.wave != nil {
      labelRadius = innerRadius
    } else if !halves.isEmpty || look.thumb != nil {
      labelRadius = max(0, ringRadius - max(halfStroke, thumbReach))
    } else {
      labelRadius = outer
    }
  }
}
