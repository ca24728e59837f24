import ProgressRenderCore

/// A Lottie file read into a composition, with what it could not render.
public struct LottieImport: Sendable {
  /// The animation at its own size (`w` × `h`), rate (`fr`) and length ((`op` − `ip`) / `fr`).
  public var composition: Composition
  /// One line per feature not rendered, naming the layer (`layer 'Dots': trim paths ('Trim 1') are not applied`).
  public var warnings: [String]
  /// The image files the animation links and that were read (paths as opened: the Lottie file's
  /// folder joined to the asset's `u` + `p`), in the order first used; not those embedded or packed
  /// in a dotLottie archive.
  public var imageFiles: [String] = []

  /// Creates an import.
  public init(composition: Composition, warnings: [String]) {
    self.composition = composition
    self.warnings = warnings
  }

  /// The animation fitted to another canvas, length and rate: scaled to fit (aspect kept) and
  /// centred, its time stretched so that it plays out over `duration`.
  /// - Parameters:
  ///   - width: canvas width in points.
  ///   - height: canvas height in points.
  ///   - duration: output seconds.
  ///   - frameRate: output frames per second.
  ///   - frameCount: output frames.
  ///   - background: the canvas colour.
  /// - Returns: the composition to paint.
  public func fitted(
    width: Double, height: Double, duration: Double, frameRate: Double, frameCount: Int, background: RGBAColor
  ) -> Composition {
    let source = composition
    let fit = min(width / max(source.width, 1e-9), height / max(source.height, 1e-9))
    let root = CompositionGroup(
      name: source.name,
      transform: NodeTransform(
        anchor: .constant(source.width / 2, source.height / 2), position: .constant(width / 2, height / 2),
        scale: .constant(fit, fit)),
      children: source.nodes)
    return Composition(
      name: source.name, width: width, height: height, duration: duration, frameRate: frameRate,
      frameCount: frameCount, timeScale: duration > 0 ? source.duration / duration : 1, timeline: source.timeline,
      background: background, nodes: [.group(root)])
  }
}
