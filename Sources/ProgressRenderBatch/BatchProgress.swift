/// The state of a running batch after one more asset finished, for progress displays.
public struct BatchProgress: Sendable {
  /// The asset that just finished.
  public var result: BatchAssetResult
  /// Assets finished so far (skipped included).
  public var done: Int
  /// Assets in this run.
  public var total: Int
  /// Assets rendered so far.
  public var rendered: Int
  /// Assets skipped so far.
  public var skipped: Int
  /// Assets failed so far.
  public var failed: Int
  /// Seconds since rendering started.
  public var elapsed: Double
  /// Estimated seconds left (from the cost rendered so far), or `nil` before anything rendered.
  public var remaining: Double?

  /// Creates a progress report.
  public init(
    result: BatchAssetResult, done: Int, total: Int, rendered: Int, skipped: Int, failed: Int, elapsed: Double,
    remaining: Double?
  ) {
    self.result = result
    self.done = done
    self.total = total
    self.rendered = rendered
    self.skipped = skipped
    self.failed = failed
    self.elapsed = elapsed
    self.remaining = remaining
  }
}
