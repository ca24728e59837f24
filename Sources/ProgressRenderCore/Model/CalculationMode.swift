/// How a track moves between its keyframes, as Core Animation's `calculationMode`.
public enum CalculationMode: String, Codable, Sendable, CaseIterable {
  /// Interpolate between keys at their key times, shaped by each key's easing.
  case linear
  /// Jump from key to key; each value holds until the next key time.
  case discrete
  /// Constant speed along the values: key times and easings are ignored, the spans are
  /// timed in proportion to the distance between consecutive values.
  case paced
}
