/// One key of a track: at `time` the track has `value`; `easing` shapes the way to the next key.
///
/// A `hold` keyframe keeps its value until the next key, then jumps (Lottie's hold flag,
/// Core Animation's discrete mode for one span).
public struct TrackKeyframe<Value: Sendable & Equatable>: Sendable, Equatable {
  /// Seconds in the track's local time.
  public var time: Double
  /// The value at `time`.
  public var value: Value
  /// The timing curve from this key to the next; `nil` means linear.
  public var easing: Easing?
  /// When true, the value holds until the next key and then jumps.
  public var hold: Bool?

  /// Creates a keyframe.
  public init(time: Double, value: Value, easing: Easing? = nil, hold: Bool? = nil) {
    self.time = time
    self.value = value
    self.easing = easing
    self.hold = hold
  }
}

extension TrackKeyframe: Codable where Value: Codable {}
