/// When a still frame is taken: `--at 1.5s`, `--at 1500ms`, `--at 40%` of the output duration, or
/// `--at 12f`, a frame number (of a Lottie file's own frames, counted from its `ip`; of a style's
/// output frames at `--fps`).
public enum StillTime: Equatable, Sendable {
  /// Seconds since the start of the output.
  case seconds(Double)
  /// A fraction 0…1 of the output duration.
  case fraction(Double)
  /// A frame number from 0: a Lottie file's own frame (at its `fr`, from `ip`), or a style's output
  /// frame (at the output's rate).
  case frame(Int)

  /// The default: the end of the timeline, where a progress animation shows its finished state.
  public static let end = StillTime.fraction(1)

  /// The time in seconds for an output of the given duration.
  /// - Parameters:
  ///   - duration: the output's length in seconds.
  ///   - secondsPerFrame: the output seconds one frame of `.frame` lasts (1 / fps for a style; for a
  ///     Lottie file 1 / `fr`, stretched as its time is to the output's length).
  /// - Returns: seconds since the start of the output (not clamped).
  public func seconds(inDuration duration: Double, secondsPerFrame: Double) -> Double {
    switch self {
    case .seconds(let s): return s
    case .fraction(let f): return f * duration
    case .frame(let n): return Double(n) * secondsPerFrame
    }
  }
}
