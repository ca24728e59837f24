/// A render held in memory (`RenderJob.renderedFile()`): the bytes of the file `RenderJob.run()`
/// would write, and what they hold.
public struct RenderedFile: Equatable, Sendable {
  /// The file's bytes: a GIF, WebP, APNG, PNG, Lottie JSON, dotLottie or SVG.
  public var bytes: [UInt8]
  /// Frames, stored frames, size and warnings, as `run()` reports them (`bytes` is `bytes.count`).
  public var summary: RenderSummary

  /// Pairs bytes with their summary.
  public init(bytes: [UInt8], summary: RenderSummary) {
    self.bytes = bytes
    self.summary = summary
  }
}
