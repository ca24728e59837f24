extension ShapeGeometry {
  /// The outline as Bézier sub-paths at one time, drawn as Lottie players draw the primitives:
  /// an ellipse clockwise from its top, a rectangle clockwise from its top-right corner; `nil` for
  /// arcs, sectors and sine regions, which have no such form here.
  /// - Parameter values: the timeline's values at that time.
  public func vectorPath(in values: TrackValues) -> VectorPath? {
    let zero = Point(x: 0, y: 0)
    let k = 0.5519150244935105
    switch self {
    case .ellipse(let center, let radii):
      let c = center.value(in: values)
      let r = radii.value(in: values)
      let vertices = [
        VectorPath.Vertex(
          Point(x: c.x, y: c.y - r.y), inTangent: Point(x: -k * r.x, y: 0), outTangent: Point(x: k * r.x, y: 0)),
        VectorPath.Vertex(
          Point(x: c.x + r.x, y: c.y), inTangent: Point(x: 0, y: -k * r.y), outTangent: Point(x: 0, y: k * r.y)),
        VectorPath.Vertex(
          Point(x: c.x, y: c.y + r.y), inTangent: Point(x: k * r.x, y: 0), outTangent: Point(x: -k * r.x, y: 0)),
        VectorPath.Vertex(
          Point(x: c.x - r.x, y: c.y), inTangent: Point(x: 0, y: k * r.y), outTangent: Point(x: 0, y: -k * r.y)),
      ]
      return VectorPath(contours: [VectorPath.Contour(vertices: vertices, closed: true)])
    case .rectangle(let center, let size, let corner):
      let c = center.value(in: values)
      let s = size.value(in: values)
      let r = Swift.min(Swift.max(corner.value(in: values), 0), Swift.min(s.x, s.y) / 2)
      let (left, right, top, bottom) = (c.x - s.x / 2, c.x + s.x / 2, c.y - s.y / 2, c.y + s.y / 2)
      guard r > 0 else {
        let corners = [
          Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: bottom), Point(x: left, y: top),
        ]
        return VectorPath(contours: [VectorPath.Contour(vertices: corners.map { VectorPath.Vertex($0) }, closed: true)])
      }
      let t = k * r
      let vertices = [
        VectorPath.Vertex(Point(x: right, y: top + r), inTangent: Point(x: 0, y: -t), outTangent: zero),
        VectorPath.Vertex(Point(x: right, y: bottom - r), inTangent: zero, outTangent: Point(x: 0, y: t)),
        VectorPath.Vertex(Point(x: right - r, y: bottom), inTangent: Point(x: t, y: 0), outTangent: zero),
        VectorPath.Vertex(Point(x: left + r, y: bottom), inTangent: zero, outTangent: Point(x: -t, y: 0)),
        VectorPath.Vertex(Point(x: left, y: bottom - r), inTangent: Point(x: 0, y: t), outTangent: zero),
        VectorPath.Vertex(Point(x: left, y: top + r), inTangent: zero, outTangent: Point(x: 0, y: -t)),
        VectorPath.Vertex(Point(x: left + r, y: top), inTangent: Point(x: -t, y: 0), outTangent: zero),
        VectorPath.Vertex(Point(x: right - r, y: top), inTangent: zero, outTangent: Point(x: t, y: 0)),
      ]
      return VectorPath(contours: [VectorPath.Contour(vertices: vertices, closed: true)])
    case .path(let path): return path
    case .morph(let morph): return morph.path(in: values)
    case .trimmed(let trimmed): return trimmed.path(in: values)
    case .modified(let modifier): return modifier.path(in: values)
    case .polystar(let star): return star.path(in: values)
    case .union(let parts):
      var contours: [VectorPath.Contour] = []
      for part in parts {
        guard let path = part.vectorPath(in: values) else { return nil }
        contours += path.contours
      }
      return VectorPath(contours: contours)
    case .arc, .sector, .sineRegion: return nil
    }
  }
}
