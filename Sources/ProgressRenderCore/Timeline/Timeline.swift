/// A style's tracks evaluated together: every named value at any time.
public struct Timeline: Sendable, Equatable {
  /// The tracks, as given.
  public let tracks: [Track]
  private let evaluators: [KeyframeTrack<Double>]

  /// Creates the timeline of a style's tracks.
  /// - Parameter tracks: the tracks; when two share a name, the later one wins.
  public init(tracks: [Track]) {
    self.tracks = tracks
    self.evaluators = tracks.map(KeyframeTrack.init)
  }

  /// Every track's value at a time; tracks without a value then (no keys, or fill `removed`
  /// outside their active interval) are absent.
  /// - Parameter time: seconds on the timeline.
  /// - Returns: values by track name.
  /// - Complexity: O(k log n) for k tracks of at most n keys.
  public func values(at time: Double) -> [String: Double] {
    var values: [String: Double] = [:]
    for (track, evaluator) in zip(tracks, evaluators) {
      if let value = evaluator.value(at: time) { values[track.name] = value }
    }
    return values
  }

  /// The range of every value the named track(s) can take: the key values, widened by any
  /// easing that overshoots (e.g. `cubic-bezier(0.34, 1.56, 0.64, 1)`) in linear mode.
  /// - Parameter name: the track name.
  /// - Returns: the range, or nil when no track of that name has keys.
  /// - Complexity: O(n) for n keys.
  public func valueRange(of name: String) -> ClosedRange<Double>? {
    var low = Double.infinity
    var high = -Double.infinity
    for evaluator in zip(tracks, evaluators).filter({ $0.0.name == name }).map(\.1) {
      let keys = evaluator.keyframes
      for (index, key) in keys.enumerated() {
        low = min(low, key.value)
        high = max(high, key.value)
        guard evaluator.calculation == .linear, key.hold != true, index + 1 < keys.count,
          keys[index + 1].time > key.time, let easing = key.easing
        else { continue }
        let range = easing.outputRange
        for amount in [range.lowerBound, range.upperBound] {
          let value = key.value.interpolated(to: keys[index + 1].value, amount: amount)
          low = min(low, value)
          high = max(high, value)
        }
      }
    }
    return low <= high ? low...high : nil
  }

  /// The largest value the named track(s) can take (see `valueRange(of:)`), or nil.
  public func maxValue(of name: String) -> Double? { valueRange(of: name)?.upperBound }

  /// The smallest value the named track(s) can take (see `valueRange(of:)`), or nil.
  public func minValue(of name: String) -> Double? { valueRange(of: name)?.lowerBound }

  /// The time at which the last track that does not repeat forever ends its active interval
  /// (0 when there is none).
  public var endTime: Double {
    evaluators.filter { !$0.keyframes.isEmpty }.compactMap(\.activeEnd).max().map { max($0, 0) } ?? 0
  }
}

extension Timeline {
  /// The first time at which the named track reaches a value: meets it, or passes it coming from
  /// the side the track is on at the start of `range` (up to it from below, down to it from
  /// above). The track is sampled at 4096 even steps over `range`, the first step that reaches
  /// the value is narrowed down by bisection, and the result is rounded to the nearest
  /// microsecond when the track has reached the value there too. A track that goes up and down
  /// gives its first crossing; a crossing narrower than a step may be missed.
  /// - Parameters:
  ///   - name: the track name (when two share it, the later one, as in `values(at:)`).
  ///   - value: the value to reach; within 1e-12 counts as reached.
  ///   - range: the timeline times to search, in seconds.
  /// - Returns: the time, or nil when the track has no value there or never reaches `value`.
  /// - Complexity: O(log n) per evaluation, about 4200 evaluations for a track of n keys.
  public func firstTime(of name: String, reaching value: Double, within range: ClosedRange<Double>) -> Double? {
    let tolerance = 1e-12 * max(1, abs(value))
    guard let start = values(at: range.lowerBound)[name] else { return nil }
    let startSide = start < value ? -1.0 : 1.0
    func reached(_ time: Double) -> Bool {
      guard let current = values(at: time)[name] else { return false }
      return abs(current - value) <= tolerance || (current < value ? -1.0 : 1.0) != startSide
    }
    if reached(range.lowerBound) { return range.lowerBound }
    let steps = 4096
    let span = range.upperBound - range.lowerBound
    var before = range.lowerBound
    for step in 1...steps {
      let time = step == steps ? range.upperBound : range.lowerBound + span * Double(step) / Double(steps)
      guard reached(time) else {
        before = time
        continue
      }
      var low = before
      var high = time
      for _ in 0..<200 {
        let middle = low + (high - low) / 2
        guard middle > low, middle < high else { break }
        if reached(middle) { high = middle } else { low = middle }
      }
      let rounded = (high * 1e6).rounded() / 1e6
      return rounded >= range.lowerBound && rounded <= range.upperBound && reached(rounded) ? rounded : high
    }
    return nil
  }
}
