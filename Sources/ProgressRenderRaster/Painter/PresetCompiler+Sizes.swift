import Foundation
import ProgressRenderCore

extension PresetCompiler {
  /// Canvas edges of at most this many pixels have their strokes on half device pixels (at least
  /// one) and the ring's outer edge on a pixel edge, so that a small asset is crisp.
  public static let crispPixelLimit = 64
  /// The smallest font size a label is drawn at, in points: a label scaled below it is drawn at
  /// it (or its own size if smaller), and one that does not fit there is left out.
  public static let minLegibleFontSize = 6.0

  /// The look drawn on a canvas of `size` points: the design (`Style.size`) scaled like a vector
  /// asset — every width, diameter, spacing, margin, font size, offset and halo — or, where the
  /// look gives a platform's own geometry for this size (`Look.sizes`), that geometry.
  ///
  /// Labels are kept at `minLegibleFontSize` at least; a thumb's label that would be smaller is
  /// left out (`leftOut`). On a small canvas (`crispPixelLimit`) the strokes are rounded to half
  /// device pixels, at least one.
  /// - Parameters:
  ///   - look: the look at its design size.
  ///   - designSize: the canvas edge the look is drawn for, in points.
  ///   - size: the canvas edge of this render, in points.
  ///   - pixelScale: device pixels per point.
  /// - Returns: the look in this render's points, and the labels left out (a thumb's label that
  ///   would be drawn under `minLegibleFontSize`).
  static func sized(_ look: Look, designSize: Double, size: Double, pixelScale: Int) -> (
    look: Look, leftOut: [LookLabel]
  ) {
    let k = designSize > 0 && size > 0 && designSize.isFinite ? size / designSize : 1
    let platform = look.sizes?.first { abs($0.size - size) < 1e-6 }
    var look = look
    func s(_ value: Double) -> Double { value * k }
    func s(_ value: Double?) -> Double? { value.map { $0 * k } }
    look.strokeWidths { s($0) }
    if let width = platform?.width {
      if let arc = look.arc, let track = look.track, arc.width > 0 {
        look.track?.width = width * track.width / arc.width
      } else {
        look.track?.width = width
      }
      look.arc?.width = width
      look.wave?.ring.width = width
      look.spokes?.width = width
    }
    if let inner = platform?.inner { look.spokes?.inner = inner }
    look.margin = platform?.margin ?? s(look.margin)
    if var thumb = look.thumb {
      thumb.diameter = s(thumb.diameter)
      thumb.strokeWidth = s(thumb.strokeWidth)
      look.thumb = thumb
    }
    if var dots = look.dots {
      dots.diameter = s(dots.diameter)
      dots.spacing = s(dots.spacing)
      look.dots = dots
    }
    look.labels = look.labels?.map { sized($0, k) }
    var leftOut: [LookLabel] = []
    if let label = look.thumb?.label {
      if label.font.size * k < min(minLegibleFontSize, label.font.size) {
        leftOut.append(label)
        look.thumb?.label = nil
      } else {
        look.thumb?.label = sized(label, k)
      }
    }
    look.sizes = nil
    if Int((size * Double(pixelScale)).rounded()) <= crispPixelLimit {
      let pixel = 1 / Double(max(pixelScale, 1))
      func crisp(_ width: Double) -> Double {
        guard width > 0 else { return width }
        return max(pixel, (width / pixel * 2).rounded() / 2 * pixel)
      }
      look.strokeWidths { crisp($0) }
    }
    return (look, leftOut)
  }

  /// A label scaled by `k`: its font (kept at `minLegibleFontSize` at least, or its own size if
  /// smaller), offset and halo.
  private static func sized(_ label: LookLabel, _ k: Double) -> LookLabel {
    var label = label
    label.font.size = max(label.font.size * k, min(minLegibleFontSize, label.font.size))
    label.offset = label.offset.map { $0 * k }
    if var shadow = label.shadow {
      shadow.radius *= k
      shadow.dx = shadow.dx.map { $0 * k }
      shadow.dy = shadow.dy.map { $0 * k }
      label.shadow = shadow
    }
    return label
  }
}

extension Look {
  /// Changes the width of every stroke on the ring: the track, the arc, the wave's ring, the spokes.
  fileprivate mutating func strokeWidths(_ change: (Double) -> Double) {
    if let width = track?.width { track?.width = change(width) }
    if let width = arc?.width { arc?.width = change(width) }
    if let width = wave?.ring.width { wave?.ring.width = change(width) }
    if let width = spokes?.width { spokes?.width = change(width) }
  }
}
