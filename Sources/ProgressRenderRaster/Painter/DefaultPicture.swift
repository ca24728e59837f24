import ProgressRenderCore

/// The built-in picture the `upload` look shows when no image file is given: a landscape
/// at dusk (sky, sun, clouds and three rows of hills), drawn as vectors so it is sharp and
/// identical at any size and scale.
package enum DefaultPicture {
  private static let skyTop = RGBAColor(r: 0x3a, g: 0x7b, b: 0xd5)
  private static let skyHorizon = RGBAColor(r: 0xf6, g: 0xd3, b: 0x65)
  private static let sun = RGBAColor(r: 0xff, g: 0xf4, b: 0xd6)
  private static let cloud = RGBAColor(white: 1, alpha: 0.85)
  private static let hills: [(color: RGBAColor, level: Double, amplitude: Double, wavelength: Double, phase: Double)] =
    [
      (RGBAColor(r: 0x8f, g: 0xb9, b: 0x8b), 0.60, 0.050, 0.95, 0.8),
      (RGBAColor(r: 0x5a, g: 0x9a, b: 0x5c), 0.70, 0.060, 1.30, 2.6),
      (RGBAColor(r: 0x2f, g: 0x6b, b: 0x3f), 0.82, 0.055, 0.80, 4.1),
    ]

  /// Paints the picture into the square with top-left (`x`, `y`) and edge `side`.
  package static func paint(on canvas: CairoCanvas, x: Double, y: Double, side: Double) {
    canvas.withState {
      canvas.newPath()
      canvas.move(to: x, y)
      canvas.line(to: x + side, y)
      canvas.line(to: x + side, y + side)
      canvas.line(to: x, y + side)
      canvas.closePath()
      canvas.clip()
      canvas.setLinearGradient(x0: x, y0: y, x1: x, y1: y + side * 0.7, stops: [(0, skyTop), (1, skyHorizon)])
      canvas.paint()
      // The sun and its glow.
      let sunX = x + side * 0.66
      let sunY = y + side * 0.36
      canvas.setRadialGradient(
        centerX: sunX, centerY: sunY, from: side * 0.08, to: side * 0.30,
        stops: [(0, sun.withAlpha(0.55)), (1, sun.withAlpha(0))])
      canvas.paint()
      canvas.setColor(sun)
      canvas.circle(centerX: sunX, centerY: sunY, radius: side * 0.085)
      canvas.fill()
      // Two clouds, each three overlapping circles on a flat base.
      for (cx, cy, r) in [(0.26, 0.24, 0.055), (0.78, 0.16, 0.04)] {
        let px = x + side * cx
        let py = y + side * cy
        let pr = side * r
        canvas.circle(centerX: px - pr, centerY: py + pr * 0.3, radius: pr * 0.75)
        canvas.circle(centerX: px, centerY: py, radius: pr)
        canvas.circle(centerX: px + pr * 1.05, centerY: py + pr * 0.35, radius: pr * 0.65)
        canvas.setColor(cloud)
        canvas.fill()
      }
      for hill in hills {
        canvas.sineWaveRegion(
          left: x, right: x + side, baseline: y + side * hill.level, amplitude: side * hill.amplitude,
          wavelength: side * hill.wavelength, phase: hill.phase, bottom: y + side)
        canvas.setColor(hill.color)
        canvas.fill()
      }
    }
  }

  /// The picture as composition nodes in the square with top-left (`x`, `y`) and edge `side`:
  /// painted with Cairo's own edges (a picture, not flat art), in the order `paint` paints it.
  static func nodes(x: Double, y: Double, side: Double) -> [CompositionNode] {
    let square = ShapeGeometry.rectangle(
      center: .constant(x + side / 2, y + side / 2), size: .constant(side, side), cornerRadius: .constant(0))
    func shape(_ name: String, _ geometry: ShapeGeometry, _ paint: PaintSource) -> CompositionNode {
      .shape(CompositionShape(name: name, geometry: geometry, fill: ShapeFill(paint), smoothEdges: true))
    }
    let sunX = x + side * 0.66
    let sunY = y + side * 0.36
    var nodes = [
      shape(
        "sky", square,
        .linearGradient(
          from: Point(x: x, y: y), to: Point(x: x, y: y + side * 0.7),
          stops: [GradientStop(0, skyTop), GradientStop(1, skyHorizon)])),
      shape(
        "glow", square,
        .radialGradient(
          center: Point(x: sunX, y: sunY), from: side * 0.08, to: side * 0.30,
          stops: [GradientStop(0, sun.withAlpha(0.55)), GradientStop(1, sun.withAlpha(0))])),
      shape("sun", .circle(x: sunX, y: sunY, radius: side * 0.085), .color(sun)),
    ]
    for (index, (cx, cy, r)) in [(0.26, 0.24, 0.055), (0.78, 0.16, 0.04)].enumerated() {
      let px = x + side * cx
      let py = y + side * cy
      let pr = side * r
      nodes.append(
        shape(
          "cloud \(index + 1)",
          .union([
            .circle(x: px - pr, y: py + pr * 0.3, radius: pr * 0.75), .circle(x: px, y: py, radius: pr),
            .circle(x: px + pr * 1.05, y: py + pr * 0.35, radius: pr * 0.65),
          ]), .color(cloud)))
    }
    for (index, hill) in hills.enumerated() {
      nodes.append(
        shape(
          "hill \(index + 1)",
          .sineRegion(
            SineRegion(
              left: x, right: x + side, bottom: y + side, baseline: .constant(y + side * hill.level),
              amplitude: side * hill.amplitude, wavelength: side * hill.wavelength, phase: .constant(hill.phase))),
          .color(hill.color)))
    }
    return nodes
  }
}
