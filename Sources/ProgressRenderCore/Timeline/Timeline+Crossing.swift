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
