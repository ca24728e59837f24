import Foundation
import ProgressRenderCore
import ProgressRenderSupport

/// Turns Lottie's animatable properties (`{"a": 1, "k": [keyframes]}`) into the composition's
/// animated values: each animated dimension becomes one timeline track whose keys keep the file's
/// per-dimension Bézier easing and holds; spatial tangents become a point moving along a path;
/// animated shapes become a `PathMorph`. Collects the tracks and counts keyframes against the limits.
final class LottiePropertyReader {
  /// The tracks made so far.
  private(set) var tracks: [Track] = []
  /// What could not be rendered, one line each.
  var warnings: [String] = []
  /// The layer being read, for warnings.
  var layer = ""
  let limits: LottieImportLimits
  private var keyframeCount = 0
  /// Features already warned about, per layer, so each is said once.
  private var warned: Set<String> = []
  /// Each composition's layers by the JSON path of their list (`layers`, `assets[2].layers`), for
  /// expressions that name a layer or reach into their own.
  var layerLists: [String: [LottieJSONNode]] = [:]
  /// The file's frame rate: expressions count seconds as frames ÷ this.
  var frameRate = 60.0
  /// How many path-rig expressions are being evaluated one inside another (bounded, so that
  /// expressions that read each other end).
  var rigDepth = 0

  init(limits: LottieImportLimits) { self.limits = limits }

  /// Says once per layer that a feature is not rendered.
  func warn(_ feature: String) {
    let line = "layer '\(layer)': \(feature)"
    if warned.insert(line).inserted { warnings.append(line) }
  }

  /// A new track from keys in root seconds, shifted so that no key time is negative (the timeline
  /// clamps times before 0).
  func track(_ keys: [TrackKeyframe<Double>]) -> AnimatedNumber {
    let begin = min(keys.first?.time ?? 0, 0)
    return .expression(.track(add(keys, from: begin, timing: begin < 0 ? Timing(begin: begin) : nil)))
  }

  /// Adds a track of keys in root seconds moved `from` seconds earlier, with a timing.
  /// - Returns: the track's name.
  func add(_ keys: [TrackKeyframe<Double>], from start: Double = 0, timing: Timing?) -> String {
    let name = "lottie.\(tracks.count)"
    let shifted = keys.map { key in
      TrackKeyframe(time: key.time - start, value: key.value, easing: key.easing, hold: key.hold)
    }
    tracks.append(Track(name: name, keyframes: shifted, timing: timing))
    return name
  }

  /// Counts keys that the import makes beyond the file's against the file's limit.
  func count(extraKeys: Int, at node: LottieJSONNode) throws(LottieImportError) {
    keyframeCount += extraKeys
    guard keyframeCount <= limits.maxTotalKeyframes else {
      throw node.error("more than \(limits.maxTotalKeyframes) keyframes in the file; simplify the animation")
    }
  }

  // MARK: Keyframes

  /// One keyframe as the file holds it.
  private struct Key {
    var frame: Double
    var values: [Double]
    var outX: [Double]
    var outY: [Double]
    var inX: [Double]
    var inY: [Double]
    var hold: Bool
    var outTangent: [Double]
    var inTangent: [Double]
    var node: LottieJSONNode
  }

  /// Whether a property is animated (keyframes in `k`).
  private func keyframes(of property: LottieJSONNode) throws(LottieImportError) -> [LottieJSONNode]? {
    guard let k = property["k"] else { throw property.error("the property has no value 'k'") }
    let animated = property.flag("a")
    guard let array = k.value as? [Any], let first = array.first, first is [String: Any],
      (first as? [String: Any])?["t"] != nil || animated
    else { return nil }
    let keys = try k.elements()
    guard keys.count <= limits.maxKeyframes else {
      throw k.error("\(keys.count) keyframes, more than \(limits.maxKeyframes); simplify the animation")
    }
    keyframeCount += keys.count
    guard keyframeCount <= limits.maxTotalKeyframes else {
      throw k.error("more than \(limits.maxTotalKeyframes) keyframes in the file; simplify the animation")
    }
    return keys
  }

  private func readKeys(_ nodes: [LottieJSONNode], values: (LottieJSONNode) throws(LottieImportError) -> [Double])
    throws(LottieImportError) -> [Key]
  {
    var keys: [Key] = []
    var previousEnd: [Double]?
    for node in nodes {
      guard node.isObject else { throw node.error("expected a keyframe object") }
      let frame = try node["t"]?.number() ?? 0
      if let last = keys.last, frame < last.frame {
        throw node.error("keyframe at frame \(frame) comes before the one at \(last.frame); sort the keys by time")
      }
      var value: [Double]
      if let s = node["s"] {
        value = try values(s)
      } else if let end = previousEnd {
        value = end
      } else {
        throw node.error("the keyframe has no value 's'")
      }
      previousEnd = try node["e"].map { e throws(LottieImportError) in try values(e) }
      func handle(_ name: String, _ axis: String) throws(LottieImportError) -> [Double] {
        try node[name]?[axis]?.numbers() ?? []
      }
      keys.append(
        Key(
          frame: frame, values: value, outX: try handle("o", "x"), outY: try handle("o", "y"),
          inX: try handle("i", "x"), inY: try handle("i", "y"), hold: node.flag("h"),
          outTangent: try node["to"]?.numbers() ?? [], inTangent: try node["ti"]?.numbers() ?? [], node: node))
    }
    return keys
  }

  private static func pick(_ values: [Double], _ dimension: Int, _ fallback: Double) -> Double {
    values.isEmpty ? fallback : values[min(dimension, values.count - 1)]
  }

  /// The easing from a key to the next, for one dimension.
  private static func easing(_ key: Key, _ dimension: Int) -> Easing? {
    guard !key.outX.isEmpty || !key.inX.isEmpty else { return nil }
    let x1 = pick(key.outX, dimension, 0)
    let y1 = pick(key.outY, dimension, 0)
    let x2 = pick(key.inX, dimension, 1)
    let y2 = pick(key.inY, dimension, 1)
    if x1 == y1, x2 == y2 { return nil }
    return .cubicBezier(
      min(max(x1, 0), 1), min(max(y1, -100), 100), min(max(x2, 0), 1), min(max(y2, -100), 100))
  }

  // MARK: Values

  /// The dimensions of a property: each a constant or a track. Values are multiplied by `scale`
  /// (0.01 for percentages, π/180 for degrees).
  /// - Parameters:
  ///   - property: the property object, or `nil` for `fallback`.
  ///   - count: how many dimensions are read (missing ones take `fallback`'s).
  func numbers(_ property: LottieJSONNode?, _ time: LottieTimeMap, count: Int, fallback: [Double], scale: Double = 1)
    throws(LottieImportError) -> [AnimatedNumber]
  {
    func padded(_ values: [Double]) -> [Double] {
      (0..<count).map { $0 < values.count ? values[$0] : fallback[min($0, fallback.count - 1)] }
    }
    guard let property = resolved(property) else { return fallback.prefix(count).map { .constant($0 * scale) } }
    if count == 1, case .number(let value)? = try rigValue(of: property, time) {
      return [scale == 1 ? value : .expression(.product(value.asExpression, .constant(scale)))]
    }
    let expression = self.expression(of: property) { expression in
      switch expression {
      case .loop: true
      case .clamp: count == 1
      case .overshoot(let overshoot): !overshoot.swings || operands(of: overshoot, on: property) != nil
      case .reference: false
      }
    }
    // `clamp(value, a, b)` limits the value in the file's units.
    var range: (lower: Double, upper: Double)?
    if case .clamp(let lower, let upper) = expression {
      range = (min(lower * scale, upper * scale), max(lower * scale, upper * scale))
    }
    func constant(_ value: Double) -> AnimatedNumber {
      .constant(range.map { NumberExpression.clamp(value, $0.lower, $0.upper) } ?? value)
    }
    guard let nodes = try keyframes(of: property) else {
      let values = padded(try property["k"]?.numbers() ?? fallback)
      return values.map { constant($0 * scale) }
    }
    let keys = try readKeys(nodes) { node throws(LottieImportError) in try node.numbers() }
    guard keys.count > 1 else { return padded(keys.first?.values ?? fallback).map { constant($0 * scale) } }
    var out: [AnimatedNumber] = []
    for dimension in 0..<count {
      let values = keys.map { padded($0.values)[dimension] * scale }
      if values.allSatisfy({ $0 == values[0] }) {
        out.append(constant(values[0]))
        continue
      }
      let keyframes = keys.enumerated().map { index, key in
        TrackKeyframe(
          time: time.seconds(key.frame), value: values[index], easing: key.hold ? nil : Self.easing(key, dimension),
          hold: key.hold ? true : nil)
      }
      switch expression {
      case .loop(let loop):
        out.append(try looped(keyframes, loop, frame: time.scale, dimensions: count, node: property))
      case .clamp:
        let value = track(keyframes)
        guard case .expression(let plain) = value, let range else {
          out.append(value)
          continue
        }
        out.append(.expression(.clamped(plain, lower: range.lower, upper: range.upper)))
      case .overshoot(let overshoot):
        let framed = KeyframeTrack(
          keyframes: keys.enumerated().map { index, key in
            TrackKeyframe(
              time: key.frame, value: values[index], easing: keyframes[index].easing, hold: key.hold ? true : nil)
          })
        out.append(
          try swung(
            track(keyframes), keyFrames: keys.map(\.frame), value: { framed.value(atCyclePosition: $0) ?? 0 },
            overshoot, on: property, time))
      case .reference, nil:
        out.append(track(keyframes))
      }
    }
    return out
  }

  /// A one-dimensional property.
  func number(_ property: LottieJSONNode?, _ time: LottieTimeMap, fallback: Double, scale: Double = 1)
    throws(LottieImportError) -> AnimatedNumber
  {
    try numbers(property, time, count: 1, fallback: [fallback], scale: scale)[0]
  }

  /// A two-dimensional property (the third dimension of a 3D value is dropped); position may be
  /// split into `x` and `y` (`"s": true`) or move along spatial tangents (`to`, `ti`).
  func point(_ property: LottieJSONNode?, _ time: LottieTimeMap, fallback: Point, scale: Double = 1)
    throws(LottieImportError) -> AnimatedPoint
  {
    let property = resolved(property)
    if let property, scale == 1, case .point(let value)? = try rigValue(of: property, time) { return value }
    if let property, property.flag("s") {
      let x = try number(property["x"], time, fallback: fallback.x, scale: scale)
      let y = try number(property["y"], time, fallback: fallback.y, scale: scale)
      return .separate(x: x, y: y)
    }
    if let property, let nodes = try keyframes(of: property) {
      let keys = try readKeys(nodes) { node throws(LottieImportError) in try node.numbers() }
      let spatial = keys.dropLast().contains { key in
        !key.hold && (key.outTangent.contains { $0 != 0 } || key.inTangent.contains { $0 != 0 })
      }
      // An expression evaluates dimension by dimension: a straight motion is the same as its x and y.
      if spatial, keys.count > 1, property["x"] == nil || !Self.isStraight(keys) {
        let expression = self.expression(of: property) { expression in
          guard case .overshoot(let overshoot) = expression else { return Self.repeatsKeys(expression) }
          return !overshoot.swings || operands(of: overshoot, on: property) != nil
        }
        if case .overshoot(let overshoot) = expression, overshoot.swings {
          return try sampled(keys, time, scale: scale, overshoot, property)
        }
        return try along(keys, time, scale: scale, loop: expression?.loop)
      }
      // Read again as plain numbers.
      keyframeCount -= nodes.count
    }
    let values = try numbers(property, time, count: 2, fallback: [fallback.x, fallback.y], scale: scale)
    return .separate(x: values[0], y: values[1])
  }

  /// Whether each moving segment of a spatial motion runs straight from key to key, its tangents'
  /// handles on the segment between them: then the point moves as its x and y would, eased alike.
  private static func isStraight(_ keys: [Key]) -> Bool {
    zip(keys, keys.dropFirst()).allSatisfy { from, to in
      if from.hold { return true }
      let start = Point(x: pick(from.values, 0, 0), y: pick(from.values, 1, 0))
      let d = Point(x: pick(to.values, 0, 0) - start.x, y: pick(to.values, 1, 0) - start.y)
      let length = d.x * d.x + d.y * d.y
      return [from.outTangent, from.inTangent].enumerated().allSatisfy { index, tangent in
        // The out handle from the start; the in handle from the end, as an offset from the start.
        let c = Point(
          x: pick(tangent, 0, 0) + (index == 0 ? 0 : d.x), y: pick(tangent, 1, 0) + (index == 0 ? 0 : d.y))
        let cross = d.x * c.y - d.y * c.x
        let dot = d.x * c.x + d.y * c.y
        let size = (c.x * c.x + c.y * c.y).squareRoot()
        return abs(cross) <= 1e-6 * length.squareRoot() * size && dot >= -1e-9 * length && dot <= length * (1 + 1e-9)
      }
    }
  }

  /// A point moving along a curved path under the overshoot template: x and y sampled every half
  /// frame from the first key to the last (at most `maxKeyframes` samples, else the motion without
  /// the swing), each then swinging as `swung` makes it.
  private func sampled(
    _ keys: [Key], _ time: LottieTimeMap, scale: Double, _ overshoot: LottieOvershoot, _ property: LottieJSONNode
  ) throws(LottieImportError) -> AnimatedPoint {
    let (path, counted) = Self.pathAndCount(keys, scale: scale, time: nil)
    let progress = KeyframeTrack(keyframes: counted)
    let none = TrackValues(time: 0, values: [:])
    func position(_ frame: Double) -> Point {
      AnimatedPoint.along(path, progress: .constant(progress.value(atCyclePosition: frame) ?? 0)).value(in: none)
    }
    guard let first = keys.first?.frame, let last = keys.last?.frame,
      (last - first) * 2 + Double(keys.count) < Double(limits.maxKeyframes)
    else { return try along(keys, time, scale: scale, loop: nil) }
    var frames = keys.map(\.frame)
    var frame = (first * 2).rounded(.down) / 2 + 0.5
    while frame < last {
      frames.append(frame)
      frame += 0.5
    }
    frames.sort()
    try count(extraKeys: frames.count * 2, at: property)
    let points = frames.map(position)
    let keyFrames = keys.map(\.frame)
    let x = try swung(
      track(zip(frames, points).map { TrackKeyframe(time: time.seconds($0), value: $1.x) }), keyFrames: keyFrames,
      value: { position($0).x }, overshoot, on: property, time)
    let y = try swung(
      track(zip(frames, points).map { TrackKeyframe(time: time.seconds($0), value: $1.y) }), keyFrames: keyFrames,
      value: { position($0).y }, overshoot, on: property, time)
    return .separate(x: x, y: y)
  }

  /// The path through the key values (with their spatial tangents) and keys that count through it
  /// (n at key n), in root seconds when `time` is given, else in frames.
  private static func pathAndCount(_ keys: [Key], scale: Double, time: LottieTimeMap?) -> (
    VectorPath, [TrackKeyframe<Double>]
  ) {
    func point(_ values: [Double]) -> Point {
      Point(x: pick(values, 0, 0) * scale, y: pick(values, 1, 0) * scale)
    }
    var vertices: [VectorPath.Vertex] = []
    for (index, key) in keys.enumerated() {
      let inTangent = index > 0 ? point(keys[index - 1].inTangent) : Point(x: 0, y: 0)
      vertices.append(VectorPath.Vertex(point(key.values), inTangent: inTangent, outTangent: point(key.outTangent)))
    }
    let counted = keys.enumerated().map { index, key in
      TrackKeyframe(
        time: time?.seconds(key.frame) ?? key.frame, value: Double(index), easing: key.hold ? nil : easing(key, 0),
        hold: key.hold ? true : nil)
    }
    return (VectorPath(contours: [VectorPath.Contour(vertices: vertices, closed: false)]), counted)
  }

  /// A point moving along the Bézier path through the key values, by arc length per segment.
  private func along(_ keys: [Key], _ time: LottieTimeMap, scale: Double, loop: LottieLoop?)
    throws(LottieImportError) -> AnimatedPoint
  {
    let (path, _) = Self.pathAndCount(keys, scale: scale, time: nil)
    let progress = try counting(keys, time, loop: loop, node: keys[0].node)
    return .along(path, progress: progress)
  }

  /// A colour property (components 0…1; alpha 1 when absent).
  func color(_ property: LottieJSONNode?, _ time: LottieTimeMap) throws(LottieImportError) -> AnimatedColor {
    let c = try numbers(property, time, count: 4, fallback: [0, 0, 0, 1])
    if let r = c[0].constantValue, let g = c[1].constantValue, let b = c[2].constantValue,
      let a = c[3].constantValue
    {
      return .constant(RGBAColor(red: r, green: g, blue: b, alpha: a))
    }
    return .components(red: c[0], green: c[1], blue: c[2], alpha: c[3])
  }

  /// An item's or a layer's blend mode `bm` (Lottie numbers them in `CompositionBlendMode`'s
  /// order); normal, with a warning, for a number outside 0…15.
  func blendMode(_ node: LottieJSONNode, of name: String) -> CompositionBlendMode {
    guard let code = try? node["bm"]?.number(), code != 0 else { return .normal }
    let modes = CompositionBlendMode.allCases
    guard code == code.rounded(), code > 0, code < Double(modes.count) else {
      warn("blend mode \(NumberText.short(code)) of '\(name)' is drawn as normal")
      return .normal
    }
    return modes[Int(code)]
  }

  /// A property's value at its first key, for what is drawn as constant (with a warning when animated).
  func firstValues(_ property: LottieJSONNode?, feature: String) throws(LottieImportError) -> [Double]? {
    guard let property = resolved(property) else { return nil }
    _ = expression(of: property) { _ in false }
    if let nodes = try keyframes(of: property) {
      warn("animated \(feature) is drawn as its first keyframe")
      return try nodes.first?["s"]?.numbers()
    }
    return try property["k"]?.numbers()
  }

  /// Whether a property is keyframed (its `k` a list of keyframe objects), without counting them.
  func isAnimated(_ property: LottieJSONNode?) -> Bool {
    guard let k = property?["k"]?.value as? [Any], let first = k.first as? [String: Any] else { return false }
    return first["t"] != nil || property?.flag("a") == true
  }

  /// A keyframed property's values, key by key, and a track that counts through them: n + f is the
  /// fraction f (the key's easing applied) of the way from key n to key n + 1, as `PathMorph` reads
  /// its `progress`; `nil` when the property is not keyframed.
  func keyedValues(_ property: LottieJSONNode?, _ time: LottieTimeMap) throws(LottieImportError)
    -> (values: [[Double]], progress: AnimatedNumber)?
  {
    guard let property = resolved(property) else { return nil }
    let expression = self.expression(of: property, accepts: Self.repeatsKeys)
    guard let nodes = try keyframes(of: property) else { return nil }
    let keys = try readKeys(nodes) { node throws(LottieImportError) in try node.numbers() }
    guard !keys.isEmpty else { return nil }
    return (keys.map(\.values), try counting(keys, time, loop: expression?.loop, node: property))
  }

  /// A track that counts through keys (n at key n, eased to n + 1 by the key's easing), looped
  /// when `loop` is given.
  private func counting(
    _ keys: [Key], _ time: LottieTimeMap, loop: LottieLoop?, node: LottieJSONNode
  ) throws(LottieImportError) -> AnimatedNumber {
    let counted = keys.enumerated().map { index, key in
      TrackKeyframe(
        time: time.seconds(key.frame), value: Double(index), easing: key.hold ? nil : Self.easing(key, 0),
        hold: key.hold ? true : nil)
    }
    guard let loop else { return track(counted) }
    return try looped(counted, loop, frame: time.scale, dimensions: 1, node: node)
  }

  /// How many numbers a property's value holds (at its first keyframe when animated), without
  /// counting its keyframes.
  func valueCount(_ property: LottieJSONNode) throws(LottieImportError) -> Int {
    guard let k = property["k"] else { return 0 }
    if let array = k.value as? [Any], let first = array.first as? [String: Any], first["t"] != nil {
      return try k.elements().first?["s"]?.numbers().count ?? 0
    }
    return try k.numbers().count
  }

  // MARK: Shapes

  /// A shape property (`ks` of a path, `pt` of a mask): a fixed path or a morph between keyed paths.
  func shape(_ property: LottieJSONNode, _ time: LottieTimeMap) throws(LottieImportError) -> ShapeGeometry {
    let property = resolved(property) ?? property
    if let morph = try nullsPath(of: property, time) { return .morph(morph) }
    let expression = self.expression(of: property, accepts: Self.repeatsKeys)
    guard let nodes = try keyframes(of: property) else {
      guard let k = property["k"] else { throw property.error("the shape has no value 'k'") }
      return .path(try path(k))
    }
    var paths: [VectorPath] = []
    var keys: [TrackKeyframe<Double>] = []
    var previousEnd: VectorPath?
    var lastFrame = -Double.infinity
    for node in nodes {
      let frame = try node["t"]?.number() ?? 0
      guard frame >= lastFrame else { throw node.error("keyframes out of order; sort them by time") }
      lastFrame = frame
      let shape: VectorPath
      if let s = node["s"] {
        shape = try path(s)
      } else if let end = previousEnd {
        shape = end
      } else {
        throw node.error("the keyframe has no value 's'")
      }
      previousEnd = try node["e"].map { e throws(LottieImportError) in try path(e) }
      let key = Key(
        frame: frame, values: [], outX: try node["o"]?["x"]?.numbers() ?? [],
        outY: try node["o"]?["y"]?.numbers() ?? [], inX: try node["i"]?["x"]?.numbers() ?? [],
        inY: try node["i"]?["y"]?.numbers() ?? [], hold: node.flag("h"), outTangent: [], inTangent: [], node: node)
      keys.append(
        TrackKeyframe(
          time: time.seconds(frame), value: Double(paths.count), easing: key.hold ? nil : Self.easing(key, 0),
          hold: key.hold ? true : nil))
      paths.append(shape)
    }
    guard paths.count > 1 else { return .path(paths.first ?? VectorPath(contours: [])) }
    guard let loop = expression?.loop else { return .morph(PathMorph(paths: paths, progress: track(keys))) }
    let progress = try looped(keys, loop, frame: time.scale, dimensions: 1, node: property)
    return .morph(PathMorph(paths: paths, progress: progress))
  }

  /// A Bézier path value `{"v": [[x, y]], "i": …, "o": …, "c": true}` (or an array holding one).
  func path(_ node: LottieJSONNode) throws(LottieImportError) -> VectorPath {
    if !node.isObject, let first = try node.elements().first { return try path(first) }
    guard node.isObject else { throw node.error("expected a Bézier path object") }
    func points(_ key: String) throws(LottieImportError) -> [Point] {
      guard let list = node[key] else { return [] }
      var out: [Point] = []
      for element in try list.elements() {
        let xy = try element.numbers()
        out.append(Point(x: xy.first ?? 0, y: xy.count > 1 ? xy[1] : 0))
      }
      return out
    }
    let v = try points("v")
    guard v.count <= limits.maxVertices else {
      throw node.error("\(v.count) vertices, more than \(limits.maxVertices); simplify the path")
    }
    let i = try points("i")
    let o = try points("o")
    let zero = Point(x: 0, y: 0)
    let vertices = v.indices.map { index in
      VectorPath.Vertex(
        v[index], inTangent: index < i.count ? i[index] : zero, outTangent: index < o.count ? o[index] : zero)
    }
    return VectorPath(
      contours: vertices.isEmpty ? [] : [VectorPath.Contour(vertices: vertices, closed: node.flag("c"))])
  }
}
