/// One option of a render, declared once: its name (the manifest key; the command-line flag is
/// `--` and the key), what it takes with its range, its help, the style override it feeds and the
/// `RenderRequest` field it sets. `RenderOption.all` is the table the command line builds its
/// parser and help from and batch manifests decode through; ranges are checked by `kind.parse`.
public struct RenderOption: Sendable {
  /// The field of `RenderRequest` an option sets, by the type of its value.
  public enum Binding: Sendable {
    case integer(WritableKeyPath<RenderRequest, Int?> & Sendable)
    case number(WritableKeyPath<RenderRequest, Double?> & Sendable)
    case color(WritableKeyPath<RenderRequest, RGBAColor?> & Sendable)
    case text(WritableKeyPath<RenderRequest, String?> & Sendable)
    case time(WritableKeyPath<RenderRequest, StillTime?> & Sendable)
    case flag(WritableKeyPath<RenderRequest, Bool> & Sendable)
  }

  /// The manifest key and long flag without dashes: `size`.
  public let key: String
  /// What the option takes, with its range.
  public let kind: OptionKind
  /// The placeholder shown in help: `PX`, `COLOR`.
  public let valueName: String
  /// One line of help.
  public let help: String
  /// The style override this option sets, if any; help lists the presets that honour it.
  public let field: StyleOverrides.Field?
  /// The request field it sets.
  public let binding: Binding
  /// Whether the value can change what is written (`quiet` does not); the fingerprint leaves the others out.
  public let changesOutput: Bool

  /// Declares an option.
  public init(
    _ key: String, _ kind: OptionKind, _ valueName: String, _ help: String, field: StyleOverrides.Field? = nil,
    _ binding: Binding, changesOutput: Bool = true
  ) {
    self.key = key
    self.kind = kind
    self.valueName = valueName
    self.help = help
    self.field = field
    self.binding = binding
    self.changesOutput = changesOutput
  }

  /// Sets the option's field of `request` to `value` (parsed by `kind`; a value of another type is ignored).
  public func set(_ value: OptionValue, in request: inout RenderRequest) {
    switch binding {
    case .integer(let path): request[keyPath: path] = value.integer
    case .number(let path): request[keyPath: path] = value.number
    case .color(let path): request[keyPath: path] = value.color
    case .text(let path): request[keyPath: path] = value.text
    case .time(let path): request[keyPath: path] = value.time
    case .flag(let path): request[keyPath: path] = value == .flag
    }
  }

  /// The option's value in `request`, or `nil` when it is not given.
  public func value(in request: RenderRequest) -> OptionValue? {
    switch binding {
    case .integer(let path): return request[keyPath: path].map(OptionValue.integer)
    case .number(let path): return request[keyPath: path].map(OptionValue.number)
    case .color(let path): return request[keyPath: path].map(OptionValue.color)
    case .text(let path): return request[keyPath: path].map(OptionValue.text)
    case .time(let path): return request[keyPath: path].map(OptionValue.time)
    case .flag(let path): return request[keyPath: path] ? .flag : nil
    }
  }

  /// The option with `key`, if there is one.
  public static func named(_ key: String) -> RenderOption? { byKey[key] }

  private static let byKey = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })

  /// Keys whose values are paths (relative to a manifest's folder in a manifest).
  public static let pathKeys: Set<String> = ["out", "style-file", "image"]

  /// The style source: a preset or a style file.
  public static let style: [RenderOption] = [
    RenderOption("style", .text, "NAME", "A preset: " + Presets.names.joined(separator: ", ") + ".", .text(\.style)),
    RenderOption("style-file", .path, "FILE", "A style as JSON (the format 'describe' prints).", .text(\.styleFile)),
  ]

  /// Output, canvas and timing options.
  public static let output: [RenderOption] = [
    RenderOption(
      "out", .path, "PATH", "name.gif (animation), name.png (still) or folder/ (PNG frames).", .text(\.out)),
    RenderOption(
      "size", .integer(1...RenderSettings.maxPixelSize, unit: "pixels"), "PX",
      "Canvas edge at 1× (default: the style's).", .integer(\.size)),
    RenderOption(
      "scale", .integer(1...RenderSettings.maxScale, unit: nil), "N",
      "Pixels per point, for @2x/@3x assets; size × scale ≤ \(RenderSettings.maxPixelSize).", .integer(\.scale)),
    RenderOption(
      "fps",
      .number(lower: RenderSettings.minFPS, lowerOpen: false, upper: RenderSettings.maxFPS, unit: "frames per second"),
      "FPS", "Frame rate (default: the style's).", .number(\.fps)),
    RenderOption(
      "duration", .number(lower: 0, lowerOpen: true, upper: Double(RenderSettings.maxFrames), unit: "seconds"),
      "SECONDS", "Length; the style's timeline is stretched to it (≤ \(RenderSettings.maxFrames) frames).",
      .number(\.duration)),
    RenderOption(
      "loop", .integer(GIFOptions.loopRange, unit: nil), "N", "GIF loop count; 0 loops forever (default).",
      .integer(\.loop)),
    RenderOption(
      "background", .color, "COLOR", "Canvas colour or 'transparent' (default: the style's).", .color(\.background)),
    RenderOption(
      "edge-levels", .integer(RenderSettings.edgeLevelRange, unit: nil), "N",
      "Anti-aliasing levels: \(RenderSettings.defaultEdgeLevels) (default) fits a GIF palette; 256 is full.",
      .integer(\.edgeLevels)),
    RenderOption(
      "at", .time, "TIME", "Time of a still: '1.5s', '1500ms' or '40%' (default: the end, 100%).", .time(\.at)),
    RenderOption("quiet", .flag, "", "Print nothing on success.", .flag(\.quiet), changesOutput: false),
  ]

  /// GIF encoding options (see `GIFOptions`).
  public static let gif: [RenderOption] = [
    RenderOption(
      "colors", .integer(GIFOptions.colorRange, unit: nil), "N", "GIF palette size (default 256).",
      .integer(\.colors)),
    RenderOption(
      "dither", .number(lower: 0, lowerOpen: false, upper: 1, unit: nil), "D",
      "Ordered dithering of colours the palette lacks; 0 is off (default).", .number(\.dither)),
    RenderOption(
      "matte", .color, "COLOR", "Page colour to blend semi-transparent pixels onto (default: cut at 50 % alpha).",
      .color(\.matte)),
  ]

  /// Options that change the style's look and tracks (see `StyleOverrides`).
  public static let look: [RenderOption] = [
    RenderOption(
      "color", .color, "COLOR", "Progress colour: the arc, the waves or the pie.", field: .color,
      .color(\.overrides.color)),
    RenderOption(
      "track-color", .color, "COLOR", "Colour of the ring under the arc.", field: .trackColor,
      .color(\.overrides.trackColor)),
    RenderOption(
      "text-color", .color, "COLOR", "Colour of every label.", field: .textColor, .color(\.overrides.textColor)),
    RenderOption(
      "line-width", .number(lower: 0, lowerOpen: true, upper: 2048, unit: "points"), "W",
      "Arc width; the track keeps its proportion.", field: .lineWidth, .number(\.overrides.lineWidth)),
    RenderOption(
      "caption", .text, "TEXT", "Caption text (plain text, CJK welcome).", field: .caption,
      .text(\.overrides.caption)),
    RenderOption(
      "label", .text, "FORMAT", "Value label: 'Skip', 'mm:ss', '%.0f', '%.1f%%'.", field: .label,
      .text(\.overrides.label)),
    RenderOption(
      "font", .text, "FAMILY", "Font family of every label (fontconfig name).", field: .font,
      .text(\.overrides.font)),
    RenderOption(
      "image", .path, "FILE", "PNG picture under the pie (default: built in).", field: .image,
      .text(\.overrides.imagePath)),
    RenderOption(
      "progress", .number(lower: 0, lowerOpen: false, upper: 1, unit: nil), "P",
      "Hold progress at P while other tracks run.", field: .progress, .number(\.overrides.progress)),
    RenderOption(
      "pulse-scale", .number(lower: 0, lowerOpen: true, upper: 2, unit: nil), "S", "Peak scale of the pulse.",
      field: .pulseScale, .number(\.overrides.pulseScale)),
    RenderOption(
      "pulse-period", .number(lower: 0, lowerOpen: true, upper: 60, unit: "seconds"), "SECONDS",
      "One whole pulse, out and back.", field: .pulsePeriod, .number(\.overrides.pulsePeriod)),
    RenderOption(
      "pulse-count", .integer(1...1000, unit: nil), "N", "Number of pulses.", field: .pulseCount,
      .integer(\.overrides.pulseCount)),
    RenderOption(
      "variant", .choice(StyleOverrides.Variant.allCases.map(\.rawValue)), "NAME",
      "Pie over the picture, or a growing ring.", field: .variant, .text(\.variantName)),
    RenderOption(
      "ring-width", .number(lower: 0, lowerOpen: true, upper: 2048, unit: "points"), "W",
      "Ring variant's width (selects it); half the canvas is a full pie.", field: .ringWidth,
      .number(\.overrides.ringWidth)),
  ]

  /// Every option of a render, in help order.
  public static let all = style + output + gif + look
}
