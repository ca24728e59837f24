import ProgressRenderSupport

/// Why render settings are refused; each names the setting(s) (`size`, `scale`, `fps`, `duration`,
/// `edge-levels`), the value and the limit. A command line names its options instead: see
/// `description(naming:)`.
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

  /// One line naming the setting(s), the value and the limit: `scale 9 is out of range: use 1…4`.
  public var description: String { description(naming: { $0 }) }

  /// One line naming the setting(s) as `name` spells them (`{ "--" + $0 }` for command-line options).
  /// - Parameter name: the spelling of a setting's name (`size`, `scale`, `fps`, `duration`, `edge-levels`).
  /// - Returns: the message.
  public func description(naming name: (String) -> String) -> String {
    let n = NumberText.short
    let (size, scale, fps, duration) = (name("size"), name("scale"), name("fps"), name("duration"))
    switch self {
    case .pixelSize(let value, let factor):
      let pixels = n(value * Double(factor))
      if value * Double(factor) < 1 {
        return "\(size) \(n(value)) × \(scale) \(factor) = \(pixels) px is below 1 px; use a \(size) of at least 1"
      }
      return "\(size) \(n(value)) × \(scale) \(factor) = \(pixels) px is above the \(RenderSettings.maxPixelSize) px "
        + "limit; lower \(size) or \(scale)"
    case .scale(let value):
      return "\(scale) \(value) is out of range: use 1…\(RenderSettings.maxScale)"
    case .fps(let value):
      return
        "\(fps) \(n(value)) is out of range: use a frame rate from \(n(RenderSettings.minFPS)) to \(n(RenderSettings.maxFPS))"
    case .duration(let value):
      return "\(duration) \(n(value)) is out of range: use a number of seconds above 0"
    case .frameCount(let seconds, let rate):
      return "\(duration) \(n(seconds)) × \(fps) \(n(rate)) = \(n((seconds * rate).rounded())) frames is above the "
        + "\(RenderSettings.maxFrames) frame limit; shorten \(duration) or lower \(fps)"
    case .edgeLevels(let levels):
      let range = RenderSettings.edgeLevelRange
      return "\(name("edge-levels")) \(levels) is out of range: use \(range.lowerBound)…\(range.upperBound) "
        + "(\(RenderSettings.defaultEdgeLevels) is the default, \(range.upperBound) is full anti-aliasing)"
    }
  }
}
