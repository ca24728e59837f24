import ProgressRenderCore
import ProgressRenderFormats
import ProgressRenderSupport

/// Everything one render asks for, typed: the style source, the output, the settings the user
/// set, the GIF options, the still time and the style overrides.
///
/// The command line and batch manifests both fill one through `RenderOption.all` (each option
/// sets one field); `nil` means "not given" (the style's or the encoder's default applies).
public struct RenderRequest: Equatable, Sendable {
  /// A preset by name (`--style`).
  public var style: String?
  /// A style file (`--style-file`).
  public var styleFile: String?
  /// The output path: `name.gif`, `name.png` or `folder/`.
  public var out: String?
  /// Canvas edge at 1×, in points.
  public var size: Int?
  /// Pixels per point.
  public var scale: Int?
  /// Frame rate.
  public var fps: Double?
  /// Length in seconds.
  public var duration: Double?
  /// GIF loop count; 0 loops forever.
  public var loop: Int?
  /// Canvas colour.
  public var background: RGBAColor?
  /// Anti-aliasing levels.
  public var edgeLevels: Int?
  /// Time of a still.
  public var at: StillTime?
  /// Print nothing on success.
  public var quiet = false
  /// GIF palette size.
  public var colors: Int?
  /// GIF dithering strength.
  public var dither: Double?
  /// GIF dithering method: `diffusion` or `ordered`.
  public var ditherMethod: GIFDitherMethod?
  /// GIF matte colour.
  public var matte: RGBAColor?
  /// Lossy WebP quality (0…100); `nil` writes a lossless WebP.
  public var quality: Int?
  /// The style's colours for light or dark pages (`StyleAppearance`), applied before `overrides`.
  public var appearance: StyleAppearance?
  /// Changes to the style's look and tracks.
  public var overrides = StyleOverrides()

  /// An empty request: nothing given.
  public init() {}

  /// The settings: the style's defaults with the given size, scale, rate, length, background and
  /// edge levels over them.
  /// - Parameter style: the style before overrides.
  /// - Returns: the settings, checked.
  /// - Throws: `RenderError` when the combination breaks a limit.
  public func settings(for style: Style) throws(RenderError) -> RenderSettings {
    var settings = RenderSettings(defaultsOf: style)
    if let size { settings.size = Double(size) }
    if let scale { settings.scale = scale }
    if let fps { settings.fps = fps }
    if let duration { settings.duration = duration }
    if let background { settings.background = background }
    if let edgeLevels { settings.edgeLevels = edgeLevels }
    try settings.validate()
    return settings
  }

  /// The GIF options: the given loop count, colours, dithering and matte over `GIFOptions`' defaults.
  public var gifOptions: GIFOptions {
    var options = GIFOptions(loop: loop ?? 0)
    if let colors { options.colors = colors }
    if let dither { options.dither = dither }
    if let ditherMethod { options.ditherMethod = ditherMethod }
    options.matte = matte
    return options
  }

  /// The keys of the options given, in `RenderOption.all` order.
  public var givenKeys: [OptionKey] {
    RenderOption.all.filter { $0.value(in: self) != nil }.map(\.key)
  }

  /// The request as one line of canonical text: every given option that changes the output, by
  /// key in sorted order, with its value normalised (`"size":120`, `"color":"#ff0000"`). Two spellings of one request (`"red"` and `"#ff0000"`, `120` and `"120"`)
  /// have the same text; it feeds a batch asset's fingerprint.
  public var canonicalText: String {
    let options = RenderOption.all.filter(\.changesOutput).sorted { $0.key.name < $1.key.name }
    let pairs = options.compactMap { option in
      option.value(in: self).map { RenderRequest.quoted(option.key.name) + ":" + RenderRequest.canonical($0) }
    }
    return "{" + pairs.joined(separator: ",") + "}"
  }

  private static func canonical(_ value: OptionValue) -> String {
    switch value {
    case .integer(let number): return String(number)
    case .number(let number): return JSONText.number(number)
    case .color(let color): return quoted(color.hexString)
    case .text(let text): return quoted(text)
    case .time(.seconds(let seconds)): return quoted(JSONText.number(seconds) + "s")
    case .time(.fraction(let fraction)): return quoted(JSONText.number(fraction) + " of the duration")
    case .flag: return "true"
    }
  }

  /// A JSON string literal with `"`, `\` and control characters escaped (every control character
  /// as `\u00XX`, unlike `JSONText.quoted`: this text feeds the batch lock's fingerprints, so its
  /// bytes stay as they were).
  private static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"", "\\":
        out += "\\"
        out.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
