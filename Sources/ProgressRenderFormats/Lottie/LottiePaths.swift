import Foundation

/// The Bézier paths an export draws: circles starting at a given angle, arcs, and the region under
/// a sine wave. Angles are radians clockwise from 3 o'clock (y down), as the painter's.
enum LottiePaths {
  /// The longest piece, in the file's units, of a circle a stroke follows (`strokedCircle`).
  ///
  /// Chromium's stroker (lottie-web's SVG and canvas renderers) shades the edges of a stroke along
  /// a quarter-turn Bézier visibly off the true circle: a 200 px ring of radius 90 is 1.04 % of its
  /// pixels off Cairo's arc as four pieces, 0.44 % as 48 and 0.19 % as 128 (`scripts/ring-edges`).
  static let strokedPieceLength = 12.0

  /// A closed circle starting at `start` and running clockwise (or counter-clockwise), so that a
  /// trim from 0 grows from `start` in that direction.
  /// - Parameter pieces: the Bézier pieces, four (quarters) or more; `strokedPieces(radius:)` for a
  ///   circle a stroke follows.
  /// - Complexity: O(pieces).
  static func circle(
    centerX: Double, centerY: Double, radius: Double, start: Double, clockwise: Bool, pieces: Int = 4
  ) -> LottieBezier {
    var path = arc(
      centerX: centerX, centerY: centerY, radius: radius, from: start,
      to: start + (clockwise ? 2 : -2) * .pi, pieces: pieces)
    path.v.removeLast()
    path.o.removeLast()
    let lastIn = path.i.removeLast()
    path.i[0] = lastIn
    path.c = true
    return path
  }

  /// The pieces of a circle of `radius` that a stroke follows: a multiple of four, each piece at most
  /// `strokedPieceLength` long, at most 128.
  static func strokedPieces(radius: Double) -> Int {
    let length = 2 * Double.pi * abs(radius)
    guard length.isFinite else { return 4 }
    return 4 * max(1, min(32, Int((length / strokedPieceLength / 4).rounded(.up))))
  }

  /// An open arc from `start` to `end` (signed: `end < start` runs counter-clockwise), in pieces of
  /// at most a quarter turn, or in `pieces` equal pieces when given.
  static func arc(
    centerX: Double, centerY: Double, radius: Double, from start: Double, to end: Double, pieces: Int? = nil
  ) -> LottieBezier {
    let span = end - start
    let count = max(1, pieces ?? Int((abs(span) / (.pi / 2) - 1e-9).rounded(.up)))
    let step = span / Double(count)
    let handle = 4.0 / 3.0 * tan(step / 4) * radius
    var path = LottieBezier(c: false, i: [], o: [], v: [])
    for index in 0...count {
      let angle = start + step * Double(index)
      let (sine, cosine) = (sin(angle), cos(angle))
      path.v.append(clean([centerX + radius * cosine, centerY + radius * sine]))
      path.o.append(clean(index < count ? [-sine * handle, cosine * handle] : [0, 0]))
      path.i.append(clean(index > 0 ? [sine * handle, -cosine * handle] : [0, 0]))
    }
    return path
  }

  /// The closed region under `y = −amplitude · sin(2π (x − origin) / wavelength)` from `left` to
  /// `right`, closed along `y = bottom`: Hermite pieces of an eighth of a wavelength.
  /// - Complexity: O((right − left) / wavelength).
  static func sineRegion(
    left: Double, right: Double, origin: Double, amplitude: Double, wavelength: Double, bottom: Double
  ) -> LottieBezier {
    let k = 2 * Double.pi / wavelength
    let step = wavelength / 8
    // A wave far wider than any canvas (an extreme speed or phase) is cut at `maxPieces`.
    var first = ((left - origin) / step).rounded(.down)
    var last = ((right - origin) / step).rounded(.up)
    if !(first.isFinite && last.isFinite && abs(first) < 1e9 && abs(last) < 1e9) { (first, last) = (0, 8) }
    last = max(first + 1, min(last, first + Double(maxPieces)))
    var path = LottieBezier(c: true, i: [], o: [], v: [])
    path.v.append(clean([origin + first * step, bottom]))
    path.i.append([0, 0])
    path.o.append([0, 0])
    for index in Int(first)...Int(last) {
      let x = origin + Double(index) * step
      let y = -amplitude * sin(k * (x - origin))
      let slope = -amplitude * k * cos(k * (x - origin))
      path.v.append(clean([x, y]))
      path.i.append(clean(Double(index) > first ? [-step / 3, -slope * step / 3] : [0, 0]))
      path.o.append(clean(Double(index) < last ? [step / 3, slope * step / 3] : [0, 0]))
    }
    path.v.append(clean([origin + last * step, bottom]))
    path.i.append([0, 0])
    path.o.append([0, 0])
    return path
  }

  /// The most Bézier pieces of one sine region.
  static let maxPieces = 20_000

  private static func clean(_ point: [Double]) -> [Double] { point.map(LottieNumber.clean) }
}
