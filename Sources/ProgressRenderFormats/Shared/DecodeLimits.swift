/// Bounds that keep reading an untrusted GIF or PNG cheap: a hostile header cannot make the reader
/// allocate gigabytes or spin for minutes.
public struct DecodeLimits: Equatable, Sendable {
  /// Largest accepted file, in bytes.
  public var maxFileBytes: Int
  /// Largest accepted width or height, in pixels.
  public var maxSide: Int
  /// Largest accepted width × height of one image or GIF screen.
  public var maxFramePixels: Int
  /// Largest accepted width × height of an animation's canvas (a GIF screen, a WebP or APNG canvas):
  /// at most `maxFramePixels`. An animation is played through canvases a PNG does not need (libwebp
  /// keeps two), so its frames are bounded tighter than a PNG's.
  public var maxAnimatedFramePixels: Int
  /// Most frames (GIF images or PNG files) in one input.
  public var maxFrames: Int
  /// Largest sum of width × height over every decoded frame of one input: a bound on time (frames are
  /// decoded one at a time, so memory follows `maxFramePixels`).
  public var maxTotalPixels: Int

  /// Creates limits.
  /// - Parameter maxAnimatedFramePixels: the animation canvas bound (default 2048 × 2048, the largest
  ///   animation progress-render writes, `RenderLimits.maxAnimatedPixels`), never above `maxFramePixels`.
  public init(
    maxFileBytes: Int, maxSide: Int, maxFramePixels: Int, maxFrames: Int, maxTotalPixels: Int,
    maxAnimatedFramePixels: Int = 4 << 20
  ) {
    self.maxFileBytes = maxFileBytes
    self.maxSide = maxSide
    self.maxFramePixels = maxFramePixels
    self.maxAnimatedFramePixels = min(maxAnimatedFramePixels, maxFramePixels)
    self.maxFrames = maxFrames
    self.maxTotalPixels = maxTotalPixels
  }

  /// The defaults: 100 MiB files (two inputs held whole stay under 300 MB of memory; issue 22), 16384
  /// px a side, 16 megapixels a PNG (4096 × 4096, the largest still: a comparison then holds at most
  /// three frames of 64 MiB), 4 megapixels an animation's canvas (2048 × 2048, the largest animation
  /// rendered; libwebp's player alone keeps two canvases), 10,000 frames and 128 megapixels decoded
  /// per input (32 frames of 2048 × 2048). Memory stays under 300 MB for the worst input allowed; its
  /// time grows with the pixels that differ (BENCHMARKS.md, `scripts/limits`).
  public static let standard = DecodeLimits(
    maxFileBytes: 100 << 20, maxSide: 16384, maxFramePixels: 16 << 20, maxFrames: 10_000,
    maxTotalPixels: 128 << 20)
}
