/// What a track shows outside its active interval, as Core Animation's `fillMode`.
public enum FillMode: String, Codable, Sendable, CaseIterable {
  /// Outside the active interval the track has no value (the layer's default shows).
  case removed
  /// Before the begin time the first value shows.
  case backwards
  /// After the end the final value shows.
  case forwards
  /// Both of the above (the default for presets).
  case both
}
