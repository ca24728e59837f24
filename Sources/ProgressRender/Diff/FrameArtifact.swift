/// The pictures of one differing pair, for the artifacts folder and the HTML report.
public struct FrameArtifact: Equatable, Sendable {
  /// Position of the pair in `DiffReport.frames`.
  public var index: Int
  /// The expected frame, if that side has one.
  public var expected: Frame?
  /// The actual frame, if that side has one.
  public var actual: Frame?
  /// The difference image, when both sides have frames of one size.
  public var diff: Frame?
}
