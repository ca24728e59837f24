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
  /// The digest (`BatchFingerprint.outputDigest`) of the output as this run wrote it, taken as soon as
  /// it was written (rendered assets): the lock records an entry only while the output still holds
  /// these bytes, never bytes another run wrote from other inputs. Not part of the JSON summary.
  public var written: String?

  private enum CodingKeys: String, CodingKey {
    case index, out, status, seconds, frames, bytes, message
  }

  /// Creates a result.
  public init(
    index: Int, out: String, status: Status, seconds: Double? = nil, frames: Int? = nil, bytes: Int? = nil,
    message: String? = nil, written: String? = nil
  ) {
    self.index = index
    self.out = out
    self.status = status
    self.seconds = seconds
    self.frames = frames
    self.bytes = bytes
    self.message = message
    self.written = written
  }
}
