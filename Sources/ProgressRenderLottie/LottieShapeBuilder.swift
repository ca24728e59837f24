import Foundation
import ProgressRenderCore

/// Turns a shape layer's items (`shapes`, a group's `it`) into composition nodes.
///
/// Lottie's rules: items are listed top first; a fill or stroke paints every outline listed before
/// it in its group and in the groups nested before it; a later style paints under an earlier one;
/// a repeater copies everything before it in its group.
final class LottieShapeBuilder {
  private let reader: LottiePropertyReader
  private let limits: LottieImportLimits
  private var count = 0

  init(reader: LottiePropertyReader, limits: LottieImportLimits) {
    self.reader = reader
    self.limits = limits
  }

  /// One shape item, read.
  private indirect enum Item {
    case geometry(ShapeGeometry)
    case paint(Paint)
    case group(name: String, transform: NodeTransform, opacity: AnimatedNumber, items: [Item])
    case repeated([Item], Repeater)
  }

  /// A fill or stroke.
  private struct Paint {
    var name: String
    var fill: ShapeFill?
    var stroke: ShapeStroke?
    var opacity: AnimatedNumber
    var blendMode: CompositionBlendMode
  }

  /// A repeater's copies.
  private struct Repeater {
    var name: String
    var copies: Int
    /// The number of copies when keyframed (`copies` is then the most it reaches at a key).
    var animatedCopies: NumberExpression?
    var offset: Double
    var anchor: Point
    var position: Point
    var scale: Point
    var rotation: Double
    var startOpacity: Double
    var endOpacity: Double
    var below: Bool
  }

  /// The nodes of a list of shape items, bottom first.
  /// - Parameters:
  ///   - items: the `shapes` array of a layer.
  ///   - time: the layer's time.
  func nodes(_ items: LottieJSONNode, _ time: LottieTimeMap) throws(LottieImportError) -> [CompositionNode] {
    emit(try read(items, time, depth: 0))
  }

  // MARK: Reading

  private func read(_ list: LottieJSONNode, _ time: LottieTimeMap, depth: Int) throws(LottieImportError) -> [Item] {
    guard depth <= limits.maxDepth else {
      throw list.error("shape groups nest more than \(limits.maxDepth) deep; flatten the groups")
    }
    var items: [Item] = []
    for node in try list.elements() {
      count += 1
      guard count <= limits.maxShapes else {
        throw node.error("more than \(limits.maxShapes) shape items; simplify the animation")
      }
      guard node.isObject else { throw node.error("expected a shape object") }
      if node.flag("hd") { continue }
      let type = node.string("ty") ?? ""
      let name = node.string("nm") ?? type
      switch type {
      case "gr":
        var transform = NodeTransform()
        var opacity = AnimatedNumber.constant(1)
        var children: [LottieJSONNode] = []
        for child in try node["it"]?.elements() ?? [] {
          if child.string("ty") == "tr" {
            (transform, opacity, _) = try reader.transform(child, time)
          } else {
            children.append(child)
          }
        }
        let inner = LottieJSONNode(value: children.map(\.value), path: (node["it"]?.path ?? node.path))
        items.append(
          .group(name: name, transform: transform, opacity: opacity, items: try read(inner, time, depth: depth + 1)))
      case "rc":
        let center = try reader.point(node["p"], time, fallback: Point(x: 0, y: 0))
        let size = try reader.point(node["s"], time, fallback: Point(x: 0, y: 0))
        let radius = try reader.number(node["r"], time, fallback: 0)
        items.append(.geometry(try directed(.rectangle(center: center, size: size, cornerRadius: radius), node, name)))
      case "el":
        let center = try reader.point(node["p"], time, fallback: Point(x: 0, y: 0))
        let radii = try reader.point(node["s"], time, fallback: Point(x: 0, y: 0), scale: 0.5)
        items.append(.geometry(try directed(.ellipse(center: center, radii: radii), node, name)))
      case "sh":
        guard let shape = node["ks"] else { throw node.error("the path has no 'ks'") }
        items.append(.geometry(try reader.shape(shape, time)))
      case "sr":
        items.append(try polystar(node, name: name, time))
      case "fl", "st", "gf", "gs":
        items.append(.paint(try paint(node, type: type, name: name, time)))
      case "rp":
        items = [.repeated(items, try repeater(node, name: name, time))]
      case "tm": items = trim(items, try trimmed(node, time))
      case "rd", "op", "pb", "zz": items = modify(items, try modifier(node, type: type, time))
      case "mm": reader.warn("merge paths ('\(name)') are not applied")
      case "tw": reader.warn("twist ('\(name)') is not applied")
      case "tr": break
      default: reader.warn("shape item of type '\(type)' ('\(name)') is not rendered")
      }
    }
    return items
  }

  private func paint(_ node: LottieJSONNode, type: String, name: String, _ time: LottieTimeMap)
    throws(LottieImportError) -> Paint
  {
    let source: PaintSource
    if type == "fl" || type == "st" {
      source = .solid(try reader.color(node["c"], time))
    } else {
      source = try gradient(node, name: name, time)
    }
    let opacity = try reader.number(node["o"], time, fallback: 100, scale: 0.01)
    let blend = reader.blendMode(node, of: name)
    if type == "fl" || type == "gf" {
      let rule: ShapeFill.Rule = (try node["r"]?.number() ?? 1) == 2 ? .evenOdd : .nonZero
      return Paint(name: name, fill: ShapeFill(source, rule: rule), stroke: nil, opacity: opacity, blendMode: blend)
    }
    let width = try reader.number(node["w"], time, fallback: 1)
    let cap: LineCap =
      switch try node["lc"]?.number() ?? 2 {
      case 1: .butt
      case 3: .square
      default: .round
      }
    let join: ShapeStroke.Join =
      switch try node["lj"]?.number() ?? 2 {
      case 1: .miter
      case 3: .bevel
      default: .round
      }
    var miter = 4.0
    if let given = try node["ml"]?.number() {
      miter = given
    } else if let given = try reader.firstValues(node["ml2"], feature: "miter limit")?.first {
      miter = given
    }
    var lengths: [AnimatedNumber] = []
    var offset = AnimatedNumber.constant(0)
    for dash in try node["d"]?.elements() ?? [] {
      let value = try reader.number(dash["v"], time, fallback: 0)
      switch dash.string("n") {
      case "o": offset = value
      default: lengths.append(value)
      }
    }
    var stroke = ShapeStroke(source, width: width, cap: cap, join: join, miterLimit: miter)
    let constants = lengths.compactMap(\.constantValue)
    if constants.count == lengths.count, let constantOffset = offset.constantValue {
      stroke.dashes = constants.allSatisfy { $0 <= 0 } ? [] : constants
      stroke.dashOffset = constantOffset
    } else {
      stroke.animatedDash = StrokeDash(lengths: lengths, offset: offset)
    }
    return Paint(name: name, fill: nil, stroke: stroke, opacity: opacity, blendMode: blend)
  }

  /// A gradient's paint: points, colour stops and opacity stops, each animated as the file has them.
  private func gradient(_ node: LottieJSONNode, name: String, _ time: LottieTimeMap) throws(LottieImportError)
    -> PaintSource
  {
    let start = try reader.point(node["s"], time, fallback: Point(x: 0, y: 0))
    let end = try reader.point(node["e"], time, fallback: Point(x: 0, y: 0))
    let colorCount = max(Int(try node["g"]?.number("p", 0) ?? 0), 0)
    let stops = node["g"]?["k"]
    let length = try stops.map { k throws(LottieImportError) in try reader.valueCount(k) } ?? 0
    guard length >= 4 * colorCount, length <= 4 * limits.maxVertices else {
      throw (stops ?? node).error("\(length) gradient values for \(colorCount) colour stops; give 4 per colour stop")
    }
    let all = try reader.numbers(stops, time, count: length, fallback: [0])
    let kind: GradientPaint.Kind = (try node["t"]?.number() ?? 1) == 2 ? .radial : .linear
    return .gradient(
      GradientPaint(
        kind: kind, start: start, end: end,
        highlightLength: try reader.number(node["h"], time, fallback: 0, scale: 0.01),
        highlightAngle: try reader.number(node["a"], time, fallback: 0, scale: .pi / 180),
        colors: Array(all[..<(4 * colorCount)]), opacities: Array(all[(4 * colorCount)...])))
  }

  private func repeater(_ node: LottieJSONNode, name: String, _ time: LottieTimeMap) throws(LottieImportError)
    -> Repeater
  {
    func first(_ member: LottieJSONNode?, _ feature: String, _ fallback: [Double]) throws(LottieImportError)
      -> [Double]
    {
      let values = try reader.firstValues(member, feature: "repeater \(feature)") ?? fallback
      return values.isEmpty ? fallback : values
    }
    // Keyframed copies: as many groups as the most copies at a key, those past the count hidden.
    let animated = try reader.number(node["c"], time, fallback: 1)
    var copies = animated.constantValue ?? 1
    var expression: NumberExpression?
    if case .expression(let counted) = animated {
      expression = counted
      copies = try mostAtKeys(node["c"]) ?? copies
    }
    guard copies.isFinite, copies <= Double(limits.maxRepeaterCopies) else {
      throw node.error("\(copies) copies, more than \(limits.maxRepeaterCopies); use fewer")
    }
    let tr = node["tr"]
    let anchor = try first(tr?["a"], "anchor", [0, 0])
    let position = try first(tr?["p"], "position", [0, 0])
    let scale = try first(tr?["s"], "scale", [100, 100])
    return Repeater(
      name: name, copies: max(Int(copies.rounded(.up)), 0), animatedCopies: expression,
      offset: try first(node["o"], "offset", [0])[0],
      anchor: Point(x: anchor[0], y: anchor.count > 1 ? anchor[1] : 0),
      position: Point(x: position[0], y: position.count > 1 ? position[1] : 0),
      scale: Point(x: scale[0] / 100, y: (scale.count > 1 ? scale[1] : scale[0]) / 100),
      rotation: try first(tr?["r"], "rotation", [0])[0] * .pi / 180,
      startOpacity: try first(tr?["so"], "start opacity", [100])[0] / 100,
      endOpacity: try first(tr?["eo"], "end opacity", [100])[0] / 100, below: (try node["m"]?.number() ?? 1) == 2)
  }

  /// A star or polygon: a path, or a morph between its keyed outlines when one of its radii or
  /// roundnesses is keyframed (the vertices are linear in each, so blending the keyed outlines with
  /// the key's easing is exact), else, when its point count or several radii and roundnesses are
  /// keyframed, a `Polystar` built at each time; a keyframed position or rotation moves and turns
  /// it as a group's transform does.
  private func polystar(_ node: LottieJSONNode, name: String, _ time: LottieTimeMap) throws(LottieImportError) -> Item {
    let star = (try node["sy"]?.number() ?? 1) == 1
    let outline = (star ? ["or", "ir", "os", "is"] : ["or", "os"]).filter { reader.isAnimated(node[$0]) }
    let moving = reader.isAnimated(node["p"]) || reader.isAnimated(node["r"])
    var placed: Set<String> = moving ? ["p", "r"] : []
    var geometry = ShapeGeometry.path(VectorPath(contours: []))
    if reader.isAnimated(node["pt"]) || outline.count > 1 {
      geometry = .polystar(try animatedPolystar(node, star: star, placed: placed, time))
    } else if outline.count == 1, let keyed = try reader.keyedValues(node[outline[0]], time), keyed.values.count > 1 {
      placed.insert(outline[0])
      var paths: [VectorPath] = []
      for values in keyed.values {
        paths.append(try polystarPath(node, star: star, placed: placed, given: [outline[0]: values]))
      }
      geometry = .morph(PathMorph(paths: paths, progress: keyed.progress))
    } else {
      geometry = .path(try polystarPath(node, star: star, placed: placed, given: [:]))
    }
    guard moving else { return .geometry(geometry) }
    let position = try reader.point(node["p"], time, fallback: Point(x: 0, y: 0))
    let rotation = try reader.number(node["r"], time, fallback: 0, scale: .pi / 180)
    return .group(
      name: name, transform: NodeTransform(position: position, rotation: rotation), opacity: .constant(1),
      items: [.geometry(geometry)])
  }

  /// A star or polygon with every parameter as the file animates it (`p` and `r` at the origin,
  /// unturned, when `placed` holds them); the point count is checked at each of its keys.
  private func animatedPolystar(_ node: LottieJSONNode, star: Bool, placed: Set<String>, _ time: LottieTimeMap)
    throws(LottieImportError) -> Polystar
  {
    func number(_ key: String, _ fallback: Double, scale: Double = 1) throws(LottieImportError) -> AnimatedNumber {
      try reader.number(node[key], time, fallback: fallback, scale: scale)
    }
    let points = try number("pt", 5)
    let keyed = try mostAtKeys(node["pt"])
    let most = points.constantValue ?? keyed ?? 5
    guard most.isFinite, most.rounded(.down) <= Double(limits.maxVertices / 2) else {
      throw node.error("\(most) points; give 1 to \(limits.maxVertices / 2)")
    }
    return Polystar(
      star ? .star : .polygon, points: points,
      center: placed.contains("p") ? .zero : try reader.point(node["p"], time, fallback: Point(x: 0, y: 0)),
      rotation: placed.contains("r") ? .constant(0) : try number("r", 0, scale: .pi / 180),
      outerRadius: try number("or", 0), innerRadius: star ? try number("ir", 0) : .constant(0),
      outerRoundness: try number("os", 0, scale: 0.01),
      innerRoundness: star ? try number("is", 0, scale: 0.01) : .constant(0),
      clockwise: (try node["d"]?.number() ?? 1) != 3)
  }

  /// A star or polygon as a closed path at one time, as `Polystar` builds it.
  /// - Parameters:
  ///   - star: a star (`sy` 1), else a polygon.
  ///   - placed: the properties left out (`p`, `r`: at the origin, unturned) or taken from `given`.
  ///   - given: values of properties at one of their keys; the others are read at their first key.
  private func polystarPath(_ node: LottieJSONNode, star: Bool, placed: Set<String>, given: [String: [Double]])
    throws(LottieImportError) -> VectorPath
  {
    func first(_ key: String, _ fallback: [Double]) throws(LottieImportError) -> [Double] {
      if let values = given[key] { return values.isEmpty ? fallback : values }
      if placed.contains(key) { return fallback }
      let values = try reader.firstValues(node[key], feature: "polystar '\(key)'") ?? fallback
      return values.isEmpty ? fallback : values
    }
    let points = Int(try first("pt", [5])[0].rounded(.down))
    guard points >= 1, points <= limits.maxVertices / 2 else {
      throw node.error("\(points) points; give 1 to \(limits.maxVertices / 2)")
    }
    let center = try first("p", [0, 0])
    func constant(_ key: String, per divisor: Double = 1) throws(LottieImportError) -> AnimatedNumber {
      .constant(try first(key, [0])[0] / divisor)
    }
    let shape = Polystar(
      star ? .star : .polygon, points: .constant(Double(points)),
      center: .constant(center[0], center.count > 1 ? center[1] : 0),
      rotation: .constant(try first("r", [0])[0] * .pi / 180),
      outerRadius: try constant("or"), innerRadius: star ? try constant("ir") : .constant(0),
      outerRoundness: try constant("os", per: 100), innerRoundness: star ? try constant("is", per: 100) : .constant(0),
      clockwise: (try node["d"]?.number() ?? 1) != 3)
    return shape.path(in: TrackValues(time: 0, values: [:]))
  }

  /// A trim's fractions; its outlines are filled in by `trim(_:_:)`.
  private func trimmed(_ node: LottieJSONNode, _ time: LottieTimeMap) throws(LottieImportError) -> TrimmedOutline {
    TrimmedOutline(
      [], start: try reader.number(node["s"], time, fallback: 0, scale: 0.01),
      end: try reader.number(node["e"], time, fallback: 100, scale: 0.01),
      offset: try reader.number(node["o"], time, fallback: 0, scale: 1.0 / 360),
      together: (try node["m"]?.number() ?? 1) == 2)
  }

  /// A path modifier's change; its outlines are filled in by `modify(_:_:)`.
  private func modifier(_ node: LottieJSONNode, type: String, _ time: LottieTimeMap) throws(LottieImportError)
    -> PathModifier.Kind
  {
    switch type {
    case "rd": return .roundCorners(radius: try reader.number(node["r"], time, fallback: 0))
    case "op":
      let join: PathModifier.Join =
        switch try node["lj"]?.number() ?? 1 {
        case 2: .round
        case 3: .bevel
        default: .miter
        }
      return .offset(
        amount: try reader.number(node["a"], time, fallback: 0), join: join,
        miterLimit: try reader.number(node["ml"], time, fallback: 4))
    case "pb": return .puckerBloat(amount: try reader.number(node["a"], time, fallback: 0, scale: 0.01))
    default:
      let point = try reader.firstValues(node["pt"], feature: "zig zag point type")?.first ?? 1
      return .zigZag(
        size: try reader.number(node["s"], time, fallback: 0), ridges: try reader.number(node["r"], time, fallback: 0),
        smooth: point == 2)
    }
  }

  /// The items before a path modifier with each outline changed alone, those of nested groups too.
  private func modify(_ items: [Item], _ kind: PathModifier.Kind) -> [Item] {
    items.map { item in
      switch item {
      case .geometry(let geometry): .geometry(.modified(PathModifier([geometry], kind: kind)))
      case .group(let name, let transform, let opacity, let children):
        .group(name: name, transform: transform, opacity: opacity, items: modify(children, kind))
      case .paint, .repeated: item
      }
    }
  }

  /// The items before a trim with their outlines trimmed: each alone, or those of one group
  /// together (Lottie's "individually"; outlines in nested groups are trimmed per group).
  private func trim(_ items: [Item], _ trim: TrimmedOutline) -> [Item] {
    var out: [Item] = []
    var together: [ShapeGeometry] = []
    for item in items {
      switch item {
      case .geometry(let geometry):
        if trim.together {
          together.append(geometry)
        } else {
          var one = trim
          one.outlines = [geometry]
          out.append(.geometry(.trimmed(one)))
        }
      case .group(let name, let transform, let opacity, let children):
        out.append(.group(name: name, transform: transform, opacity: opacity, items: self.trim(children, trim)))
      case .paint, .repeated: out.append(item)
      }
    }
    if !together.isEmpty {
      var all = trim
      all.outlines = together
      out.insert(.geometry(.trimmed(all)), at: 0)
    }
    return out
  }

  /// A rectangle or ellipse as drawn: the renderer draws both clockwise, Lottie's direction 1; one
  /// drawn counter-clockwise (`"d": 3`, which matters where outlines overlap under the non-zero
  /// rule) becomes a path when it is fixed.
  private func directed(_ geometry: ShapeGeometry, _ node: LottieJSONNode, _ name: String)
    throws(LottieImportError) -> ShapeGeometry
  {
    guard (try node["d"]?.number() ?? 1) == 3 else { return geometry }
    let zero = Point(x: 0, y: 0)
    switch geometry {
    case .ellipse(let center, let radii):
      guard let c = center.constantValue, let r = radii.constantValue else { break }
      let k = 0.5519150244935105
      // Top, left, bottom, right: counter-clockwise on screen.
      let vertices = [
        VectorPath.Vertex(
          Point(x: c.x, y: c.y - r.y), inTangent: Point(x: k * r.x, y: 0), outTangent: Point(x: -k * r.x, y: 0)),
        VectorPath.Vertex(
          Point(x: c.x - r.x, y: c.y), inTangent: Point(x: 0, y: -k * r.y), outTangent: Point(x: 0, y: k * r.y)),
        VectorPath.Vertex(
          Point(x: c.x, y: c.y + r.y), inTangent: Point(x: -k * r.x, y: 0), outTangent: Point(x: k * r.x, y: 0)),
        VectorPath.Vertex(
          Point(x: c.x + r.x, y: c.y), inTangent: Point(x: 0, y: k * r.y), outTangent: Point(x: 0, y: -k * r.y)),
      ]
      return .path(VectorPath(contours: [VectorPath.Contour(vertices: vertices, closed: true)]))
    case .rectangle(let center, let size, let corner):
      guard let c = center.constantValue, let s = size.constantValue, let radius = corner.constantValue else { break }
      let r = min(max(radius, 0), min(s.x, s.y) / 2)
      let (left, right, top, bottom) = (c.x - s.x / 2, c.x + s.x / 2, c.y - s.y / 2, c.y + s.y / 2)
      guard r > 0 else {
        let corners = [
          Point(x: right, y: top), Point(x: left, y: top), Point(x: left, y: bottom), Point(x: right, y: bottom),
        ]
        return .path(
          VectorPath(contours: [VectorPath.Contour(vertices: corners.map { VectorPath.Vertex($0) }, closed: true)]))
      }
      let k = 0.5519150244935105 * r
      // Each corner's two ends, counter-clockwise from the top right.
      let vertices = [
        VectorPath.Vertex(Point(x: right - r, y: top), inTangent: Point(x: k, y: 0), outTangent: zero),
        VectorPath.Vertex(Point(x: left + r, y: top), inTangent: zero, outTangent: Point(x: -k, y: 0)),
        VectorPath.Vertex(Point(x: left, y: top + r), inTangent: Point(x: 0, y: -k), outTangent: zero),
        VectorPath.Vertex(Point(x: left, y: bottom - r), inTangent: zero, outTangent: Point(x: 0, y: k)),
        VectorPath.Vertex(Point(x: left + r, y: bottom), inTangent: Point(x: -k, y: 0), outTangent: zero),
        VectorPath.Vertex(Point(x: right - r, y: bottom), inTangent: zero, outTangent: Point(x: k, y: 0)),
        VectorPath.Vertex(Point(x: right, y: bottom - r), inTangent: Point(x: 0, y: k), outTangent: zero),
        VectorPath.Vertex(Point(x: right, y: top + r), inTangent: zero, outTangent: Point(x: 0, y: -k)),
      ]
      return .path(VectorPath(contours: [VectorPath.Contour(vertices: vertices, closed: true)]))
    default: break
    }
    reader.warn("the counter-clockwise direction of the moving '\(name)' is not applied")
    return geometry
  }

  // MARK: Emitting

  /// The nodes of a group's items, bottom first.
  private func emit(_ items: [Item]) -> [CompositionNode] {
    var nodes: [CompositionNode] = []
    for index in items.indices.reversed() {
      switch items[index] {
      case .geometry: break
      case .paint(let paint):
        nodes += painted(items[..<index], paint)
      case .group(let name, let transform, let opacity, let children):
        nodes.append(
          .group(CompositionGroup(name: name, transform: transform, opacity: opacity, children: emit(children))))
      case .repeated(let inner, let repeater):
        nodes += repeated(inner, repeater)
      }
    }
    return nodes
  }

  /// What one paint draws: the outlines before it, those of nested groups under their transforms.
  private func painted(_ items: ArraySlice<Item>, _ paint: Paint) -> [CompositionNode] {
    var nodes: [CompositionNode] = []
    var outlines: [ShapeGeometry] = []
    for item in items {
      switch item {
      case .geometry(let geometry): outlines.append(geometry)
      case .group(let name, let transform, _, let children):
        let inner = painted(children[...], paint)
        if !inner.isEmpty {
          nodes.append(.group(CompositionGroup(name: name, transform: transform, children: inner)))
        }
      case .paint, .repeated: break
      }
    }
    if !outlines.isEmpty {
      let geometry = outlines.count == 1 ? outlines[0] : .union(outlines)
      nodes.append(
        .shape(
          CompositionShape(
            name: paint.name, geometry: geometry, fill: paint.fill, stroke: paint.stroke, opacity: paint.opacity,
            smoothEdges: false, blendMode: paint.blendMode)))
    }
    return nodes.reversed()
  }

  /// A repeater's copies of the items before it: copy i moved by i times its offset, turned by i
  /// times its rotation and scaled by its scale to the power i, about its anchor.
  private func repeated(_ items: [Item], _ repeater: Repeater) -> [CompositionNode] {
    let content = emit(items)
    var copies: [CompositionNode] = []
    for index in 0..<repeater.copies {
      let i = Double(index) + repeater.offset
      let fraction = repeater.copies > 1 ? Double(index) / Double(repeater.copies - 1) : 0
      let opacity =
        repeater.animatedCopies.map { copyOpacity(index, of: $0, repeater) }
        ?? .constant(repeater.startOpacity + (repeater.endOpacity - repeater.startOpacity) * fraction)
      let a = repeater.anchor
      let transform = NodeTransform(
        anchor: .constant(a.x, a.y),
        position: .constant(a.x + i * repeater.position.x, a.y + i * repeater.position.y),
        scale: .constant(pow(repeater.scale.x, i), pow(repeater.scale.y, i)), rotation: .constant(i * repeater.rotation)
      )
      copies.append(
        .group(
          CompositionGroup(
            name: "\(repeater.name) \(index + 1)", transform: transform, opacity: opacity, children: content)
        ))
    }
    return repeater.below ? copies.reversed() : copies
  }

  /// The largest value at a keyframe of a keyframed property (its `s` and `e` values), `nil` when none.
  private func mostAtKeys(_ property: LottieJSONNode?) throws(LottieImportError) -> Double? {
    var most: Double?
    for key in try property?["k"]?.elements() ?? [] where key.isObject {
      for value in (try key["s"]?.numbers() ?? []) + (try key["e"]?.numbers() ?? []) {
        most = max(most ?? value, value)
      }
    }
    return most
  }

  /// The opacity of copy `index` while the number of copies is `count` (lottie-web's): hidden from
  /// copy ⌈count⌉ on, else the start opacity blended towards the end one by index ÷ (⌈count⌉ − 1).
  private func copyOpacity(_ index: Int, of count: NumberExpression, _ repeater: Repeater) -> AnimatedNumber {
    let shown = NumberExpression.difference(0, .floor(.difference(0, count)))
    let i = NumberExpression.constant(Double(index))
    let visible = NumberExpression.clamped(.difference(shown, i), lower: 0, upper: 1)
    let fraction = NumberExpression.finite(.quotient(i, .difference(shown, 1)), otherwise: 0)
    let (start, end) = (repeater.startOpacity, repeater.endOpacity)
    let blended: NumberExpression =
      start == end ? .constant(start) : .sum(.constant(start), .product(.constant(end - start), fraction))
    return .expression(.product(visible, blended))
  }
}
