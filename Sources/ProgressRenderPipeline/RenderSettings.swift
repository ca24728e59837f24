import ProgressRenderCore
import ProgressRenderRaster

/// How to render a style: canvas, pixel scale, frame rate, length, background.
///
/// Built from a style's defaults and the command line's overrides; validated by `validate()`.
public struct RenderSettings: Equatable, Sendable {
  /// Canvas edge in points: its width when `height` is set.
  public var size: Double
  /// Canvas height in points for a canvas that is not square; `nil` is `size`. The design is drawn
  /// at the largest size whose parts fit the canvas (`PresetCompiler`), centred.
  public var height: Double?
  /// Pixels per point (1, 2, 3 … for @1x, @2x, @3x).
  public var scale: Int
  /// Frames per second (≤ 50: GIF delays under 2 cs play wrong).
  public var fps: Double
  /// Output length in seconds; the style's timeline is stretched to it.
  public var duration: Double
  /// Canvas background; `RGBAColor.clear` for a transparent canvas.
  public var background: RGBAColor
  /// Coverage levels of shapes' and glyphs' edges, 2…256: 256 is Cairo's own anti-aliasing; the
  /// default, 17 (coverage in steps of 1/16), keeps flat-colour art within a GIF's 256 colours.
  public var edgeLevels: Int

  /// Creates settings.
  public init(
    size: Double, scale: Int, fps: Double, duration: Double, background: RGBAColor,
    edgeLevels: Int = RenderSettings.defaultEdgeLevels
  ) {
    self.size = size
    self.scale = scale
    self.fps = fps
    self.duration = duration
    self.background = background
    self.edgeLevels = edgeLevels
  }

  /// The style's own defaults at 1×.
  public init(defaultsOf style: Style) {
    self.init(size: style.size, scale: 1, fps: style.fps, duration: style.duration, background: style.background)
  }

  /// Edge of the rendered canvas in pixels (its width).
  public var pixelSize: Int { Int((size * Double(scale)).rounded()) }
  /// Height of the rendered canvas in pixels.
  public var pixelHeight: Int { Int(((height ?? size) * Double(scale)).rounded()) }

  /// Number of frames: round(duration × fps), at least 1.
  public var frameCount: Int { max(1, Int((duration * fps).rounded())) }

  /// Largest canvas edge in pixels.
  public static let maxPixelSize = RenderLimits.maxPixelSize
  /// Smallest frame rate: one frame every 100 s (GIF delays stop at 655 s).
  public static let minFPS = RenderLimits.minFPS
  /// The speeds `--speed` takes.
  public static let speedRange = 0.01...100.0
  /// Largest frame rate.
  public static let maxFPS = RenderLimits.maxFPS
  /// Edge coverage levels unless told otherwise: 17, steps of 1/16.
  public static let defaultEdgeLevels = 17
  /// The range of `edgeLevels`.
  public static let edgeLevelRange = 2...256
  /// Largest number of frames in one render.
  public static let maxFrames = RenderLimits.maxFrames
}

extension PresetCompiler {
  /// A compiler for the canvas of `settings`.
  /// - Parameters:
  ///   - settings: the canvas in points and its pixel scale.
  ///   - style: what to draw, overrides applied.
  public init(settings: RenderSettings, style: Style) {
    self.init(style: style, pixelWidth: settings.pixelSize, pixelHeight: settings.pixelHeight, scale: settings.scale)
  }
}

extension RenderSettings {
  /// The part of the settings a painter reads.
  public var paintSettings: PaintSettings {
    PaintSettings(
      pixelSize: pixelSize, pixelHeight: pixelHeight, scale: scale, edgeLevels: edgeLevels, background: background)
  }
}

extension RenderSettings {
  /// Largest pixel scale (@4x).
  public static let maxScale = 4

  /// Checks the settings against the tool's limits before anything is rendered or written.
  ///
  /// Order of the checks: scale, size × scale (1…4096 px), fps (0.01 ≤ fps ≤ 50), duration (> 0),
  /// frames = round(duration × fps) ≤ 10,000, edge levels (2…256). Non-finite numbers are refused.
  /// - Throws: the first `RenderError` found.
  public func validate() throws(RenderError) {
    guard (1...RenderSettings.maxScale).contains(scale) else { throw .scale(scale) }
    for side in [size, height ?? size] {
      let pixels = side * Double(scale)
      guard pixels.isFinite, pixels.rounded() >= 1, pixels.rounded() <= Double(RenderSettings.maxPixelSize) else {
        throw .pixelSize(size: side, scale: scale)
      }
    }
    guard fps.isFinite, fps >= RenderSettings.minFPS, fps <= RenderSettings.maxFPS else { throw .fps(fps) }
    guard duration.isFinite, duration > 0 else { throw .duration(duration) }
    guard (duration * fps).rounded() <= Double(RenderSettings.maxFrames) else {
      throw .frameCount(duration: duration, fps: fps)
    }
    guard RenderSettings.edgeLevelRange.contains(edgeLevels) else { throw .edgeLevels(edgeLevels) }
  }
}
