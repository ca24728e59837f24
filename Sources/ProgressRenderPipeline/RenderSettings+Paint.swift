import ProgressRenderCore
import ProgressRenderRaster

extension RenderSettings {
  /// The part of the settings a painter reads.
  public var paintSettings: PaintSettings {
    PaintSettings(pixelSize: pixelSize, scale: scale, edgeLevels: edgeLevels, background: background)
  }
}
