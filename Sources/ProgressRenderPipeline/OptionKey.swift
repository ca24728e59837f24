import ProgressRenderCore

/// The name of a render option, typed: the manifest key, and the command-line flag after `--`
/// (`name`). Code names options by case (`.out`, `.look(.label)`); text becomes a key once, where
/// it is read (`init?(name:)`).
public enum OptionKey: Hashable, Sendable, CustomStringConvertible {
  /// `style`: a preset.
  case style
  /// `style-file`: a style JSON file.
  case styleFile
  /// `lottie`: a Lottie animation file, rendered instead of a style.
  case lottie
  /// `out`: the output path.
  case out
  /// `size`: the canvas edge.
  case size
  /// `scale`: pixels per point.
  case scale
  /// `fps`: the frame rate.
  case fps
  /// `duration`: the length.
  case duration
  /// `speed`: the timeline played faster (above 1) or slower; the length divided by it.
  case speed
  /// `loop`: repeats after the first play.
  case loop
  /// `appearance`: the preset's light or dark palette.
  case appearance
  /// `background`: the canvas colour.
  case background
  /// `edge-levels`: anti-aliasing levels.
  case edgeLevels
  /// `at`: the time of a still.
  case at
  /// `quiet`: print nothing on success.
  case quiet
  /// `colors`: a GIF's palette size.
  case colors
  /// `dither`: a GIF's dithering strength.
  case dither
  /// `dither-method`: how a GIF is dithered.
  case ditherMethod
  /// `matte`: the page colour a GIF's translucent pixels are blended onto.
  case matte
  /// `transparency`: how a GIF without a matte shows partial alpha (dither or cut).
  case transparency
  /// `quality`: a lossy WebP's quality.
  case quality
  /// `title`: an SVG's title, what a screen reader says.
  case title
  /// A style override (`color`, `label`, `image`, …).
  case look(StyleOverrides.Field)

  /// Every key: the options that are not overrides, then one per override field.
  public static let allCases: [OptionKey] =
    [
      .style, .styleFile, .lottie, .out, .size, .scale, .fps, .duration, .speed, .loop, .appearance, .background,
      .edgeLevels,
      .at,
      .quiet,
      .colors, .dither, .ditherMethod, .matte, .transparency, .quality, .title,
    ] + StyleOverrides.Field.allCases.map(OptionKey.look)

  private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

  /// The key named `name` (`edge-levels`), if there is one.
  /// - Parameter name: the manifest key or the flag without its dashes.
  public init?(name: String) {
    guard let key = OptionKey.byName[name] else { return nil }
    self = key
  }

  /// The manifest key and long flag without dashes: `edge-levels`.
  public var name: String {
    switch self {
    case .style: return "style"
    case .styleFile: return "style-file"
    case .lottie: return "lottie"
    case .out: return "out"
    case .size: return "size"
    case .scale: return "scale"
    case .fps: return "fps"
    case .duration: return "duration"
    case .speed: return "speed"
    case .loop: return "loop"
    case .appearance: return "appearance"
    case .background: return "background"
    case .edgeLevels: return "edge-levels"
    case .at: return "at"
    case .quiet: return "quiet"
    case .colors: return "colors"
    case .dither: return "dither"
    case .ditherMethod: return "dither-method"
    case .matte: return "matte"
    case .transparency: return "transparency"
    case .quality: return "quality"
    case .title: return "title"
    case .look(let field): return field.rawValue
    }
  }

  /// The name.
  public var description: String { name }
}
