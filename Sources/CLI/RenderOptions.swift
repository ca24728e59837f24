import Foundation
import ProgressRender

/// The options of `render` (and of the bare form), declared once, and what they turn into:
/// `RenderSettings`, `StyleOverrides`, the loop count and the still time.
enum RenderOptions {
  /// Output, canvas and timing options.
  static let output: [OptionSpec] = [
    OptionSpec("--out", .path, "PATH", "name.gif (animation), name.png (still) or folder/ (PNG frames)."),
    OptionSpec(
      "--size", .integer(1...RenderSettings.maxPixelSize, unit: "pixels"), "PX",
      "Canvas edge at 1× (default: the style's)."),
    OptionSpec(
      "--scale", .integer(1...RenderSettings.maxScale, unit: nil), "N",
      "Pixels per point, for @2x/@3x assets; size × scale ≤ \(RenderSettings.maxPixelSize)."),
    OptionSpec(
      "--fps",
      .number(lower: RenderSettings.minFPS, lowerOpen: false, upper: RenderSettings.maxFPS, unit: "frames per second"),
      "FPS",
      "Frame rate (default: the style's)."),
    OptionSpec(
      "--duration", .number(lower: 0, lowerOpen: true, upper: Double(RenderSettings.maxFrames), unit: "seconds"),
      "SECONDS", "Length; the style's timeline is stretched to it (≤ \(RenderSettings.maxFrames) frames)."),
    OptionSpec("--loop", .integer(0...65535, unit: nil), "N", "GIF loop count; 0 loops forever (default)."),
    OptionSpec("--background", .color, "COLOR", "Canvas colour or 'transparent' (default: the style's)."),
    OptionSpec(
      "--edge-levels", .integer(RenderSettings.edgeLevelRange, unit: nil), "N",
      "Anti-aliasing levels: \(RenderSettings.defaultEdgeLevels) (default) fits a GIF palette; 256 is full."),
    OptionSpec(
      "--at", .time, "TIME", "Time of a still: '1.5s', '1500ms' or '40%' (default: the end, 100%)."),
    OptionSpec.flag("--quiet", "Print nothing on success."),
  ]

  /// GIF encoding options (see `GIFOptions`).
  static let gif: [OptionSpec] = [
    OptionSpec("--colors", .integer(2...256, unit: nil), "N", "GIF palette size (default 256)."),
    OptionSpec(
      "--dither", .number(lower: 0, lowerOpen: false, upper: 1, unit: nil), "D",
      "Ordered dithering of colours the palette lacks; 0 is off (default)."),
    OptionSpec(
      "--matte", .color, "COLOR",
      "Page colour to blend semi-transparent pixels onto (default: cut at 50 % alpha)."),
  ]

  /// Options that change the style's look and tracks (see `StyleOverrides`).
  static let look: [OptionSpec] = [
    OptionSpec("--color", .color, "COLOR", "Progress colour: the arc, the waves or the pie.", field: .color),
    OptionSpec("--track-color", .color, "COLOR", "Colour of the ring under the arc.", field: .trackColor),
    OptionSpec("--text-color", .color, "COLOR", "Colour of every label.", field: .textColor),
    OptionSpec(
      "--line-width", .number(lower: 0, lowerOpen: true, upper: 2048, unit: "points"), "W",
      "Arc width; the track keeps its proportion.", field: .lineWidth),
    OptionSpec("--caption", .text, "TEXT", "Caption text (plain text, CJK welcome).", field: .caption),
    OptionSpec("--label", .text, "FORMAT", "Value label: 'Skip', 'mm:ss', '%.0f', '%.1f%%'.", field: .label),
    OptionSpec("--font", .text, "FAMILY", "Font family of every label (fontconfig name).", field: .font),
    OptionSpec("--image", .path, "FILE", "PNG picture under the pie (default: built in).", field: .image),
    OptionSpec(
      "--progress", .number(lower: 0, lowerOpen: false, upper: 1, unit: nil), "P",
      "Hold progress at P while other tracks run.", field: .progress),
    OptionSpec(
      "--pulse-scale", .number(lower: 0, lowerOpen: true, upper: 2, unit: nil), "S", "Peak scale of the pulse.",
      field: .pulseScale),
    OptionSpec(
      "--pulse-period", .number(lower: 0, lowerOpen: true, upper: 60, unit: "seconds"), "SECONDS",
      "One whole pulse, out and back.", field: .pulsePeriod),
    OptionSpec(
      "--pulse-count", .integer(1...1000, unit: nil), "N", "Number of pulses.", field: .pulseCount),
    OptionSpec(
      "--variant", .choice(StyleOverrides.Variant.allCases.map(\.rawValue)), "NAME",
      "Pie over the picture, or a growing ring.", field: .variant),
    OptionSpec(
      "--ring-width", .number(lower: 0, lowerOpen: true, upper: 2048, unit: "points"), "W",
      "Ring variant's width (selects it); half the canvas is a full pie.", field: .ringWidth),
  ]

  /// Every option of `render`, in help order.
  static let all = StyleSource.options + output + gif + look

  /// The settings: the style's defaults, then `--size`, `--scale`, `--fps`, `--duration`, `--background`,
  /// `--edge-levels`.
  /// - Throws: `RenderSettingsError` when the combination breaks a limit.
  static func settings(_ arguments: ParsedArguments, style: Style) throws -> RenderSettings {
    var settings = RenderSettings(defaultsOf: style)
    if let size = arguments.integer("--size") { settings.size = Double(size) }
    if let scale = arguments.integer("--scale") { settings.scale = scale }
    if let fps = arguments.number("--fps") { settings.fps = fps }
    if let duration = arguments.number("--duration") { settings.duration = duration }
    if let background = arguments.color("--background") { settings.background = background }
    if let levels = arguments.integer("--edge-levels") { settings.edgeLevels = levels }
    try settings.validate()
    return settings
  }

  /// The GIF options: `--loop`, `--colors`, `--dither`, `--matte` over `GIFOptions`' defaults.
  static func gifOptions(_ arguments: ParsedArguments) -> GIFOptions {
    var options = GIFOptions(loop: arguments.integer("--loop") ?? 0)
    if let colors = arguments.integer("--colors") { options.colors = colors }
    if let dither = arguments.number("--dither") { options.dither = dither }
    options.matte = arguments.color("--matte")
    return options
  }

  /// The look overrides. A relative `--image` is relative to the working directory: it is made
  /// absolute when the style has a base directory of its own (a style file's folder).
  /// - Throws: `UsageError.input` when `--image` does not name a readable file.
  static func overrides(_ arguments: ParsedArguments, baseDirectory: String?) throws -> StyleOverrides {
    var overrides = StyleOverrides(
      color: arguments.color("--color"), trackColor: arguments.color("--track-color"),
      textColor: arguments.color("--text-color"), lineWidth: arguments.number("--line-width"),
      caption: arguments.text("--caption"), label: arguments.text("--label"), font: arguments.text("--font"),
      progress: arguments.number("--progress"), pulseScale: arguments.number("--pulse-scale"),
      pulsePeriod: arguments.number("--pulse-period"), pulseCount: arguments.integer("--pulse-count"),
      variant: arguments.text("--variant").flatMap(StyleOverrides.Variant.init(rawValue:)),
      ringWidth: arguments.number("--ring-width"))
    if let image = arguments.text("--image") {
      try checkImage(image)
      let absolute = image.hasPrefix("/") || baseDirectory == nil
      overrides.imagePath = absolute ? image : FileManager.default.currentDirectoryPath + "/" + image
    }
    return overrides
  }

  /// The still time, checked against the output's duration.
  /// - Throws: `UsageError.outOfRange` when it is after the end.
  static func stillTime(_ arguments: ParsedArguments, settings: RenderSettings) throws(UsageError) -> StillTime? {
    guard let time = arguments.time("--at") else { return nil }
    if case .seconds(let seconds) = time, seconds > settings.duration {
      let end = NumberText.short(settings.duration)
      throw .outOfRange(
        option: "--at", text: NumberText.short(seconds) + "s",
        expected: "a time within the \(end) s output: 0s…\(end)s or 0%…100%")
    }
    return time
  }

  private static func checkImage(_ path: String) throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw UsageError.input("--image '\(path)' does not exist; give the path of a PNG file")
    }
    guard !isDirectory.boolValue, FileManager.default.isReadableFile(atPath: path) else {
      throw UsageError.input("--image '\(path)' is not a readable file; give the path of a PNG file")
    }
  }
}
