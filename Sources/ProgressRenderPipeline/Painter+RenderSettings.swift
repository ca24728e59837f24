import ProgressRenderCore
import ProgressRenderRaster

extension RenderSettings {
  /// The part of the settings a painter reads.
  public var paintSettings: PaintSettings {
    PaintSettings(pixelSize: pixelSize, scale: scale, edgeLevels: edgeLevels, background: background)
  }
}

extension Painter {
  /// Prepares a painter for render settings; see `init(style:paint:baseDirectory:)`.
  /// - Parameters:
  ///   - style: what to draw.
  ///   - settings: canvas size in points, pixel scale, edges and background.
  ///   - baseDirectory: the folder relative image paths are resolved against (`nil`: the working directory).
  /// - Throws: what `init(style:paint:baseDirectory:)` throws.
  public convenience init(style: Style, settings: RenderSettings, baseDirectory: String?) throws {
    try self.init(style: style, paint: settings.paintSettings, baseDirectory: baseDirectory)
  }
}
