import Foundation
import ProgressRenderCore

/// The indeterminate spinners' parts: the arc's cycling colour, the spokes and the dots.
///
/// - arc colour: with `colors`, the `colorSource` track's value v shows `colors[⌊v⌋ mod n]` blended
///   towards the next colour by v's fraction (one layer of each fading over the other, as CSS opacity).
/// - spokes: `count` round-capped strokes from `inner` × the ring radius to the ring radius, the
///   brightest at 12 o'clock turned clockwise by `rotation` in whole steps of `2π / count` (a step
///   is reached when the rotation reaches it); each spoke behind the brightest is dimmer by an equal
///   step, down to `minOpacity` for the one just ahead of it.
/// - dots: a row centred on the canvas, `spacing` apart, each scaled and faded by its track's value
///   (0 rests at `minScale`, `minOpacity`; 1 is full); a row wider than the canvas is shrunk to fit.
extension Painter {
  /// The colour an arc is drawn in for a scene.
  package static func arcColor(_ arc: Arc, _ scene: TrackValues) -> RGBAColor {
    guard let colors = arc.colors, !colors.isEmpty, let use = TrackUse.color(arc) else { return arc.color }
    let value = finite(value(use, in: scene), else: 0)
    let whole = value.rounded(.down)
    let count = Double(colors.count)
    let index = Int(whole - (whole / count).rounded(.down) * count) % colors.count
    let from = colors[index]
    let to = colors[(index + 1) % colors.count]
    let f = min(max(value - whole, 0), 1)
    return RGBAColor(
      red: from.red + (to.red - from.red) * f, green: from.green + (to.green - from.green) * f,
      blue: from.blue + (to.blue - from.blue) * f, alpha: from.alpha + (to.alpha - from.alpha) * f)
  }

  /// The index of the brightest spoke for a rotation, 0 at 12 o'clock, counting clockwise.
  /// - Parameters:
  ///   - rotation: radians; non-finite counts as 0.
  ///   - count: spokes (≥ 1).
  static func brightestSpoke(rotation: Double, count: Int) -> Int {
    guard rotation.isFinite, count > 0 else { return 0 }
    let steps = (rotation / (2 * .pi) * Double(count) + 1e-6).rounded(.down)
    let n = Double(count)
    return Int(steps - (steps / n).rounded(.down) * n) % count
  }

  /// The opacity (0…1, of the colour's) of each spoke in a scene, clockwise from 12 o'clock.
  package static func spokeOpacities(_ spokes: Spokes, _ scene: TrackValues) -> [Double] {
    let count = min(max(spokes.count, 1), 64)
    let lead = brightestSpoke(rotation: value(TrackUse.rotation(of: "spokes"), in: scene), count: count)
    let dimmest = clamped(spokes.minOpacity ?? 0.25)
    return (0..<count).map { index in
      let behind = ((lead - index) % count + count) % count
      return 1 - (1 - dimmest) * Double(behind) / Double(max(count - 1, 1))
    }
  }

  /// The row of dots laid out on a look: a full dot's radius and each dot's centre x (y is the centre).
  package static func dotRow(_ dots: Dots, geometry: LookGeometry) -> (radius: Double, centers: [Double]) {
    let count = dots.sources.count
    let room = geometry.size / geometry.maxScale
    let span = max(0, dots.spacing) * Double(max(count - 1, 0)) + max(0, dots.diameter)
    let fit = span > room && span > 0 ? room / span : 1
    let spacing = max(0, dots.spacing) * fit
    let centers = (0..<count).map { geometry.center + (Double($0) - Double(count - 1) / 2) * spacing }
    return (max(0, dots.diameter) * fit / 2, centers)
  }

  func paintSpokes(_ spokes: Spokes, _ scene: TrackValues) {
    let count = min(max(spokes.count, 1), 64)
    let c = geometry.center
    let outer = geometry.ringRadius
    let inner = outer * Self.clamped(spokes.inner)
    let width = max(0, spokes.width)
    guard width > 0 else { return }
    let opacities = Self.spokeOpacities(spokes, scene)
    for (index, opacity) in opacities.enumerated() {
      let angle = -Double.pi / 2 + Double(index) * 2 * .pi / Double(count)
      canvas.layer(spokes.color.withAlpha(spokes.color.alpha * opacity)) {
        canvas.move(to: c + inner * cos(angle), c + inner * sin(angle))
        canvas.line(to: c + outer * cos(angle), c + outer * sin(angle))
        canvas.setLineWidth(width)
        canvas.setLineCap(LineCap.round)
        canvas.stroke()
      }
    }
  }

  func paintDots(_ dots: Dots, _ scene: TrackValues) {
    let count = dots.sources.count
    guard count > 0 else { return }
    let c = geometry.center
    let (radius, centers) = Self.dotRow(dots, geometry: geometry)
    let smallest = Self.clamped(dots.minScale ?? 1)
    let faintest = Self.clamped(dots.minOpacity ?? 1)
    for (index, use) in TrackUse.dots(dots).enumerated() {
      let pulse = Self.clamped(Self.value(use, in: scene))
      let r = radius * (smallest + (1 - smallest) * pulse)
      let opacity = faintest + (1 - faintest) * pulse
      let x = centers[index]
      guard r > 0 else { continue }
      let bounds = CairoCanvas.Rect(x: x - r - 1, y: c - r - 1, width: 2 * r + 2, height: 2 * r + 2)
      canvas.layer(dots.color.withAlpha(dots.color.alpha * opacity), within: bounds) {
        canvas.circle(centerX: x, centerY: c, radius: r)
        canvas.fill()
      }
    }
  }
}
