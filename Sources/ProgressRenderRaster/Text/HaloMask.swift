import ProgressRenderCore

/// The coverage of a text's halo, worked out from each pixel's distance to the glyph outlines.
///
/// A halo is the outlines stroked several times with round joins, widest first, each stroke in
/// the halo's colour at an alpha of its own. A pixel whose centre lies `d` pixels from the nearest
/// outline is covered by a stroke reaching `r` pixels past it by `r + ½ − d` (clamped to 0…1,
/// and to `2r` for a stroke narrower than a pixel): a straight edge's exact coverage, the rounded
/// joins of a round-join stroke. The strokes, all of one colour, composite to one coverage,
/// `1 − Π (1 − alpha × coverage)`, so the halo is painted once through it.
///
/// Distances come from a `DistanceField`: exact within `band` pixels of an outline, carried
/// outward from there. Stroking was one Cairo stroke per layer: on `upload`'s label at 240 px
/// the halo was three quarters of a frame's drawing.
struct HaloMask: Equatable {
  /// One stroke of the halo.
  struct Layer: Equatable {
    /// How far the stroke reaches past the outline, in pixels (half its width).
    var reach: Double
    /// Its alpha, 0…1.
    var alpha: Double
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

  /// How far from an outline, in pixels, distances are measured against its segments.
  static let band = 1.5

  /// The work of a halo: pixel–segment distances near the outlines, plus ten pixel–point
  /// distances per pixel of the mask.
  /// - Parameters:
  ///   - contours: closed polylines in pixels.
  ///   - reach: the widest layer's reach, in pixels.
  /// - Returns: the count of distances worked out.
  static func work(contours: [[Point]], reach: Double) -> Double {
    let grow = 2 * (band + 1) + 1
    var total = 0.0
    for contour in contours {
      for (i, a) in contour.enumerated() {
        let b = contour[(i + 1) % contour.count]
        total += (abs(b.x - a.x) + grow) * (abs(b.y - a.y) + grow)
      }
    }
    guard let box = bounds(of: contours) else { return total }
    let grown = 2 * (max(reach, 0) + 2)
    return total + 10 * (box.maxX - box.minX + grown) * (box.maxY - box.minY + grown)
  }

  /// The smallest box holding every point of the contours; `nil` when there is none.
  private static func bounds(of contours: [[Point]]) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
    let points = contours.joined()
    guard let first = points.first else { return nil }
    var box = (minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
    for p in points {
      (box.minX, box.maxX) = (min(box.minX, p.x), max(box.maxX, p.x))
      (box.minY, box.maxY) = (min(box.minY, p.y), max(box.maxY, p.y))
    }
    return box
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
    guard finite, let reach = layers.map(\.reach).max(), let box = Self.bounds(of: contours) else {
      self.init(empty: ())
      return
    }
    let (minX, minY, maxX, maxY) = box
    // Beyond `reach + ½` from every outline no layer covers a pixel centre.
    let limit = reach + 0.5
    // The canvas's part of the mask; distances are carried across the whole of it, so that an
    // outline off the canvas still reaches the pixels near it.
    let (x0, y0) = (Int((minX - limit).rounded(.down)), Int((minY - limit).rounded(.down)))
    let (x1, y1) = (Int((maxX + limit).rounded(.up)) + 1, Int((maxY + limit).rounded(.up)) + 1)
    let (cx0, cy0, cx1, cy1) = (max(0, x0), max(0, y0), min(canvasWidth, x1), min(canvasHeight, y1))
    guard cx0 < cx1, cy0 < cy1 else {
      self.init(empty: ())
      return
    }
    let field = DistanceField(contours: contours, x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    var coverage = [UInt8](repeating: 0, count: (cx1 - cx0) * (cy1 - cy0))
    let squaredLimit = limit * limit
    var i = 0
    for row in cy0..<cy1 {
      for column in cx0..<cx1 {
        defer { i += 1 }
        let squared = field.squaredDistance(column - x0, row - y0)
        guard squared < squaredLimit else { continue }
        let d = squared.squareRoot()
        var through = 1.0
        for layer in layers {
          let covered = min(max(min(layer.reach + 0.5 - d, 2 * layer.reach), 0), 1)
          through *= 1 - min(layer.alpha, 1) * covered
        }
        coverage[i] = UInt8(((1 - through) * 255).rounded())
      }
    }
    self.init(x: cx0, y: cy0, width: cx1 - cx0, height: cy1 - cy0, coverage: coverage)
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
    for k in 1...steps { points.append(Bezier.point((start, c1, c2, end), at: Double(k) / Double(steps))) }
  }
}
