import ProgressRenderCore
import ProgressRenderFormats

/// One option of a render, declared once: its name (the manifest key; the command-line flag is
/// `--` and the key), what it takes with its range, its help, the style override it feeds and the
/// `RenderRequest` field it sets. `RenderOption.all` is the table the command line builds its
/// parser and help from and batch manifests decode through; ranges are checked by `kind.parse`.
package struct RenderOption: Sendable {
  /// The field of `RenderRequest` an option sets, by the type of its value.
  public enum Binding: Sendable {
    case integer(WritableKeyPath<RenderRequest, Int?> & Sendable)
    /// A canvas: its width (or edge), and its height when it is not square.
    case canvas(
      width: WritableKeyPath<RenderRequest, Int?> & Sendable, height: WritableKeyPath<RenderRequest, Int?> & Sendable)
    case number(WritableKeyPath<RenderRequest, Double?> & Sendable)
    case color(WritableKeyPath<RenderRequest, RGBAColor?> & Sendable)
    case text(WritableKeyPath<RenderRequest, String?> & Sendable)
    case time(WritableKeyPath<RenderRequest, StillTime?> & Sendable)
    case flag(WritableKeyPath<RenderRequest, Bool> & Sendable)
    /// A GIF dithering method, set from its word (checked against the choices by `kind.parse`).
    case ditherMethod(WritableKeyPath<RenderRequest, GIFDitherMethod?> & Sendable)
    /// How a GIF shows partial alpha, set from its word (checked against the choices by `kind.parse`).
    case transparency(WritableKeyPath<RenderRequest, GIFTransparency?> & Sendable)
    /// A style appearance, set from its word (checked against the choices by `kind.parse`).
    case appearance(WritableKeyPath<RenderRequest, StyleAppearance?> & Sendable)
    /// A field of the request's `overrides`.
    case override(StyleOverrides.Binding)
  }

  /// The manifest key and long flag: `.size` (`size`, `--size`).
  public let key: OptionKey
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
    _ key: OptionKey, _ kind: OptionKind, _ valueName: String, _ help: String, field: StyleOverrides.Field? = nil,
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
    case .canvas(let width, let height):
      if case .canvas(let w, let h) = value {
        request[keyPath: width] = w
        request[keyPath: height] = h
      } else {
        request[keyPath: width] = value.integer
        request[keyPath: height] = nil
      }
    case .number(let path): request[keyPath: path] = value.number
    case .color(let path): request[keyPath: path] = value.color
    case .text(let path): request[keyPath: path] = value.text
    case .time(let path): request[keyPath: path] = value.time
    case .flag(let path): request[keyPath: path] = value == .flag
    case .ditherMethod(let path): request[keyPath: path] = value.text.flatMap(GIFDitherMethod.init(rawValue:))
    case .appearance(let path): request[keyPath: path] = value.text.flatMap(StyleAppearance.init(rawValue:))
    case .transparency(let path): request[keyPath: path] = value.text.flatMap(GIFTransparency.init(rawValue:))
    case .override(let binding): RenderOption.set(value, binding, in: &request.overrides)
    }
  }

  /// The option's value in `request`, or `nil` when it is not given.
  public func value(in request: RenderRequest) -> OptionValue? {
    switch binding {
    case .integer(let path): return request[keyPath: path].map(OptionValue.integer)
    case .canvas(let width, let height):
      guard let w = request[keyPath: width] else { return nil }
      return request[keyPath: height].map { OptionValue.canvas(width: w, height: $0) } ?? .integer(w)
    case .number(let path): return request[keyPath: path].map(OptionValue.number)
    case .color(let path): return request[keyPath: path].map(OptionValue.color)
    case .text(let path): return request[keyPath: path].map(OptionValue.text)
    case .time(let path): return request[keyPath: path].map(OptionValue.time)
    case .flag(let path): return request[keyPath: path] ? .flag : nil
    case .ditherMethod(let path): return request[keyPath: path].map { OptionValue.text($0.rawValue) }
    case .appearance(let path): return request[keyPath: path].map { OptionValue.text($0.rawValue) }
    case .transparency(let path): return request[keyPath: path].map { OptionValue.text($0.rawValue) }
    case .override(let binding): return RenderOption.value(binding, in: request.overrides)
    }
  }

  private static func set(_ value: OptionValue, _ binding: StyleOverrides.Binding, in overrides: inout StyleOverrides) {
    switch binding {
    case .color(let path): overrides[keyPath: path] = value.color
    case .text(let path), .path(let path), .choice(let path, _): overrides[keyPath: path] = value.text
    case .number(let path, _): overrides[keyPath: path] = value.number
    case .integer(let path, _): overrides[keyPath: path] = value.integer
    }
  }

  private static func value(_ binding: StyleOverrides.Binding, in overrides: StyleOverrides) -> OptionValue? {
    switch binding {
    case .color(let path): return overrides[keyPath: path].map(OptionValue.color)
    case .text(let path), .path(let path), .choice(let path, _): return overrides[keyPath: path].map(OptionValue.text)
    case .number(let path, _): return overrides[keyPath: path].map(OptionValue.number)
    case .integer(let path, _): return overrides[keyPath: path].map(OptionValue.integer)
    }
  }

  /// The option named `name` (a manifest key or a flag without its dashes), if there is one.
  public static func named(_ name: String) -> RenderOption? { OptionKey(name: name).flatMap { byKey[$0] } }

  /// The option with `key`.
  public static func option(_ key: OptionKey) -> RenderOption? { byKey[key] }

  private static let byKey = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })

  /// Keys whose values are paths (relative to a manifest's folder in a manifest).
  public static let pathKeys: Set<OptionKey> = [.out, .styleFile, .lottie, .look(.image)]

  /// The style source: a preset or a style file.
  public static let style: [RenderOption] = [
    RenderOption(.style, .text, "NAME", "A preset: " + Presets.names.joined(separator: ", ") + ".", .text(\.style)),
    RenderOption(.styleFile, .path, "FILE", "A style as JSON (the format 'describe' prints).", .text(\.styleFile)),
    RenderOption(
      .lottie, .path, "FILE",
      "A Lottie file (.json or .lottie; - reads standard input) to render instead of a style.",
      .text(\.lottie)),
  ]

  /// Output, canvas and timing options.
  public static let output: [RenderOption] = [
    RenderOption(
      .out, .path, "PATH", "name.gif, .webp, .apng (animation), .png (still), .json (Lottie) or folder/ (PNG frames).",
      .text(\.out)),
    RenderOption(
      .size, .canvas(1...RenderSettings.maxPixelSize, unit: "pixels"), "PX",
      "Canvas edge at 1×, or WIDTHxHEIGHT (default: the style's).",
      .canvas(width: \.size, height: \.height)),
    RenderOption(
      .scale, .integer(1...RenderSettings.maxScale, unit: nil), "N",
      "Pixels per point, for @2x/@3x assets; size × scale ≤ \(RenderSettings.maxPixelSize).", .integer(\.scale)),
    RenderOption(
      .fps,
      .number(lower: RenderSettings.minFPS, lowerOpen: false, upper: RenderSettings.maxFPS, unit: "frames per second"),
      "FPS", "Frame rate (default: the style's).", .number(\.fps)),
    RenderOption(
      .duration, .number(lower: 0, lowerOpen: true, upper: Double(RenderSettings.maxFrames), unit: "seconds"),
      "SECONDS", "Length; the style's timeline is stretched to it (≤ \(RenderSettings.maxFrames) frames).",
      .number(\.duration)),
    RenderOption(
      .speed,
      .number(
        lower: RenderSettings.speedRange.lowerBound, lowerOpen: false, upper: RenderSettings.speedRange.upperBound,
        unit: nil),
      "FACTOR", "Length ÷ FACTOR: 2 plays twice as fast (not with --duration).",
      .number(\.speed)),
    RenderOption(
      .loop, .integer(GIFOptions.loopRange, unit: nil), "N",
      "Repeats after the first play (GIF, WebP, APNG); 0 loops forever (default).",
      .integer(\.loop)),
    RenderOption(
      .appearance, .choice(StyleAppearance.allCases.map(\.rawValue)), "NAME",
      "The preset's light or dark palette (default: its own colours).",
      .appearance(\.appearance)),
    RenderOption(
      .background, .color, "COLOR", "Canvas colour or 'transparent' (default: the style's).", .color(\.background)),
    RenderOption(
      .edgeLevels, .integer(RenderSettings.edgeLevelRange, unit: nil), "N",
      "Anti-aliasing levels: \(RenderSettings.defaultEdgeLevels) (default) fits a GIF palette; 256 is full.",
      .integer(\.edgeLevels)),
    RenderOption(
      .at, .time, "TIME", "Time of a still: '1.5s', '1500ms', '40%' or frame '12f' (default: the end, 100%).",
      .time(\.at)),
    RenderOption(.quiet, .flag, "", "Print nothing on success.", .flag(\.quiet), changesOutput: false),
  ]

  /// GIF encoding options (see `GIFOptions`).
  public static let gif: [RenderOption] = [
    RenderOption(
      .colors, .integer(GIFOptions.colorRange, unit: nil), "N", "GIF palette size (default 256).",
      .integer(\.colors)),
    RenderOption(
      .dither, .number(lower: 0, lowerOpen: false, upper: 1, unit: nil), "D",
      "Dithering strength; 0 is off (default: 1 for photos, 0 for flat art).", .number(\.dither)),
    RenderOption(
      .ditherMethod, .choice(GIFDitherMethod.allCases.map(\.rawValue)), "METHOD",
      "How to dither: error diffusion (default) or an ordered pattern.",
      .ditherMethod(\.ditherMethod)),
    RenderOption(
      .matte, .color, "COLOR",
      "Page colour to blend semi-transparent pixels onto (default: none, see --transparency).", .color(\.matte)),
    RenderOption(
      .transparency, .choice(GIFTransparency.allCases.map(\.rawValue)), "MODE",
      "A GIF's partial alpha without --matte: dithered (default) or cut at 50 %.",
      .transparency(\.transparency)),
  ]

  /// Animated WebP options (see `AnimationEncoder`).
  public static let webp: [RenderOption] = [
    RenderOption(
      .quality, .integer(AnimationEncoder.qualityRange, unit: nil), "Q",
      "Lossy WebP at quality Q; without it a WebP is lossless.", .integer(\.quality)),
    RenderOption(
      .title, .text, "TEXT", "An SVG's <title>, what a screen reader says (default: the style's summary).",
      .text(\.title)),
  ]

  /// Options that change the style's look and tracks: `StyleOverrides.fields`, one option each.
  public static let look = StyleOverrides.fields.map(RenderOption.init(override:))

  /// The option of a style override: its key, help and range come from the field's entry.
  public init(override spec: StyleOverrides.FieldSpec) {
    let kind: OptionKind
    switch spec.binding {
    case .color: kind = .color
    case .text: kind = .text
    case .path: kind = .path
    case .number(_, let limit):
      kind = .number(lower: limit.lower, lowerOpen: limit.lowerOpen, upper: limit.upper, unit: spec.unit)
    case .integer(_, let range): kind = .integer(range, unit: spec.unit)
    case .choice(_, let words): kind = .choice(words)
    }
    self.init(.look(spec.field), kind, spec.valueName, spec.help, field: spec.field, .override(spec.binding))
  }

  /// Every option of a render, in help order.
  public static let all = style + output + gif + webp + look
}
