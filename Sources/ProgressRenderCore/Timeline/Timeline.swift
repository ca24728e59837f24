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
