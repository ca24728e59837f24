import ProgressRenderCore
import ProgressRenderRaster

/// Frames not yet painted: a composition and the times its frames are taken at, painted one at a
/// time when a `FrameReader` asks for them (a Lottie side of a comparison, as `render` would paint it).
public struct PaintedFrames: Equatable, Sendable {
  /// The scene, fitted to the canvas.
  public var composition: Composition
  /// The canvas, scale, edges and background the frames are painted with.
  public var settings: PaintSettings
  /// Seconds since the start of the composition of each frame, in display order.
  public var times: [Double]

  /// Describes frames to paint.
  /// - Parameters:
  ///   - composition: the scene, fitted to the canvas.
  ///   - settings: how to paint it.
  ///   - times: the time of each frame, in seconds.
  public init(composition: Composition, settings: PaintSettings, times: [Double]) {
    self.composition = composition
    self.settings = settings
    self.times = times
  }
}
