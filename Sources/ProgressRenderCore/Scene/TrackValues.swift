/// Everything a painter needs for one frame: the time and every track's value at that time.
public struct TrackValues: Equatable, Sendable {
  /// Seconds since the start of the output (before any rescaling of the timeline).
  public var time: Double
  /// Track values by name. A track outside its active interval with fill `removed` is absent.
  public var values: [String: Double]

  /// Creates a scene.
  public init(time: Double, values: [String: Double]) {
    self.time = time
    self.values = values
  }

  /// The value of a track, or `fallback` when there is none.
  public func value(_ name: String, default fallback: Double) -> Double {
    values[name] ?? fallback
  }
}

extension TrackUse {
  /// The value a part reads: the track's, else its fallback track's, else the default.
  /// - Parameter values: every track's value at one time.
  public func value(in values: TrackValues) -> Double {
    values.values[track] ?? fallbackTrack.flatMap { values.values[$0] } ?? fallback
  }
}
