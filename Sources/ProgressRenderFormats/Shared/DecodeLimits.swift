/// Bounds that keep reading an untrusted GIF or PNG cheap: a hostile header cannot make the reader
/// allocate gigabytes or spin for minutes.
public struct DecodeLimits: Equatable, Sendable {
  /// Largest accepted file, in bytes.
  public var maxFileBytes: Int
  /// Largest accepted width or height, in pixels.
  public var maxSide: Int
  /// Largest accepted width × height of one image or GIF screen.
  public var maxFramePixels: Int
  /// Most frames (GIF images or PNG files) in one input.
  public var maxFrames: Int
  /// Largest sum of width × height over every decoded frame of one input: a bound on time (frames are
  /// decoded one at a time, so memory follows `maxFramePixels`).
  public var maxTotalPixels: Int

  /// Creates limits.
  public init(maxFileBytes: Int, maxSide: Int, maxFramePixels: Int, maxFrames: Int, maxTotalPixels: Int) {
    self.maxFileBytes = maxFileBytes
    self.maxSide = maxSide
    self.maxFramePixels = maxFramePixels
    self.maxFrames = maxFrames
    self.maxTotalPixels = maxTotalPixels
  }

  /// The defaults: 100 MiB files (two inputs held whole stay under 300 MB of memory; issue 22), 16384 px a side, 16 megapixels a frame (4096 × 4096, the largest
  /// render: a comparison then holds at most three frames of 64 MiB), 10,000 frames and 128 megapixels
  /// decoded per input (8 frames of 4096 × 4096, 32 of 2048 × 2048). Memory stays under 300 MB for the
  /// worst input allowed; its time grows with the pixels that differ: 8 frames of 4096 × 4096 differing
  /// everywhere take about 9 s (12 s with `--out`) on a 2-core machine (BENCHMARKS.md, `scripts/limits`).
  public static let standard = DecodeLimits(
    maxFileBytes: 100 << 20, maxSide: 16384, maxFramePixels: 16 << 20, maxFrames: 10_000,
    maxTotalPixels: 128 << 20)
}
