import Foundation
import ProgressRenderCore

/// Evaluates, into the composition's animated values, the expressions that After Effects' "Create
/// Nulls From Paths" panel writes to make layers follow a path: Trace Path's
/// `pathLayer.toComp(pathToTrace.pointOnPath(progress))` with its progress slider, a layer placed on
/// a path's vertex (`barLayer.toComp(barPath[1])`), another layer's effect value
/// (`thisComp.layer('traceNull').effect('Trace Path')('Progress')`) and the vector arithmetic
/// between them (`sub`, `sum`, `add`, `mul`, `div`).
///
/// The evaluation is symbolic, not per frame: it reads `var` statements and one `$bm_rt`
/// assignment, member chains, calls and indexes, and keeps each value as what the composition can
/// animate — a number or point of expressions over the tracks, or a point moving along a path.
/// Paths and layers it reads geometry from must not move (no keys, no expression, no 3D): a layer's
/// `toComp` is then a fixed affine map. Anything else makes the whole expression not evaluated
/// (`nil`), and the importer warns as it does for any expression.
struct LottieRigEvaluator {
  /// What an expression's sub-expression stands for.
  enum Value {
    /// A number.
    case number(AnimatedNumber)
    /// A point.
    case point(AnimatedPoint)
    /// A string literal (a call's argument).
    case string(String)
    /// `thisComp`.
    case composition
    /// A layer.
    case layer(LottieJSONNode)
    /// A list of shape items: a layer's contents or a group's.
    case items(LottieJSONNode)
    /// One shape item.
    case item(LottieJSONNode)
    /// A layer's transform (`ks`).
    case transform(LottieJSONNode)
    /// An effect of a layer, whose controls are called by name.
    case effect(LottieJSONNode)
    /// A path property (a path item's `ks`).
    case path(LottieJSONNode)
    /// A fixed path's vertices.
    case points([Point])
    /// `Math`.
    case math
    /// A point at each frame of `frames` (what a path that moves gives).
    case pointSamples([Point])
    /// A number at each frame of `frames`.
    case numberSamples([Double])
  }

  /// An affine map `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
  struct Affine: Equatable {
    var a = 1.0
    var b = 0.0
    var c = 0.0
    var d = 1.0
    var tx = 0.0
    var ty = 0.0

    /// The map with these coefficients (the identity by default).
    init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, tx: Double = 0, ty: Double = 0) {
      (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// Lottie's transform without skew: minus the anchor, scale, rotation (radians, clockwise on
    /// screen), plus the position.
    init(anchor: Point, position: Point, scale: Point, rotation: Double) {
      let (cosine, sine) = (cos(rotation), sin(rotation))
      (a, b, c, d) = (cosine * scale.x, sine * scale.x, -sine * scale.y, cosine * scale.y)
      (tx, ty) = (0, 0)
      let moved = apply(anchor)
      (tx, ty) = (position.x - moved.x, position.y - moved.y)
    }

    /// This map after `inner`: a point goes through `inner` first.
    func after(_ inner: Affine) -> Affine {
      Affine(
        a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b, c: a * inner.c + c * inner.d,
        d: b * inner.c + d * inner.d, tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }

    /// Where a point goes.
    func apply(_ p: Point) -> Point { Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty) }
  }

  /// Reads the properties the expression names.
  let reader: LottiePropertyReader
  /// The time map of the composition the layers are in.
  let time: LottieTimeMap
  /// The layer whose property the expression is.
  let thisLayer: LottieJSONNode
  /// The layers of its composition.
  let layers: [LottieJSONNode]
  /// How deep parents are followed.
  let maxDepth: Int
  private var variables: [String: Value] = [:]
  /// The frames of the composition that sampled values hold one value each for: those
  /// `thisLayer` shows (at most `maxKeyframes`), or none.
  var frames: [Double] {
    guard let first = try? thisLayer.number("ip", 0), let last = try? thisLayer.number("op", first),
      first.isFinite, last.isFinite, last > first
    else { return [] }
    let start = first.rounded(.down)
    let count = Int(Swift.min(last.rounded(.up) - start, Double(reader.limits.maxKeyframes - 1))) + 1
    return (0..<count).map { start + Double($0) }
  }
  /// How many calls' arguments are being read one inside another.
  private var nesting = 0
  /// The deepest nesting read: the rigs nest three or four calls; a hostile file's thousand
  /// parentheses do not reach the stack's end.
  static let maxNesting = 32

  /// Creates an evaluator for an expression of a property of `thisLayer`.
  init(
    reader: LottiePropertyReader, time: LottieTimeMap, thisLayer: LottieJSONNode, layers: [LottieJSONNode],
    maxDepth: Int
  ) {
    self.reader = reader
    self.time = time
    self.thisLayer = thisLayer
    self.layers = layers
    self.maxDepth = maxDepth
  }

  /// The value of an expression's source.
  /// - Parameter source: the property's `x`.
  /// - Returns: the value `$bm_rt` gets, or `nil` when the expression is not one this evaluates.
  /// - Throws: when reading a property the expression names fails (a broken file).
  /// - Complexity: O(tokens), at most `LottieExpression.maxLength` bytes.
  mutating func value(of source: String) throws(LottieImportError) -> Value? {
    guard source.utf8.count <= LottieExpression.maxLength, let tokens = LottieExpression.tokens(source) else {
      return nil
    }
    var rest = tokens[...]
    var result: Value?
    while let first = rest.first {
      if first == .symbol(";") {
        rest = rest.dropFirst()
      } else if first == .word("var") || (rest.count > 1 && rest.dropFirst().first == .symbol("=")) {
        // `var a, b = expression, c;` or `a = expression;`.
        if first == .word("var") { rest = rest.dropFirst() }
        while true {
          guard case .word(let name) = rest.first, name != "var" else { return nil }
          rest = rest.dropFirst()
          if rest.first == .symbol("=") {
            rest = rest.dropFirst()
            guard let value = try expression(&rest) else { return nil }
            if name == "$bm_rt" { result = value } else { variables[name] = value }
          }
          guard rest.first == .symbol(",") else { break }
          rest = rest.dropFirst()
        }
        guard rest.isEmpty || rest.first == .symbol(";") else { return nil }
      } else {
        return nil
      }
    }
    return try result.map(animated)
  }

  /// A value, its samples made tracks: linear from frame to frame, so that each whole frame
  /// shows exactly the sampled value.
  private func animated(_ value: Value) throws(LottieImportError) -> Value {
    func track(_ samples: [Double]) throws(LottieImportError) -> AnimatedNumber {
      try reader.count(extraKeys: samples.count, at: thisLayer)
      return reader.track(zip(frames, samples).map { TrackKeyframe(time: time.seconds($0), value: $1) })
    }
    switch value {
    case .pointSamples(let points):
      return .point(.separate(x: try track(points.map(\.x)), y: try track(points.map(\.y))))
    case .numberSamples(let numbers): return .number(try track(numbers))
    default: return value
    }
  }

  /// The timeline's values at each of `frames` (frames of this composition), for sampling.
  func sampleValues(at frames: [Double]) -> [TrackValues] {
    let timeline = Timeline(tracks: reader.tracks)
    return frames.map { frame in
      let seconds = time.seconds(frame)
      return TrackValues(time: seconds, values: timeline.values(at: seconds))
    }
  }

  // MARK: Parsing

  private typealias Tokens = ArraySlice<LottieExpression.Token>

  /// `primary ( . word | ( arguments ) | [ expression ] )*`.
  private mutating func expression(_ rest: inout Tokens) throws(LottieImportError) -> Value? {
    guard var value = try primary(&rest) else { return nil }
    while let next = rest.first {
      if next == .symbol("."), case .word(let name) = rest.dropFirst().first {
        rest = rest.dropFirst(2)
        if rest.first == .symbol("(") {
          guard let arguments = try self.arguments(&rest), let called = try method(name, of: value, arguments) else {
            return nil
          }
          value = called
        } else {
          guard let member = try member(name, of: value) else { return nil }
          value = member
        }
      } else if next == .symbol("(") {
        guard let arguments = try self.arguments(&rest), let called = try call(value, arguments) else { return nil }
        value = called
      } else if next == .symbol("[") {
        rest = rest.dropFirst()
        guard case .number(let index)? = rest.first, rest.dropFirst().first == .symbol("]"),
          let at = Int(exactly: index)
        else { return nil }
        rest = rest.dropFirst(2)
        switch value {
        case .points(let points) where points.indices.contains(at):
          value = .point(.constant(points[at].x, points[at].y))
        case .pointSamples(let points) where at == 0 || at == 1:
          value = .numberSamples(points.map { at == 0 ? $0.x : $0.y })
        case .point(.separate(let x, let y)) where at == 0 || at == 1: value = .number(at == 0 ? x : y)
        default: return nil
        }
      } else {
        break
      }
    }
    return value
  }

  /// A literal, a variable, `thisComp`, `thisLayer`, or a function call.
  private mutating func primary(_ rest: inout Tokens) throws(LottieImportError) -> Value? {
    guard let first = rest.first else { return nil }
    rest = rest.dropFirst()
    switch first {
    case .number(let value): return .number(.constant(value))
    case .string(let text): return .string(text)
    case .symbol("-"):
      guard case .number(let value)? = rest.first else { return nil }
      rest = rest.dropFirst()
      return .number(.constant(-value))
    case .word("thisComp"): return .composition
    case .word("Math"): return .math
    case .word("radiansToDegrees"):
      guard let arguments = try self.arguments(&rest), arguments.count == 1 else { return nil }
      switch arguments[0] {
      case .numberSamples(let angles): return .numberSamples(angles.map { $0 * 180 / Double.pi })
      case .number(let angle): return .number(.expression(.product(angle.asExpression, .constant(180 / Double.pi))))
      default: return nil
      }
    case .word("thisLayer"): return .layer(thisLayer)
    case .word(let name) where ["div", "sub", "sum", "add", "mul"].contains(name):
      guard let arguments = try self.arguments(&rest), arguments.count == 2 else { return nil }
      return Self.arithmetic(name, arguments[0], arguments[1])
    case .word(let name) where ["effect", "content"].contains(name):
      guard let arguments = try self.arguments(&rest) else { return nil }
      return try method(name, of: .layer(thisLayer), arguments)
    case .word(let name): return variables[name]
    default: return nil
    }
  }

  /// `( expression , … )`.
  private mutating func arguments(_ rest: inout Tokens) throws(LottieImportError) -> [Value]? {
    guard rest.first == .symbol("("), nesting < Self.maxNesting else { return nil }
    rest = rest.dropFirst()
    nesting += 1
    defer { nesting -= 1 }
    var values: [Value] = []
    if rest.first == .symbol(")") {
      rest = rest.dropFirst()
      return values
    }
    while true {
      guard let value = try expression(&rest) else { return nil }
      values.append(value)
      guard let next = rest.first else { return nil }
      rest = rest.dropFirst()
      if next == .symbol(")") { return values }
      guard next == .symbol(",") else { return nil }
    }
  }

  // MARK: Members and calls

  /// `value.name`.
  private func member(_ name: String, of value: Value) throws(LottieImportError) -> Value? {
    switch (value, name) {
    case (.layer(let layer), "transform"): return layer["ks"].map(Value.transform)
    case (.layer(let layer), "position"), (.transform(let layer), "position"):
      let transform = value.isLayer ? layer["ks"] : layer
      return .point(try reader.point(transform?["p"], time, fallback: Point(x: 0, y: 0)))
    case (.item(let item), "path") where item.string("ty") == "sh": return item["ks"].map(Value.path)
    case (.item(let item), let key) where item.string("ty") == "tm":
      guard let member = ["start": "s", "end": "e", "offset": "o"][key], let property = item[member] else { return nil }
      return .number(try reader.number(property, time, fallback: 0))
    default: return nil
    }
  }

  /// `value.name(arguments)`.
  private func method(_ name: String, of value: Value, _ arguments: [Value]) throws(LottieImportError) -> Value? {
    switch (value, name, arguments.first) {
    case (.composition, "layer", .string(let layerName)?):
      return layers.first { $0.string("nm") == layerName }.map(Value.layer)
    case (.layer(let layer), "effect", .string(let effectName)?):
      return Self.named(layer["ef"], effectName).map(Value.effect)
    case (.layer(let layer), "content", .string(let itemName)?):
      return Self.named(layer["shapes"], itemName).map(Value.item)
    case (.item(let item), "content", .string(let itemName)?) where item.string("ty") == "gr":
      return Self.named(item["it"], itemName).map(Value.item)
    case (.path(let path), "points", nil):
      return try fixedPath(path).map { .points($0.contours.first?.vertices.map(\.point) ?? []) }
    case (.path(let path), "pointOnPath", .number(let progress)?) where arguments.count == 1:
      if let fixed = try fixedPath(path) { return Self.point(on: fixed, at: progress).map(Value.point) }
      return try sampledAlong(path, progress, tangent: false)
    case (.path(let path), "tangentOnPath", .number(let progress)?) where arguments.count == 1:
      return try sampledAlong(path, progress, tangent: true)
    case (.layer(let layer), "toComp", .point(let point)?) where arguments.count == 1:
      return try placement(of: layer, depth: 0).flatMap { Self.mapped(point, $0) }.map(Value.point)
    case (.layer(let layer), "toComp", .pointSamples(let points)?) where arguments.count == 1:
      return try placement(of: layer, depth: 0).map { map in .pointSamples(points.map(map.apply)) }
    case (.math, "atan2", .numberSamples(let ys)?) where arguments.count == 2:
      guard case .numberSamples(let xs) = arguments[1], xs.count == ys.count else { return nil }
      return .numberSamples(zip(ys, xs).map { atan2($0, $1) })
    default: return nil
    }
  }

  /// `value(arguments)`: a layer's property groups by match name, an item by index or name, an
  /// effect's control.
  private func call(_ value: Value, _ arguments: [Value]) throws(LottieImportError) -> Value? {
    guard arguments.count == 1 else { return nil }
    switch (value, arguments[0]) {
    case (.layer(let layer), .string("ADBE Root Vectors Group")): return layer["shapes"].map(Value.items)
    case (.layer(let layer), .string("ADBE Transform Group")): return layer["ks"].map(Value.transform)
    case (.items(let items), .number(let index)):
      guard let all = try? items.elements(), let k = index.constantValue, let at = Int(exactly: k),
        all.indices.contains(at - 1)
      else {
        return nil
      }
      return .item(all[at - 1])
    case (.items(let items), .string(let itemName)): return Self.named(items, itemName).map(Value.item)
    case (.item(let item), .string("ADBE Vectors Group")) where item.string("ty") == "gr":
      return item["it"].map(Value.items)
    case (.item(let item), .string("ADBE Vector Shape")) where item.string("ty") == "sh":
      return item["ks"].map(Value.path)
    case (.effect(let effect), .string(let controlName)):
      guard let control = Self.named(effect["ef"], controlName), let property = control["v"] else { return nil }
      return .number(try reader.number(property, time, fallback: 0))
    default: return nil
    }
  }

  /// The point (or unit tangent) at `progress` along a path that moves — one whose vertices follow
  /// nulls — at each of `frames`; `nil` for any other path.
  private func sampledAlong(_ path: LottieJSONNode, _ progress: AnimatedNumber, tangent: Bool)
    throws(LottieImportError) -> Value?
  {
    guard let text = path.string("x"), let names = Self.followedNulls(text), let (layer, list) = reader.layer(of: path)
    else { return nil }
    let owner = LottieRigEvaluator(reader: reader, time: time, thisLayer: layer, layers: list, maxDepth: maxDepth)
    let grid = frames
    guard let morph = try owner.followingNulls(path, names: names, frames: grid) else { return nil }
    var out: [Point] = []
    for values in sampleValues(at: grid) {
      let shape = morph.path(in: values)
      let u = progress.value(in: values)
      guard let along = Self.point(on: shape, at: .constant(u.isFinite ? u : 0)) else { return nil }
      if tangent {
        var angle = along.direction(in: values) ?? 0
        if case .separate = along, let vertices = shape.contours.first?.vertices, vertices.count > 1 {
          angle = atan2(vertices[1].point.y - vertices[0].point.y, vertices[1].point.x - vertices[0].point.x)
        }
        out.append(Point(x: cos(angle), y: sin(angle)))
      } else {
        out.append(along.value(in: values))
      }
    }
    return .pointSamples(out)
  }

  /// The item of a list named `name` (After Effects' name, else its match name).
  private static func named(_ list: LottieJSONNode?, _ name: String) -> LottieJSONNode? {
    guard let items = try? list?.elements() else { return nil }
    return items.first { $0.string("nm") == name } ?? items.first { $0.string("mn") == name }
  }

  // MARK: Geometry

  /// A path property that never changes (no keys, no expression), as a path.
  private func fixedPath(_ property: LottieJSONNode) throws(LottieImportError) -> VectorPath? {
    guard property["x"] == nil, !reader.isAnimated(property), let shape = property["k"] else { return nil }
    return try reader.path(shape)
  }

  /// Where a layer puts its points in its composition: its transform after its parents', when
  /// none of them moves; `nil` otherwise.
  func placement(of layer: LottieJSONNode, depth: Int) throws(LottieImportError) -> Affine? {
    guard depth < maxDepth, let ks = layer["ks"] else { return depth < maxDepth ? Affine() : nil }
    for key in ["rx", "ry", "or"] where ks[key] != nil { return nil }
    var values: [String: [Double]] = [:]
    for (key, fallback) in [("a", [0.0, 0]), ("p", [0, 0]), ("s", [100, 100]), ("r", [0]), ("sk", [0])] {
      guard let property = ks[key] ?? (key == "r" ? ks["rz"] : nil) else {
        values[key] = fallback
        continue
      }
      guard property["x"] == nil, !reader.isAnimated(property), !property.flag("s"),
        let numbers = try? property["k"]?.numbers(), numbers.count >= fallback.count
      else { return nil }
      values[key] = numbers
    }
    guard let a = values["a"], let p = values["p"], let s = values["s"], let r = values["r"], values["sk"] == [0]
    else { return nil }
    let own = Affine(
      anchor: Point(x: a[0], y: a[1]), position: Point(x: p[0], y: p[1]), scale: Point(x: s[0] / 100, y: s[1] / 100),
      rotation: r[0] * Double.pi / 180)
    guard let parent = try layer["parent"]?.number() else { return own }
    guard let next = layers.first(where: { (try? $0["ind"]?.number()) == parent }),
      let outer = try placement(of: next, depth: depth + 1)
    else { return nil }
    return outer.after(own)
  }

  /// The point at `progress` (0…1 of the length) along a path's first contour, as lottie-web's
  /// `pointOnPath` finds it: clamped to the ends; a straight single segment as x and y moving
  /// linearly, else a point along the path whose count through the segments is a sum of ramps.
  static func point(on path: VectorPath, at progress: AnimatedNumber) -> AnimatedPoint? {
    guard var contour = path.contours.first, let first = contour.vertices.first else { return nil }
    if contour.closed { contour.vertices.append(VectorPath.Vertex(first.point, inTangent: first.inTangent)) }
    let segments = contour.vertices.count - 1
    guard segments > 0 else { return .constant(first.point.x, first.point.y) }
    let u = NumberExpression.clamped(progress.asExpression, lower: 0, upper: 1)
    let a = contour.vertices[0]
    let b = contour.vertices[1]
    if segments == 1, a.outTangent == Point(x: 0, y: 0), b.inTangent == Point(x: 0, y: 0) {
      func along(_ from: Double, _ to: Double) -> AnimatedNumber {
        .expression(.sum(.constant(from), .product(.constant(to - from), u)))
      }
      return .separate(x: along(a.point.x, b.point.x), y: along(a.point.y, b.point.y))
    }
    let lengths = (0..<segments).map { Self.length(contour.vertices[$0], contour.vertices[$0 + 1]) }
    let total = lengths.reduce(0, +)
    guard total > 0 else { return .constant(first.point.x, first.point.y) }
    var count: NumberExpression = .constant(0)
    var before = 0.0
    for length in lengths {
      let ramp = NumberExpression.quotient(
        .difference(.product(u, .constant(total)), .constant(before)), .constant(Swift.max(length, 1e-9)))
      count = .sum(count, .clamped(ramp, lower: 0, upper: 1))
      before += length
    }
    return .along(
      VectorPath(contours: [VectorPath.Contour(vertices: contour.vertices, closed: false)]),
      progress: .expression(count))
  }

  /// A segment's arc length by 64 chords.
  private static func length(_ from: VectorPath.Vertex, _ to: VectorPath.Vertex) -> Double {
    let out = Point(x: from.point.x + from.outTangent.x, y: from.point.y + from.outTangent.y)
    let into = Point(x: to.point.x + to.inTangent.x, y: to.point.y + to.inTangent.y)
    return PathMeasure.Segment(from.point, out, into, to.point, samples: 64).length
  }

  /// A point under a fixed affine map.
  private static func mapped(_ point: AnimatedPoint, _ map: Affine) -> AnimatedPoint? {
    switch point {
    case .separate(let x, let y):
      func combine(_ kx: Double, _ ky: Double, _ k: Double) -> AnimatedNumber {
        if let cx = x.constantValue, let cy = y.constantValue { return .constant(kx * cx + ky * cy + k) }
        return .expression(
          .sum(.sum(.product(.constant(kx), x.asExpression), .product(.constant(ky), y.asExpression)), .constant(k)))
      }
      return .separate(x: combine(map.a, map.c, map.tx), y: combine(map.b, map.d, map.ty))
    case .along(let path, let progress):
      let contours = path.contours.map { contour in
        VectorPath.Contour(
          vertices: contour.vertices.map { vertex in
            let p = map.apply(vertex.point)
            let out = map.apply(Point(x: vertex.point.x + vertex.outTangent.x, y: vertex.point.y + vertex.outTangent.y))
            let inner = map.apply(Point(x: vertex.point.x + vertex.inTangent.x, y: vertex.point.y + vertex.inTangent.y))
            return VectorPath.Vertex(
              p, inTangent: Point(x: inner.x - p.x, y: inner.y - p.y), outTangent: Point(x: out.x - p.x, y: out.y - p.y)
            )
          }, closed: contour.closed)
      }
      return .along(VectorPath(contours: contours), progress: progress)
    }
  }

  /// `div`, `sub`, `sum`/`add` and `mul` of numbers, or of points (x and y each) with points or numbers.
  private static func arithmetic(_ name: String, _ left: Value, _ right: Value) -> Value? {
    func combine(_ a: AnimatedNumber, _ b: AnimatedNumber) -> AnimatedNumber {
      if let x = a.constantValue, let y = b.constantValue {
        switch name {
        case "div": return .constant(x / y)
        case "sub": return .constant(x - y)
        case "mul": return .constant(x * y)
        default: return .constant(x + y)
        }
      }
      let (x, y) = (a.asExpression, b.asExpression)
      switch name {
      case "div": return .expression(.quotient(x, y))
      case "sub": return .expression(.difference(x, y))
      case "mul": return .expression(.product(x, y))
      default: return .expression(.sum(x, y))
      }
    }
    switch (left, right) {
    case (.number(let a), .number(let b)): return .number(combine(a, b))
    case (.point(.separate(let ax, let ay)), .point(.separate(let bx, let by))) where name != "div" && name != "mul":
      return .point(.separate(x: combine(ax, bx), y: combine(ay, by)))
    case (.point(.separate(let x, let y)), .number(let k)) where name == "div" || name == "mul":
      return .point(.separate(x: combine(x, k), y: combine(y, k)))
    default: return nil
    }
  }
}

extension LottieRigEvaluator.Value {
  fileprivate var isLayer: Bool {
    if case .layer = self { return true }
    return false
  }
}
