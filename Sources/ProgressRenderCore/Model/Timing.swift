/// How a track's local time relates to the timeline's time, as `CAMediaTiming`.
///
/// Every field is optional so that style files can leave it out; the computed
/// properties give the defaults.
public struct Timing: Codable, Equatable, Sendable {
  /// Seconds on the timeline at which the track's first cycle starts (default 0).
  public var begin: Double?
  /// Rate of local time relative to the timeline (default 1).
  public var speed: Double?
  /// Number of cycles, may be fractional (default 1). Ignored when `repeatForever` is true.
  public var repeatCount: Double?
  /// Repeat without end.
  public var repeatForever: Bool?
  /// Each cycle plays forward then backward.
  public var autoreverses: Bool?
  /// What shows before the begin time and after the end (default `both`).
  public var fill: FillMode?

  /// Creates a timing; `nil` fields take their defaults.
  public init(
    begin: Double? = nil, speed: Double? = nil, repeatCount: Double? = nil,
    repeatForever: Bool? = nil, autoreverses: Bool? = nil, fill: FillMode? = nil
  ) {
    self.begin = begin
    self.speed = speed
    self.repeatCount = repeatCount
    self.repeatForever = repeatForever
    self.autoreverses = autoreverses
    self.fill = fill
  }
}
