/// A keyframed value evaluated at any time: keys, a calculation mode and Core Animation timing.
///
/// TrackKeyframe times are seconds in the track's local time. One cycle runs from local time 0 to
/// the last key time (before the first key the first value holds; after the last, the last).
/// `timing` maps timeline time to local time: local = (time − begin) × speed; the track runs
/// `repeatCount` cycles (fractional allowed, or forever), each forward then back when it
/// autoreverses; outside that active interval `fill` decides whether the start or end value
/// shows or there is no value.
///
/// Equal key times make a jump: exactly at that time, and after it, the later key's value shows.
public struct KeyframeTrack<Value: Blendable>: Sendable, Equatable {
  /// The keys with finite times, sorted by time (keys of equal time keep their order).
  public let keyframes: [TrackKeyframe<Value>]
  /// How values move between keys.
  public let calculation: CalculationMode
  /// Begin, speed, repeat, autoreverse and fill.
  public let timing: Timing
  /// Key times, for binary search.
  private let times: [Double]
  /// Distance along the values from the first key to each key, for paced motion.
  private let cumulativeDistances: [Double]

  /// Creates a track.
  ///
  /// Keys with a non-finite time are dropped; the others are sorted by time, stably.
  /// - Parameters:
  ///   - keyframes: the keys.
  ///   - calculation: linear (default), discrete or paced.
  ///   - timing: begin, speed, repeat, autoreverse and fill (defaults 0, 1, 1, no, both).
  /// - Complexity: O(n log n) for n keys.
  public init(keyframes: [TrackKeyframe<Value>], calculation: CalculationMode = .linear, timing: Timing = Timing()) {
    let sorted = keyframes.enumerated()
      .filter { $0.element.time.isFinite }
      .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
    self.keyframes = sorted
    self.calculation = calculation
    self.timing = timing
    self.times = sorted.map(\.time)
    var distances: [Double] = []
    var total = 0.0
    for (index, key) in sorted.enumerated() {
      if index > 0 { total += sorted[index - 1].value.distance(to: key.value) }
      distances.append(total)
    }
    self.cumulativeDistances = distances
  }

  /// Length of one forward pass in local seconds: the last key time (0 for no keys).
  public var cycleLength: Double { max(times.last ?? 0, 0) }

  /// Begin time on the timeline (non-finite values count as 0).
  private var begin: Double { timing.begin.flatMap { $0.isFinite ? $0 : nil } ?? 0 }
  /// Speed (values that are not finite and positive count as 1).
  private var speed: Double { timing.speed.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 1 }
  /// Number of cycles: infinite when repeating forever; values that are not positive count as 1.
  private var repeatCount: Double {
    if timing.repeatForever == true { return .infinity }
    return timing.repeatCount.flatMap { $0 > 0 ? $0 : nil } ?? 1
  }
  private var autoreverses: Bool { timing.autoreverses ?? false }
  private var period: Double { autoreverses ? 2 * cycleLength : cycleLength }
  /// Active duration in local seconds (infinite when repeating forever with a non-zero cycle).
  private var activeDuration: Double { period == 0 ? 0 : period * repeatCount }

  /// Timeline time at which the active interval ends, or nil when the track repeats forever.
  public var activeEnd: Double? {
    let active = activeDuration
    return active.isFinite ? begin + active / speed : nil
  }

  /// The value at a timeline time.
  ///
  /// - Parameter time: seconds on the timeline.
  /// - Returns: the value, or nil when there are no keys, when `time` is not finite, or when
  ///   the time lies outside the active interval and `fill` does not cover that side.
  /// - Complexity: O(log n) for n keys (a binary search over the key times).
  public func value(at time: Double) -> Value? {
    guard !keyframes.isEmpty, let position = cyclePosition(at: time) else { return nil }
    return value(atCyclePosition: position)
  }

  /// Position within one forward pass (0…cycleLength) for a timeline time, or nil without fill.
  private func cyclePosition(at time: Double) -> Double? {
    guard time.isFinite else { return nil }
    let fill = timing.fill ?? .both
    let local = (time - begin) * speed
    if local < 0 {
      return fill == .backwards || fill == .both ? 0 : nil
    }
    let active = activeDuration
    var phase: Double
    if local >= active {
      guard fill == .forwards || fill == .both else { return nil }
      if period == 0 { return cycleLength }
      // The end state: where the last (possibly partial) cycle stops.
      let whole = repeatCount.rounded(.down)
      phase = repeatCount == whole ? period : (repeatCount - whole) * period
    } else {
      phase = local.truncatingRemainder(dividingBy: period)
    }
    if autoreverses && phase > cycleLength { phase = 2 * cycleLength - phase }
    return min(max(phase, 0), cycleLength)
  }

  /// The value at a position in local time within one forward pass, ignoring `timing`.
  ///
  /// - Parameter position: local seconds; before the first key the first value holds, after
  ///   the last key the last value.
  /// - Returns: the value, or nil when there are no keys.
  /// - Complexity: O(log n) for n keys.
  public func value(atCyclePosition position: Double) -> Value? {
    guard let first = keyframes.first, let last = keyframes.last else { return nil }
    if position.isNaN { return first.value }
    if calculation == .paced { return pacedValue(at: position) }
    if position < first.time { return first.value }
    if position >= last.time { return last.value }
    let index = KeyframeTrack.upperBound(of: position, in: times) - 1
    let from = keyframes[index]
    let to = keyframes[index + 1]
    if calculation == .discrete || from.hold == true { return from.value }
    let fraction = (position - from.time) / (to.time - from.time)
    let eased = (from.easing ?? .linear)(fraction)
    return from.value.interpolated(to: to.value, amount: eased)
  }

  /// Constant speed along the values between the first and the last key time.
  private func pacedValue(at position: Double) -> Value {
    let first = keyframes[0]
    let last = keyframes[keyframes.count - 1]
    let span = last.time - first.time
    let total = cumulativeDistances[cumulativeDistances.count - 1]
    if position >= last.time { return last.value }
    guard position > first.time, span > 0, total.isFinite, total > 0 else { return first.value }
    let travelled = (position - first.time) / span * total
    let index = min(KeyframeTrack.upperBound(of: travelled, in: cumulativeDistances), keyframes.count - 1) - 1
    let from = cumulativeDistances[index]
    let length = cumulativeDistances[index + 1] - from
    guard length > 0 else { return keyframes[index + 1].value }
    return keyframes[index].value.interpolated(to: keyframes[index + 1].value, amount: (travelled - from) / length)
  }

  /// The index of the first element greater than `value` in an ascending array.
  /// - Complexity: O(log n).
  static func upperBound(of value: Double, in sorted: [Double]) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] <= value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension KeyframeTrack where Value == Double {
  /// The evaluator of a style's track.
  public init(_ track: Track) {
    self.init(keyframes: track.keyframes, calculation: track.calculation ?? .linear, timing: track.timing ?? Timing())
  }
}
