import Foundation

/// The region under a sine wave as an SVG draws it: one cubic Bézier a quarter wavelength, whose
/// handles (fitted once: 0.512 rad along the slope at a zero crossing, 0.5685 rad flat at a crest)
/// keep the curve within 0.0073 % of the amplitude of the sine — half the pieces of the Lottie
/// writer's eighths, and each piece after the first an `s` command of four numbers.
enum SVGSinePath {
  /// The handle at a zero crossing, in radians of phase along the slope.
  static let crossingHandle = 0.512
  /// The handle at a crest or trough, in radians of phase.
  static let crestHandle = 0.5685

  /// The most pieces of one region (a wave far wider than any canvas is cut there).
  static let maxPieces = 20_000

  /// The closed region under `y = −amplitude · sin(2π (x − origin) / wavelength)` from `left` to
  /// `right` (widened to whole quarter wavelengths), closed along `y = bottom`.
  /// - Returns: the region as a Lottie Bézier (tangents relative to their vertices).
  /// - Complexity: O((right − left) / wavelength).
  static func region(
    left: Double, right: Double, origin: Double, amplitude: Double, wavelength: Double, bottom: Double
  ) -> LottieBezier {
    let quarter = wavelength / 4
    let k = 2 * Double.pi / wavelength
    // Ends a rounding error past a quarter stay on it.
    var first = ((left - origin) / quarter + 1e-9).rounded(.down)
    var last = ((right - origin) / quarter - 1e-9).rounded(.up)
    if !(first.isFinite && last.isFinite && abs(first) < 1e9 && abs(last) < 1e9) { (first, last) = (0, 4) }
    last = max(first + 1, min(last, first + Double(maxPieces)))
    var path = LottieBezier(c: true, i: [[0, 0]], o: [[0, 0]], v: [[origin + first * quarter, bottom]])
    for index in Int(first)...Int(last) {
      let phase = Double(index) * Double.pi / 2
      let x = origin + Double(index) * quarter
      // Even quarters cross zero (slope −amplitude·cos), odd ones are crests (flat).
      let crossing = index.isMultiple(of: 2)
      let handle = crossing ? [crossingHandle / k, -amplitude * cos(phase) * crossingHandle] : [crestHandle / k, 0]
      path.v.append([x, crossing ? 0 : -amplitude * sin(phase)])
      path.i.append(index > Int(first) ? [-handle[0], -handle[1]] : [0, 0])
      path.o.append(index < Int(last) ? handle : [0, 0])
    }
    path.v.append([origin + last * quarter, bottom])
    path.i.append([0, 0])
    path.o.append([0, 0])
    return path
  }
}
