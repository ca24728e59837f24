import Foundation
import ProgressRenderCore
import ProgressRenderRaster

extension LottieExporter {
  /// Pieces of a ring whose colour fades (`tailColor`): Lottie has no conic gradient.
  static let ringPieces = 72

  /// The wave's layers, bottom first: the ring, the inner fill, then each wave under a circular mask.
  func waveLayers(_ wave: Wave) -> [LottieLayer] {
    var layers: [LottieLayer] = []
    if let ring = waveRingShape(wave.ring) { layers.append(shapeLayer("wave ring", [ring])) }
    let c = geometry.center
    let inner = geometry.innerRadius
    guard inner > 0 else { return layers }
    if let fill = wave.fill {
      layers.append(
        shapeLayer(
          "wave fill", [.group("fill", [.ellipse(x: c, y: c, width: 2 * inner, height: 2 * inner), .fill(fill)])]))
    }
    let mask = LottieMask(
      nm: "inner circle", path: LottiePaths.circle(centerX: c, centerY: c, radius: inner, start: 0, clockwise: true))
    for (index, wave) in wave.layers.enumerated() {
      var layer = shapeLayer("wave \(index + 1)", [waterShape(wave)])
      layer.hasMask = true
      layer.masksProperties = [mask]
      layers.append(layer)
    }
    return layers
  }

  /// The ring: an arc with its gap centred on 12 o'clock, turned by `rotation` (in degrees, clockwise).
  private func waveRingShape(_ ring: WaveRing) -> LottieShape? {
    guard ring.width > 0 else { return nil }
    let c = geometry.center
    let r = geometry.ringRadius
    let gap = min(max(ring.gap, 0), 360) * .pi / 180
    guard gap > 0 else {
      return .group(
        "ring", [.ellipse(x: c, y: c, width: 2 * r, height: 2 * r), .stroke(ring.color, width: ring.width, cap: .butt)])
    }
    let capAngle = r > 0 ? min(ring.width / 2 / r, .pi) : 0
    let tail = -Double.pi / 2 + gap / 2 + capAngle
    let head = -Double.pi / 2 + 2 * .pi - gap / 2 - capAngle
    guard head > tail else { return nil }
    let turn = channel(.rotation, period: 360, affine: { $0 * Self.degrees }) { value in
      (value.isFinite ? value : 0).truncatingRemainder(dividingBy: 2 * .pi) * Self.degrees
    }
    var items: [LottieShape]
    if let tailColor = ring.tailColor {
      // Pieces in the gradient's colour at their middle, butt-ended; round ends as discs.
      let gradient = ConicGradient(centerX: c, centerY: c, start: tail, end: head, from: tailColor, to: ring.color)
      let step = (head - tail) / Double(Self.ringPieces)
      items = []
      for (angle, color) in [(head, ring.color), (tail, tailColor)] {
        let (x, y) = (c + r * cos(angle), c + r * sin(angle))
        items.append(.group("end", [.ellipse(x: x, y: y, width: ring.width, height: ring.width), .fill(color)]))
      }
      for index in (0..<Self.ringPieces).reversed() {
        let from = tail + step * Double(index)
        let color = gradient.color(atAngle: from + step / 2) ?? ring.color
        let piece = LottiePaths.arc(centerX: c, centerY: c, radius: r, from: from, to: from + step)
        items.append(
          .group("piece \(index + 1)", [.path(.path(piece)), .stroke(color, width: ring.width, cap: .butt)]))
      }
    } else {
      let arc = LottiePaths.arc(centerX: c, centerY: c, radius: r, from: tail, to: head)
      items = [.path(.path(arc)), .stroke(ring.color, width: ring.width, cap: .round)]
    }
    return .group("ring", items, transform: .transform(anchor: [c, c], position: [c, c], rotation: turn.property()))
  }

  /// One wave: a still sine region moved sideways by the phase (inner group) and up by the level
  /// (outer group), so that both keep their tracks' keys.
  private func waterShape(_ layer: WaveLayer) -> LottieShape {
    let c = geometry.center
    let inner = geometry.innerRadius
    let amplitude = max(0, layer.amplitude) * 2 * inner
    let wavelength = max(layer.wavelength, 0.01) * 2 * inner
    let k = 2 * Double.pi / wavelength
    let offset = layer.offset ?? 0
    let shift = channel(.phase, period: wavelength, affine: { -($0 * layer.speed + offset) / k }) { value in
      let phase = (value.isFinite ? value : 0).truncatingRemainder(dividingBy: 2 * .pi)
      return -(phase * layer.speed + offset) / k
    }
    let span = 2 * inner + 2 * amplitude
    let rise = channel(.level, affine: { c + inner + amplitude - $0 * span }) { value in
      c + inner + amplitude - (value.isNaN ? 0 : min(max(value, 0), 1)) * span
    }
    let left = c - inner - 1
    let right = c + inner + 1
    let shifts = shift.keys.map(\.value)
    let path = LottiePaths.sineRegion(
      left: left - (shifts.max() ?? 0) - wavelength, right: right - (shifts.min() ?? 0) + wavelength, origin: left,
      amplitude: amplitude, wavelength: wavelength, bottom: right + 1 - (rise.keys.map(\.value).min() ?? c))
    let moved = LottieShape.group(
      "phase", [.path(.path(path)), .fill(layer.color)], transform: .translation(shift.property { [$0, 0] }))
    return .group("level", [moved], transform: .translation(rise.property { [0, $0] }))
  }
}
