/// The bounds of a render that style data is checked against as well: the style loader and the
/// overrides read them here, and `RenderSettings` checks the final settings against the same values.
public enum RenderLimits {
  /// Largest canvas edge in pixels.
  public static let maxPixelSize = 4096
  /// Largest canvas of an animated file (GIF, WebP, APNG), in pixels: 2048 × 2048. An encoder holds
  /// about a dozen frame-sized buffers (painted, resolved, mapped, the previous frame…), so a
  /// 4096 × 4096 GIF took a gigabyte; at this size one stays under 300 MB (issue 22). Stills, frame
  /// folders, SVG and Lottie keep `maxPixelSize`.
  public static let maxAnimatedPixels = 2048 * 2048
  /// Smallest frame rate: one frame every 100 s (GIF delays stop at 655 s).
  public static let minFPS = 0.01
  /// Largest frame rate.
  public static let maxFPS = 50.0
  /// Largest number of frames in one render.
  public static let maxFrames = 10_000
}
