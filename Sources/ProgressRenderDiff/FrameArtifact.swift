import ProgressRenderCore
import ProgressRenderRaster

/// The pictures of one differing pair, for the artifacts folder and the HTML report, kept as PNG bytes:
/// encoded when the pair is compared, so the comparison holds no frame longer than it needs it.
package struct FrameArtifact: Equatable, Sendable {
  /// One picture: its size and its PNG file's bytes.
  public struct Picture: Equatable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The PNG file.
    public var png: [UInt8]

    /// Encodes a frame, favouring speed over size.
    /// - Throws: `RasterError` if it cannot be encoded.
    public init(_ frame: Frame) throws {
      width = frame.width
      height = frame.height
      png = try PNGCodec.encode(frame, fast: true)
    }
  }

  /// Position of the pair in `DiffReport.frames`.
  public var index: Int
  /// The expected frame, if that side has one.
  public var expected: Picture?
  /// The actual frame, if that side has one.
  public var actual: Picture?
  /// The difference image, when both sides have frames of one size.
  public var diff: Picture?
}
