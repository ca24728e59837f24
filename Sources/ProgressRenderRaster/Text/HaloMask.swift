/// The coverage of a text's halo, worked out from each pixel's distance to the glyph outlines.
///
/// A halo is the outlines stroked several times with round joins, widest first, each stroke in
/// the halo's colour at an alpha of its own. A pixel whose centre lies `d` pixels from the nearest
/// outline is covered by a stroke reaching `r` pixels past it by `r + ½ − d` (clamped to 0…1,
/// and to `2r` for a stroke narrower than a pixel): a straight edge's exact coverage, the rounded
/// joins of a round-join stroke. The strokes, all of one colour, composite to one coverage,
/// `1 − Π (1 − alpha × coverage)`, so the halo is painted once through it.
///
/// This is one pass over the pixels near the outlines, where stroking is one Cairo stroke per
/// layer: on `upload`'s label at 240 px the halo cost three quarters of a frame's drawing.
struct HaloMask: Equatable {
  /// One stroke of the halo.
  struct Layer: Equatable {
    /// How far the stroke reaches past the outline, in pixels (half its width).
    var reach: Double
    /// Its alpha, 0…1.
    var alpha: Double
  }

  /// A point in pixels, y growing down.
  struct Point: Equatable {
    var x: Double
    var y: Double
  }

  /// The first column of the mask on the canvas.
  let x: Int
  /// The first row of the mask on the canvas.
  let y: Int
  /// Width in pixels (0 when nothing is covered).
  let width: Int
  /// Height in pixels (0 when nothing is covered).
  let height: Int
  /// Coverage per pixel, 0…255, row by row.
  let coverage: [UInt8]

  /// Pixel–segment distances worked out, at most, for the outlines' segments (see `init`).
  /// - Parameters:
  ///   - contours: closed polylines in pixels.
  ///   - reach: the widest layer's reach, in pixels.
  /// - Returns: the sum over segments of the pixels of the segment's box grown by the reach.
  static func work(contours: [[Point]], reach: Double) -> Double {
    let grow = 2 * (max(reach, 0) + 1) + 1
    var total = 0.0
    for contour in contours {
      for (i, a) in contour.enumerated() {
        let b = contour[(i + 1) % contour.count]
        total += (abs(b.x - a.x) + grow) * (abs(b.y - a.y) + grow)
      }
    }
    return total
  }

  /// Works out the halo of closed polylines on a canvas.
  /// - Parameters:
  ///   - contours: the glyph outlines, flattened, in pixels; each closes on its first point.
  ///   - layers: the strokes, in any order.
  ///   - canvasWidth: the canvas's width in pixels; the mask stays inside it.
  ///   - canvasHeight: the canvas's height in pixels.
  /// - Returns: the mask; empty (`width` 0) when no pixel of the canvas is covered or a
  ///   coordinate, reach or alpha is not finite.
  /// - Complexity: O(`work(contours:reach:)`) plus O(pixels of the mask × layers).
  init(contours: [[Point]], layers: [Layer], canvasWidth: Int, canvasHeight: Int) {
    let layers = layers.filter { $0.reach > 0 && $0.alpha > 0 }
    let finite =
      layers.allSatisfy { $0.reach.isFinite && $0.alpha.isFinite }
      && contours.allSatisfy { $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
    let points = contours.joined()
    guard finite, let reach = layers.map(\.reach).max(), let first = points.first else {
      self.init(empty: ())
      return
    }
    // Beyond `reach + ½` from every outline no layer covers a pixel centre.
    let limit = reach + 0.5
    var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
    for p in points {
      (minX, maxX) = (min(minX, p.x), max(maxX, p.x))
      (minY, maxY) = (min(minY, p.y), max(maxY, p.y))
    }
    let x0 = max(0, Int((minX - limit).rounded(.down)))
    let y0 = max(0, Int((minY - limit).rounded(.down)))
    let x1 = min(canvasWidth, Int((maxX + limit).rounded(.up)) + 1)
    let y1 = min(canvasHeight, Int((maxY + limit).rounded(.up)) + 1)
    guard x0 < x1, y0 < y1 else {
      self.init(empty: ())
      return
    }
    let (width, height) = (x1 - x0, y1 - y0)
    // The squared distance from each pixel centre to the nearest segment, capped at `limit²`.
    var nearest = [Double](repeating: limit * limit, count: width * height)
    nearest.withUnsafeMutableBufferPointer { nearest in
      for contour in contours where !contour.isEmpty {
        for (i, a) in contour.enumerated() {
          let b = contour[(i + 1) % contour.count]
          Self.lower(
            &nearest, toDistanceFrom: Point(x: a.x - Double(x0), y: a.y - Double(y0)),
            to: Point(x: b.x - Double(x0), y: b.y - Double(y0)), within: limit, width: width, height: height)
        }
      }
    }
    var coverage = [UInt8](repeating: 0, count: width * height)
    for i in nearest.indices where nearest[i] < limit * limit {
      let d = nearest[i].squareRoot()
      var through = 1.0
      for layer in layers {
        let covered = min(max(min(layer.reach + 0.5 - d, 2 * layer.reach), 0), 1)
        through *= 1 - min(layer.alpha, 1) * covered
      }
      coverage[i] = UInt8(((1 - through) * 255).rounded())
    }
    self.init(x: x0, y: y0, width: width, height: height, coverage: coverage)
  }

  private init(x: Int, y: Int, width: Int, height: Int, coverage: [UInt8]) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.coverage = coverage
  }

  private init(empty: Void) {
    self.init(x: 0, y: 0, width: 0, height: 0, coverage: [])
  }

  /// Appends a cubic Bézier curve's points after `start` (which is not appended), in as many
  /// equal steps of its parameter as keep every chord within `tolerance` of the curve (Wang's
  /// bound: √(¾ × the control points' largest second difference ÷ tolerance), at most 1024).
  /// - Parameters:
  ///   - start: the curve's first point, already in the polyline.
  ///   - c1: first control point.
  ///   - c2: second control point.
  ///   - end: the curve's last point.
  ///   - tolerance: the largest distance between the polyline and the curve, in pixels.
  ///   - points: the polyline appended to.
  static func flatten(
    from start: Point, _ c1: Point, _ c2: Point, to end: Point, tolerance: Double, into points: inout [Point]
  ) {
    func length(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
    let second = max(
      length(start.x - 2 * c1.x + c2.x, start.y - 2 * c1.y + c2.y),
      length(c1.x - 2 * c2.x + end.x, c1.y - 2 * c2.y + end.y))
    let wanted = (0.75 * second / tolerance).squareRoot().rounded(.up)
    let steps = wanted.isFinite ? Int(min(max(wanted, 1), 1024)) : 1
    for k in 1...steps {
      let t = Double(k) / Double(steps)
      let u = 1 - t
      let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
      points.append(
        Point(x: a * start.x + b * c1.x + c * c2.x + d * end.x, y: a * start.y + b * c1.y + c * c2.y + d * end.y))
    }
  }

  /// Lowers each pixel's squared distance to that from its centre to the segment `a`–`b`, for
  /// the pixels of the segment's box grown by `limit` (coordinates relative to the mask).
  private static func lower(
    _ nearest: inout UnsafeMutableBufferPointer<Double>, toDistanceFrom a: Point, to b: Point, within limit: Double,
    width: Int, height: Int
  ) {
    let row0 = max(0, Int((min(a.y, b.y) - limit).rounded(.down)))
    let row1 = min(height, Int((max(a.y, b.y) + limit).rounded(.up)) + 1)
    let column0 = max(0, Int((min(a.x, b.x) - limit).rounded(.down)))
    let column1 = min(width, Int((max(a.x, b.x) + limit).rounded(.up)) + 1)
    guard row0 < row1, column0 < column1 else { return }
    let (ex, ey) = (b.x - a.x, b.y - a.y)
    let length2 = ex * ex + ey * ey
    let inverse = length2 > 0 ? 1 / length2 : 0
    for row in row0..<row1 {
      let py = Double(row) + 0.5 - a.y
      let base = row * width
      for column in column0..<column1 {
        let px = Double(column) + 0.5 - a.x
        let t = min(max((px * ex + py * ey) * inverse, 0), 1)
        let (dx, dy) = (px - t * ex, py - t * ey)
        let d2 = dx * dx + dy * dy
        if d2 < nearest[base + column] { nearest[base + column] = d2 }
      }
    }
  }
}
