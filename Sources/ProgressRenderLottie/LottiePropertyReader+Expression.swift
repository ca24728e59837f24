import Foundation
import ProgressRenderCore

extension LottiePropertyReader {
  /// Seconds that the ramps of `offset` and `continue` loops run for: far past any animation.
  static let loopHorizon = 1e9

  /// A property's expression when this reading evaluates it; else, when it has one, a warning that
  /// it is not evaluated (once per layer and property) and `nil`.
  /// - Parameters:
  ///   - property: the property object.
  ///   - accepts: whether this reading of the property can evaluate a recognised expression.
  func expression(of property: LottieJSONNode, accepts: (LottieExpression) -> Bool) -> LottieExpression? {
    guard let source = property["x"] else { return nil }
    if let text = source.value as? String, var expression = LottieExpression(text), accepts(expression) {
      guard case .loop(var loop) = expression, let condition = loop.condition else { return expression }
      // A loop only while a checkbox of the property's effect is on: on or off for good, it is
      // the loop or the plain value.
      if let on = checkbox(condition, besides: property) {
        guard on else { return nil }
        loop.condition = nil
        expression = .loop(loop)
        return expression
      }
    }
    warn("expressions (\(property.path).x) are not evaluated; the keyframed value is used")
    return nil
  }

  /// Whether the checkbox `name` (its match name or name) of the effect that holds `property` (an
  /// effect control's value, `…ef[i].ef[j].v`) is on; `nil` when there is none or it is keyframed.
  private func checkbox(_ name: String, besides property: LottieJSONNode) -> Bool? {
    guard let (layer, _) = layer(of: property), let marker = property.path.range(of: ".ef[", options: .backwards),
      let effectMarker = property.path[..<marker.lowerBound].range(of: ".ef[", options: .backwards),
      let close = property.path[effectMarker.upperBound...].firstIndex(of: "]"),
      let index = Int(property.path[effectMarker.upperBound..<close]),
      let effects = try? layer["ef"]?.elements(), effects.indices.contains(index),
      let controls = try? effects[index]["ef"]?.elements(),
      let control = controls.first(where: { $0.string("mn") == name })
        ?? controls.first(where: { $0.string("nm") == name }),
      let value = control["v"], !isAnimated(value), let number = try? value["k"]?.number()
    else { return nil }
    return number != 0
  }

  /// The property to read for `property`: the one its expression copies, when that is a reference
  /// to the same property (same key) of an item or layer of its composition that this finds
  /// (followed up to 8 times); the property without its expression when the reference is to
  /// itself; else the property as it is (and its expression warns when read).
  /// - Parameter property: the property, or `nil`.
  /// - Returns: `nil` for `nil`.
  func resolved(_ property: LottieJSONNode?) -> LottieJSONNode? {
    guard var current = property else { return nil }
    for _ in 0..<8 {
      guard let text = current.string("x"), case .reference(let steps) = LottieExpression(text),
        let target = referenced(steps, from: current)
      else { return current }
      guard target.path != current.path else {
        var members = current.value as? [String: Any] ?? [:]
        members["x"] = nil
        return LottieJSONNode(value: members, path: current.path)
      }
      current = target
    }
    return current
  }

  /// The value of a property's expression when it is one of the path rigs `LottieRigEvaluator`
  /// evaluates (and not one of the forms `LottieExpression` recognises, but for a reference that
  /// did not resolve); `nil` otherwise.
  /// - Throws: when a property the expression reads is broken.
  func rigValue(of property: LottieJSONNode, _ time: LottieTimeMap) throws(LottieImportError)
    -> LottieRigEvaluator.Value?
  {
    guard let text = property.string("x"), rigDepth < 8, let (layer, list) = layer(of: property) else { return nil }
    if let simple = LottieExpression(text) {
      guard case .reference = simple else { return nil }
    }
    rigDepth += 1
    defer { rigDepth -= 1 }
    var evaluator = LottieRigEvaluator(
      reader: self, time: time, thisLayer: layer, layers: list, maxDepth: limits.maxDepth)
    return try evaluator.value(of: text)
  }

  /// A path property's vertices following null layers ("Points Follow Nulls"), sampled at each
  /// frame its layer shows; `nil` when the property's expression is not that or cannot be followed.
  /// - Throws: when a property the expression reads is broken, or the samples pass the file's limit.
  func nullsPath(of property: LottieJSONNode, _ time: LottieTimeMap) throws(LottieImportError) -> PathMorph? {
    guard let text = property.string("x"), let names = LottieRigEvaluator.followedNulls(text),
      let (layer, list) = layer(of: property)
    else { return nil }
    let evaluator = LottieRigEvaluator(
      reader: self, time: time, thisLayer: layer, layers: list, maxDepth: limits.maxDepth)
    return try evaluator.followingNulls(property, names: names, frames: evaluator.frames)
  }

  /// The layer a property belongs to (by its JSON path) and the layers of its composition.
  func layer(of property: LottieJSONNode) -> (layer: LottieJSONNode, list: [LottieJSONNode])? {
    guard let marker = property.path.range(of: "layers[", options: .backwards),
      let close = property.path[marker.upperBound...].firstIndex(of: "]"),
      let index = Int(property.path[marker.upperBound..<close]),
      let list = layerLists[String(property.path[..<marker.lowerBound]) + "layers"], list.indices.contains(index)
    else { return nil }
    return (list[index], list)
  }

  /// The property a reference names, seen from `property`, when it is the same property (the same
  /// key: `ks` of a path, `p` of a transform, `s` of a rectangle …) as `property`.
  private func referenced(_ steps: [LottieExpression.Step], from property: LottieJSONNode) -> LottieJSONNode? {
    guard let (layer, list) = layer(of: property) else { return nil }
    /// Where the chain has got to.
    enum Place {
      case composition
      case layer(LottieJSONNode)
      case item(LottieJSONNode)
      case transform(LottieJSONNode)
      case property(LottieJSONNode)
    }
    var place = Place.layer(layer)
    var rest = steps[...]
    if rest.first == .member("thisComp") {
      place = .composition
      rest = rest.dropFirst()
    } else if rest.first == .member("thisLayer") {
      rest = rest.dropFirst()
    }
    let transformKeys = [
      "position": "p", "rotation": "r", "scale": "s", "anchorPoint": "a", "opacity": "o", "skew": "sk",
      "skewAxis": "sa",
    ]
    func named(_ items: LottieJSONNode?, _ name: String) -> LottieJSONNode? {
      guard let items = try? items?.elements() else { return nil }
      return items.first { $0.string("nm") == name } ?? items.first { $0.string("mn") == name }
    }
    while let step = rest.first {
      rest = rest.dropFirst()
      var argument: String?
      if case .call(let text) = rest.first {
        argument = text
        rest = rest.dropFirst()
      }
      guard case .member(let name) = step else { return nil }
      var next: Place?
      switch (place, name, argument) {
      case (.composition, "layer", let layerName?):
        next = list.first { $0.string("nm") == layerName }.map(Place.layer)
      case (.layer(let layer), "content", let itemName?):
        next = named(layer["shapes"], itemName).map(Place.item)
      case (.item(let group), "content", let itemName?) where group.string("ty") == "gr":
        next = named(group["it"], itemName).map(Place.item)
      case (.layer(let layer), "transform", nil):
        next = layer["ks"].map(Place.transform)
      case (.item(let group), "transform", nil) where group.string("ty") == "gr":
        next = (try? group["it"]?.elements())?.first { $0.string("ty") == "tr" }.map(Place.transform)
      case (.layer(let layer), let key, nil) where transformKeys[key] != nil:
        next = layer["ks"]?[transformKeys[key] ?? ""].map(Place.property)
      case (.transform(let transform), let key, nil) where transformKeys[key] != nil:
        let member = transformKeys[key] ?? ""
        next = (transform[member] ?? (member == "r" ? transform["rz"] : nil)).map(Place.property)
      case (.item(let item), "path", nil) where item.string("ty") == "sh":
        next = item["ks"].map(Place.property)
      case (.item(let item), let key, nil) where ["rc", "el", "sr"].contains(item.string("ty") ?? ""):
        var members = ["size": "s", "position": "p"]
        // A polystar's `r` is its rotation; only a rectangle has a roundness.
        if item.string("ty") == "rc" { members["roundness"] = "r" }
        next = members[key].flatMap { item[$0] }.map(Place.property)
      default: next = nil
      }
      guard let next else { return nil }
      place = next
    }
    guard case .property(let target) = place,
      target.path.split(separator: ".").last == property.path.split(separator: ".").last
    else { return nil }
    return target
  }

  /// The overshoot's amplitude, frequency and decay: its constants, and the values of the slider
  /// effects of the property's layer it names, as lottie-web 5.13 reads them: the slider's value
  /// without its own expression (a slider of 126 under `clamp(value, 0, 100)` reads 126); `nil`
  /// when a slider is missing or keyframed.
  func operands(of overshoot: LottieOvershoot, on property: LottieJSONNode) -> (Double, Double, Double)? {
    let effects = layer(of: property).flatMap { try? $0.layer["ef"]?.elements() } ?? []
    func value(_ operand: LottieOvershoot.Operand) -> Double? {
      switch operand {
      case .constant(let value): return value
      case .slider(let name, let divisor):
        guard
          let effect = effects.first(where: { $0.string("nm") == name })
            ?? effects.first(where: { $0.string("mn") == name }),
          let controls = try? effect["ef"]?.elements(),
          let control = controls.first(where: { $0.string("mn") == "ADBE Slider Control-0001" }),
          let slider = control["v"], !isAnimated(slider), let number = try? slider["k"]?.number()
        else { return nil }
        return number / divisor
      }
    }
    guard let amplitude = value(overshoot.amplitude), let frequency = value(overshoot.frequency),
      let decay = value(overshoot.decay), amplitude.isFinite, frequency.isFinite, decay.isFinite
    else { return nil }
    return (amplitude, frequency, decay)
  }

  /// One dimension of a keyframed property under the overshoot template: the keys plus a track of
  /// the swing after each key, sampled at the key and every half frame after it until the next key,
  /// the template's limit, or the swing's size is below 1e-4 (at most `maxKeyframes` samples).
  /// - Parameters:
  ///   - plain: the dimension without the expression.
  ///   - keyFrames: the key times, in frames of the property's composition, ascending.
  ///   - value: the dimension's keyed value at a frame of the property's composition.
  ///   - overshoot: the template.
  ///   - property: the property (for its layer's effects, and the keyframe limit's error).
  ///   - time: the composition's time.
  /// - Complexity: O(keys + samples).
  func swung(
    _ plain: AnimatedNumber, keyFrames: [Double], value: (Double) -> Double, _ overshoot: LottieOvershoot,
    on property: LottieJSONNode, _ time: LottieTimeMap
  ) throws(LottieImportError) -> AnimatedNumber {
    guard overshoot.swings, case .expression(let keyed) = plain,
      let (amplitude, frequency, decay) = operands(of: overshoot, on: property)
    else { return plain }
    let fps = frameRate
    var samples: [TrackKeyframe<Double>] = []
    for (index, key) in keyFrames.enumerated() where samples.count < limits.maxKeyframes {
      // lottie-web's velocityAtTime(key − frameDuration / 10): over the thousandth of a second before.
      let at = key - 0.1
      let velocity = (value(at) - value(at - 0.001 * fps)) / 0.001
      let size = abs(velocity * overshoot.velocityScale * amplitude)
      guard size > 1e-4, size.isFinite else { continue }
      var stop = index + 1 < keyFrames.count ? keyFrames[index + 1] - key : .infinity
      if let limit = overshoot.limit { stop = min(stop, limit * fps) }
      if decay > 0 { stop = min(stop, log(size / 1e-4) / decay * fps) }
      guard stop > 0 else { continue }
      samples.append(TrackKeyframe(time: time.seconds(key), value: 0))
      var frame = (key * 2).rounded(.down) / 2 + 0.5
      while frame - key < stop, samples.count < limits.maxKeyframes {
        let swing = overshoot.swing(
          at: (frame - key) / fps, velocity: velocity, amplitude: amplitude, frequency: frequency, decay: decay)
        samples.append(TrackKeyframe(time: time.seconds(frame), value: swing))
        frame += 0.5
      }
      samples.append(TrackKeyframe(time: time.seconds(min(key + stop, frame)), value: 0))
    }
    guard !samples.isEmpty else { return plain }
    try count(extraKeys: samples.count, at: property)
    guard case .expression(let swing) = track(samples) else { return plain }
    return .expression(.sum(keyed, swing))
  }

  /// Whether an expression is a loop that repeats keys as they are (`cycle`, `pingpong`): what a
  /// track counting through keyed paths or path points can follow.
  static func repeatsKeys(_ expression: LottieExpression) -> Bool {
    guard case .loop(let loop) = expression else { return false }
    return loop.kind == .cycle || loop.kind == .pingpong
  }

  /// One dimension of a keyframed property under `loopOut`, as lottie-web evaluates it.
  ///
  /// Up to a thousandth of a frame after the last key (so that a frame on the last key shows that
  /// key, as lottie-web shows it) the keys play as they are. Then: `cycle` and `pingpong` are a
  /// track of the loop's keys that repeats forever (autoreversing) from the loop's first key, a
  /// thousandth of a frame late; when the loop does not start at the first key, the plain track
  /// plus that track minus the same keys played once, which cancel up to the end. `offset` adds
  /// the change over one pass times the passes done (a ramp's whole part); `continue` adds a ramp
  /// at the speed over the last thousandth of a frame — per frame for a one-dimensional property,
  /// per half a millisecond for one of several dimensions (lottie-web's own factors).
  /// - Parameters:
  ///   - keys: the keys in root seconds, ascending, at least two.
  ///   - loop: the loop.
  ///   - frame: root seconds per frame of the property's composition.
  ///   - dimensions: how many dimensions the property has.
  ///   - node: the property, for the keyframe limit's error.
  /// - Returns: the value.
  /// - Throws: when the tracks made pass the file's keyframe limit.
  /// - Complexity: O(keys).
  func looped(
    _ keys: [TrackKeyframe<Double>], _ loop: LottieLoop, frame: Double, dimensions: Int, node: LottieJSONNode
  ) throws(LottieImportError) -> AnimatedNumber {
    guard keys.count > 1, let last = keys.last else { return track(keys) }
    let firstIndex = loop.firstKey(among: keys.count)
    let start = keys[firstIndex].time
    let length = last.time - start
    let late = 0.001 * frame
    guard length > 0, late > 0, length.isFinite else { return track(keys) }
    if loop.kind == .continue {
      let before = KeyframeTrack(keyframes: keys).value(atCyclePosition: last.time - late) ?? last.value
      let speed = (last.value - before) / (dimensions > 1 ? 0.0005 : late)
      guard speed != 0, (speed * Self.loopHorizon).isFinite else { return track(keys) }
      try count(extraKeys: 2, at: node)
      let ramp = add(
        [
          TrackKeyframe(time: last.time, value: 0),
          TrackKeyframe(time: last.time + Self.loopHorizon, value: speed * Self.loopHorizon),
        ], timing: nil)
      return .expression(.sum(plain(keys), .track(ramp)))
    }
    let segment = Array(keys[firstIndex...])
    try count(extraKeys: segment.count * (firstIndex > 0 ? 2 : 1), at: node)
    let repeating = add(
      segment, from: start,
      timing: Timing(begin: start + late, repeatForever: true, autoreverses: loop.kind == .pingpong ? true : nil))
    var value: NumberExpression = .track(repeating)
    if firstIndex > 0 {
      let once = add(segment, from: start, timing: Timing(begin: start + late))
      value = .sum(plain(keys), .difference(.track(repeating), .track(once)))
    }
    if loop.kind == .offset {
      let change = last.value - keys[firstIndex].value
      guard change != 0, (change * Self.loopHorizon / length).isFinite else { return .expression(value) }
      try count(extraKeys: 2, at: node)
      let passes = add(
        [
          TrackKeyframe(time: start + late, value: 0),
          TrackKeyframe(time: start + late + Self.loopHorizon, value: Self.loopHorizon / length),
        ], timing: nil)
      value = .sum(value, .product(.constant(change), .floor(.track(passes))))
    }
    return .expression(value)
  }

  /// The keys as they are, as an expression.
  private func plain(_ keys: [TrackKeyframe<Double>]) -> NumberExpression {
    switch track(keys) {
    case .expression(let expression): expression
    case .constant(let value): .constant(value)
    }
  }
}
