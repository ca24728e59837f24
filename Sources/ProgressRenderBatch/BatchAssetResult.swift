/// What happened to one asset of a batch.
public struct BatchAssetResult: Codable, Equatable, Sendable {
  /// The outcome.
  public enum Status: String, Codable, Sendable {
    /// Rendered and written.
    case rendered
    /// Inputs and output unchanged since the lock was written: not rendered, not touched.
    case skipped
    /// Rendering or writing failed; what was there before is untouched.
    case failed
    /// Not started because an earlier asset failed under `--fail-fast`.
    case cancelled
  }

  /// Position in the manifest's `assets`.
  public var index: Int
  /// The output path as written in the manifest.
  public var out: String
  /// The outcome.
  public var status: Status
  /// Wall-clock seconds spent rendering (rendered and failed assets).
  public var seconds: Double?
  /// Frames written (rendered assets).
  public var frames: Int?
  /// Bytes written (rendered assets).
  public var bytes: Int?
  /// Why it failed.
  public var message: String?

  /// Creates a result.
  public init(
    index: Int, out: String, status: Status, seconds: Double? = nil, frames: Int? = nil, bytes: Int? = nil,
    message: String? = nil
  ) {
    self.index = index
    self.out = out
    self.status = status
    self.seconds = seconds
    self.frames = frames
    self.bytes = bytes
    self.message = message
  }
}
