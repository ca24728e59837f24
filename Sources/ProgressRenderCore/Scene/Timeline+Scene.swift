extension Timeline {
  /// The scene at a time: the time and every track's value.
  /// - Parameter time: seconds on the timeline.
  /// - Returns: the scene.
  public func scene(at time: Double) -> TrackValues {
    TrackValues(time: time, values: values(at: time))
  }
}
