/// Why render settings are refused; each names the command-line option(s) and the limit.
public enum RenderSettingsError: ProgressRenderError, Equatable, Sendable, CustomStringConvertible {
  /// Bad input: nothing was written.
  public var kind: ErrorKind { .badInput }

  /// `size × scale` pixels is below 1 or above `RenderSettings.maxPixelSize`.
  case pixelSize(size: Double, scale: Int)
  /// The scale is outside `1...RenderSettings.maxScale`.
  case scale(Int)
  /// The frame rate is below `RenderSettings.minFPS` or above `RenderSettings.maxFPS`.
  case fps(Double)
  /// The duration is not a positive number of seconds.
  case duration(Double)
  /// `round(duration × fps)` is above `RenderSettings.maxFrames`.
  case frameCount(duration: Double, fps: Double)
  /// The edge coverage levels are outside `RenderSettings.edgeLevelRange`.
  case edgeLevels(Int)

  /// One line naming the option(s), the value and the limit.
  public var description: String {
    let n = NumberText.short
    switch self {
    case .pixelSize(let size, let scale):
      let pixels = n(size * Double(scale))
      if size * Double(scale) < 1 {
        return "--size \(n(size)) × --scale \(scale) = \(pixels) px is below 1 px; use a --size of at least 1"
      }
      return "--size \(n(size)) × --scale \(scale) = \(pixels) px is above the \(RenderSettings.maxPixelSize) px "
        + "limit; lower --size or --scale"
    case .scale(let scale):
      return "--scale \(scale) is out of range: use 1…\(RenderSettings.maxScale)"
    case .fps(let fps):
      return
        "--fps \(n(fps)) is out of range: use a frame rate from \(n(RenderSettings.minFPS)) to \(n(RenderSettings.maxFPS))"
    case .duration(let duration):
      return "--duration \(n(duration)) is out of range: use a number of seconds above 0"
    case .frameCount(let duration, let fps):
      return "--duration \(n(duration)) × --fps \(n(fps)) = \(n((duration * fps).rounded())) frames is above the "
        + "\(RenderSettings.maxFrames) frame limit; shorten --duration or lower --fps"
    case .edgeLevels(let levels):
      let range = RenderSettings.edgeLevelRange
      return "--edge-levels \(levels) is out of range: use \(range.lowerBound)…\(range.upperBound) "
        + "(\(RenderSettings.defaultEdgeLevels) is the default, \(range.upperBound) is full anti-aliasing)"
    }
  }
}
