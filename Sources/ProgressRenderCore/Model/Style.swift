import Foundation
import ProgressRenderSupport

/// A complete, self-describing progress indicator: canvas, timing, tracks and look.
///
/// Presets are `Style` values; `progress-render describe STYLE` prints one as JSON and
/// `--style-file` reads it back.
public struct Style: Codable, Equatable, Sendable {
  /// Short name, e.g. `download`.
  public var name: String
  /// One line saying what it is and where it comes from.
  public var summary: String
  /// Canvas edge in points at 1×.
  public var size: Double
  /// Default length of the animation in seconds; `--duration` rescales the whole timeline.
  public var duration: Double
  /// Default frames per second.
  public var fps: Double
  /// Canvas background (`transparent` allowed).
  public var background: RGBAColor
  /// The animated values, by name.
  public var tracks: [Track]
  /// What is drawn.
  public var look: Look
  /// The colours for light pages, when the style's own are not (`--appearance light`).
  public var light: StylePalette?
  /// The colours for dark pages (`--appearance dark`).
  public var dark: StylePalette?

  /// Creates a style.
  public init(
    name: String, summary: String, size: Double, duration: Double, fps: Double,
    background: RGBAColor, tracks: [Track], look: Look, light: StylePalette? = nil, dark: StylePalette? = nil
  ) {
    self.name = name
    self.summary = summary
    self.size = size
    self.duration = duration
    self.fps = fps
    self.background = background
    self.tracks = tracks
    self.look = look
    self.light = light
    self.dark = dark
  }

  /// The style in an appearance's colours (`light` or `dark`); the style as it is when it has no
  /// palette for it.
  public func inAppearance(_ appearance: StyleAppearance) -> Style {
    let palette = appearance == .dark ? dark : light
    var style = palette?.applied(to: self) ?? self
    style.light = nil
    style.dark = nil
    return style
  }
}

extension Style {
  /// The style as canonical JSON: pretty-printed, keys sorted, slashes unescaped, a trailing
  /// newline; numbers in their shortest round-trip form. The same style gives the same bytes.
  /// - Returns: the JSON text.
  /// - Throws: `EncodingError` when a number is not finite (JSON cannot hold it).
  public func canonicalJSON() throws -> String {
    try CanonicalJSON.text(of: self) + "\n"
  }
}
