import Foundation
import ProgressRenderCore

/// WCAG 2's contrast ratio of a style's labels and arc against what is behind them, and the
/// warnings for those under 3:1 (WCAG's minimum for large text and graphical objects).
///
/// What is behind a part: for a centre label, its halo when it has one (the glyphs' edges sit on
/// it), else the disc, else the canvas; for the thumb's label, the thumb; for the arc, the disc,
/// else the track when the track is at least as wide (the arc lies inside it), else the canvas.
/// Translucent colours are composited over what is under them, and a translucent canvas over the
/// page (white, or black for the dark appearance). A picture under a label is not measured: only
/// a label's halo is.
enum ContrastCheck {
  /// WCAG's minimum contrast ratio for large text and graphical objects.
  static let minimum = 3.0

  /// WCAG 2's relative luminance of an opaque colour.
  static func luminance(_ color: RGBAColor) -> Double {
    func linear(_ v: Double) -> Double {
      let c = min(max(v, 0), 1)
      return c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
  }

  /// WCAG 2's contrast ratio of two opaque colours, 1…21.
  static func ratio(_ a: RGBAColor, _ b: RGBAColor) -> Double {
    let (la, lb) = (luminance(a), luminance(b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
  }

  /// `top` composited over an opaque `bottom`.
  static func over(_ top: RGBAColor, _ bottom: RGBAColor) -> RGBAColor {
    let a = min(max(top.alpha, 0), 1)
    return RGBAColor(
      red: top.red * a + bottom.red * (1 - a), green: top.green * a + bottom.green * (1 - a),
      blue: top.blue * a + bottom.blue * (1 - a))
  }

  /// The warnings for a style's parts under `minimum`.
  /// - Parameters:
  ///   - style: the style as drawn (appearance and overrides applied).
  ///   - background: the canvas colour.
  ///   - page: what a translucent canvas is shown over.
  /// - Returns: one warning per part under 3:1, in painting order: arc, thumb's label, labels.
  static func warnings(style: Style, background: RGBAColor, page: RGBAColor) -> [RenderWarning] {
    let look = style.look
    let canvas = over(background, page)
    var found: [RenderWarning] = []
    func check(_ part: String, _ color: RGBAColor, _ behindName: String, _ behind: RGBAColor) {
      let shown = over(color, behind)
      let value = ratio(shown, behind)
      guard value < minimum else { return }
      found.append(.lowContrast(part: part, color: color, behind: behindName, behindColor: behind, ratio: value))
    }
    let disc = look.disc.map { over($0.color, canvas) }
    if let arc = look.arc, arc.width > 0 {
      var behind: (String, RGBAColor) = disc.map { ("the disc", $0) } ?? ("the background", canvas)
      if disc == nil, let track = look.track, track.width >= arc.width {
        behind = ("the track", over(track.color, canvas))
      }
      for color in arc.colors ?? [arc.color] { check("the arc", color, behind.0, behind.1) }
    }
    if let thumb = look.thumb, let label = thumb.label {
      check("the thumb's label", label.color, "the thumb", over(thumb.fill, canvas))
    }
    for label in look.labels ?? [] {
      let name = label.role == .caption ? "the caption" : "the label"
      if let shadow = label.shadow, shadow.color.alpha > 0, shadow.radius > 0 {
        check(name, label.color, "its halo", over(shadow.color, disc ?? canvas))
      } else if look.image == nil {
        check(name, label.color, disc == nil ? "the background" : "the disc", disc ?? canvas)
      }
    }
    return found
  }
}
