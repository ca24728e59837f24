extension VectorPath {
  /// The path with every corner of its closed contours turned into a tiny tangent-continuous curve:
  /// the outline moves by at most `size`, and a stroke along it has no corner left to join, so any
  /// line join — a miter too — draws what a round join draws.
  ///
  /// lottie-web's canvas renderer strokes text with miter joins (limit 4) whatever the file says,
  /// while its SVG renderer and Cairo join them round; glyphs filleted this way stroke alike in all.
  /// A corner is where the curve's direction turns by more than about 2°. Open contours are kept.
  /// - Parameter size: how far from each corner the fillet starts, along both segments (at most a
  ///   quarter of either segment's parameter).
  /// - Returns: the filleted path.
  /// - Complexity: O(vertices).
  package func filleted(size: Double) -> VectorPath {
    VectorPath(contours: contours.map { $0.closed && $0.vertices.count > 1 ? Self.filleted($0, size: size) : $0 })
  }

  /// One cubic piece: its four control points.
  private typealias Cubic = (Point, Point, Point, Point)

  private static func filleted(_ contour: Contour, size: Double) -> Contour {
    let vertices = contour.vertices
    let count = vertices.count
    let cubics: [Cubic] = (0..<count).map { index in
      let (a, b) = (vertices[index], vertices[(index + 1) % count])
      return (a.point, a.point + a.outTangent, b.point + b.inTangent, b.point)
    }
    // A corner at vertex k: the direction the piece before it arrives in against the one after it leaves in.
    let corners = (0..<count).map { index -> Bool in
      guard let arriving = arrival(cubics[(index + count - 1) % count]), let leaving = departure(cubics[index]) else {
        return false
      }
      return arriving.x * leaving.x + arriving.y * leaving.y < 0.9994
    }
    guard corners.contains(true), size > 0, size.isFinite else { return contour }
    // Each piece, cut short at a corner on either end.
    let pieces = (0..<count).map { index -> Cubic in
      var piece = cubics[index]
      let length = approximateLength(piece)
      guard length > 0 else { return piece }
      if corners[(index + 1) % count] { piece = split(piece, at: max(1 - size / length, 0.75)).0 }
      if corners[index] {
        // The start cut is taken on the original parameter scale: renormalised to the shortened piece.
        let end = corners[(index + 1) % count] ? max(1 - size / length, 0.75) : 1
        piece = split(piece, at: min(size / length, 0.25) / end).1
      }
      return piece
    }
    // The pieces, with a fillet from each piece's end to the next one's start at a corner.
    var joined: [Cubic] = []
    for index in 0..<count {
      joined.append(pieces[index])
      let next = (index + 1) % count
      guard corners[next] else { continue }
      let (from, to) = (pieces[index].3, pieces[next].0)
      let arriving = arrival(pieces[index]) ?? Point(x: 0, y: 0)
      let leaving = departure(pieces[next]) ?? Point(x: 0, y: 0)
      let reach = 0.55 * max(from.distance(to: to), size / 2)
      joined.append((from, from + arriving * reach, to - leaving * reach, to))
    }
    let made = joined.indices.map { index in
      let previous = joined[(index + joined.count - 1) % joined.count]
      let piece = joined[index]
      return Vertex(piece.0, inTangent: previous.2 - previous.3, outTangent: piece.1 - piece.0)
    }
    return Contour(vertices: made, closed: true)
  }

  /// The unit direction a piece leaves its start in, or `nil` when it is a point.
  private static func departure(_ c: Cubic) -> Point? {
    (c.1 - c.0).unit ?? (c.2 - c.0).unit ?? (c.3 - c.0).unit
  }

  /// The unit direction a piece arrives at its end in, or `nil` when it is a point.
  private static func arrival(_ c: Cubic) -> Point? {
    (c.3 - c.2).unit ?? (c.3 - c.1).unit ?? (c.3 - c.0).unit
  }

  /// Between the chord and the control polygon: within a few percent of the arc length.
  private static func approximateLength(_ c: Cubic) -> Double {
    let polygon = (c.1 - c.0).length + (c.2 - c.1).length + (c.3 - c.2).length
    return ((c.3 - c.0).length + polygon) / 2
  }

  /// A cubic split at parameter `t` (de Casteljau).
  private static func split(_ c: Cubic, at t: Double) -> (Cubic, Cubic) {
    func mix(_ a: Point, _ b: Point) -> Point { a + (b - a) * t }
    let (ab, bc, cd) = (mix(c.0, c.1), mix(c.1, c.2), mix(c.2, c.3))
    let (abc, bcd) = (mix(ab, bc), mix(bc, cd))
    let middle = mix(abc, bcd)
    return ((c.0, ab, abc, middle), (middle, bcd, cd, c.3))
  }
}
