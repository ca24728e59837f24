/// When a still frame is taken: `--at 1.5s`, `--at 1500ms` or `--at 40%` of the output duration.
public enum StillTime: Equatable, Sendable {
  /// Seconds since the start of the output.
  case seconds(Double)
  /// A fraction 0…1 of the output duration.
  case fraction(Double)

  /// The default: the end of the timeline, where a progress animation shows its finished state.
  public static let end = StillTime.fraction(1)

  /// The time in seconds for an output of the given duration.
  public func seconds(inDuration duration: Double) -> Double {
    switch self {
    case .seconds(let s): return s
    case .fraction(let f): return f * duration
    }
  }
}
