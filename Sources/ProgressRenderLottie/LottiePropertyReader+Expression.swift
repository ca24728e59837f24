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
    if let text = source.value as? String, let expression = LottieExpression(text), accepts(expression) {
      return expression
    }
    warn("expressions (\(property.path).x) are not evaluated; the keyframed value is used")
    return nil
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
      guard speed != 0, speed.isFinite else { return track(keys) }
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
      guard change != 0 else { return .expression(value) }
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
