/// What a render wrote.
public struct RenderSummary: Equatable, Sendable {
  /// The file or folder written.
  public var path: String
  /// Frames rendered (1 for a still).
  public var frameCount: Int
  /// Frames stored in the file after merging identical ones (GIF), else `frameCount`.
  public var storedFrameCount: Int
  /// Bytes written in total.
  public var bytes: Int
  /// Pixel width of each frame (and height, when square).
  public var pixelSize: Int
  /// Pixel height of each frame.
  public var pixelHeight: Int
  /// What the output could not hold exactly, one line per part (a Lottie file's approximations:
  /// `the shadow of 'label' is not written`); empty for raster outputs.
  public var warnings: [String] = []

  /// Creates a summary.
  public init(
    path: String, frameCount: Int, storedFrameCount: Int, bytes: Int, pixelSize: Int, pixelHeight: Int? = nil
  ) {
    self.path = path
    self.frameCount = frameCount
    self.storedFrameCount = storedFrameCount
    self.bytes = bytes
    self.pixelSize = pixelSize
    self.pixelHeight = pixelHeight ?? pixelSize
  }

  /// `90 frames (72 stored)` when a GIF merged identical frames, else `90 frames` (`1 frame`): the
  /// count `diff` names the same way.
  public var framesText: String {
    let noun = frameCount == 1 ? "frame" : "frames"
    return storedFrameCount < frameCount
      ? "\(frameCount) \(noun) (\(storedFrameCount) stored)" : "\(frameCount) \(noun)"
  }
}
