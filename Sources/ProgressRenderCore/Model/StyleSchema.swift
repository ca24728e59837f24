/// The keys a style file may contain, per object, and the bounds of every value: the range of
/// each number, the largest count of each array and the longest text. Typos are caught and a
/// near key is suggested; every number is checked against its range by `StyleLoader` (on the
/// JSON before decoding, and on the decoded style after command-line overrides). Kept in step
/// with the style types' stored properties by `StyleJSONTests`, and every number the presets
/// write has a range (`StyleLimitsTests`).
indirect enum StyleSchema: Sendable {
  /// An object with these keys.
  case object([String: StyleSchema])
  /// An array of at most `limit` elements of this shape; `what` names them in messages.
  case array(StyleSchema, limit: Int, what: String)
  /// A string naming one of these cases.
  case oneOf([String])
  /// A number in this range.
  case number(ClosedRange<Double>)
  /// A string of at most `maxTextLength` characters (a name, colour, easing or path).
  case text
  /// `true` or `false`.
  case flag

  /// The keys of an object shape, sorted; empty for other shapes.
  var keys: [String] {
    if case .object(let fields) = self { return fields.keys.sorted() }
    return []
  }

  /// The shape of a key of an object shape.
  subscript(key: String) -> StyleSchema? {
    if case .object(let fields) = self { return fields[key] }
    return nil
  }

  /// The element shape of an array shape.
  var element: StyleSchema? {
    if case .array(let element, _, _) = self { return element }
    return nil
  }

  static func cases<T: CaseIterable & RawRepresentable>(_: T.Type) -> StyleSchema where T.RawValue == String {
    .oneOf(T.allCases.map(\.rawValue))
  }

  // MARK: - Limits

  /// Characters in one string value (a name, a label format, a colour, an easing, a path).
  static let maxTextLength = 4096
  /// Tracks in one style.
  static let maxTracks = 100
  /// Keyframes in one track.
  static let maxKeyframesPerTrack = 1000
  /// Keyframes in all tracks together.
  static let maxKeyframes = 5000
  /// Wave layers.
  static let maxWaveLayers = 16
  /// Labels in `look.labels`.
  static let maxLabels = 16
  /// Colours an arc cycles through, and dots in a row.
  static let maxCycle = 16

  /// Lengths in points (widths, diameters, offsets): at most the largest canvas, either side.
  static let length = StyleSchema.number(0...Double(RenderLimits.maxPixelSize))
  static let offset = StyleSchema.number(-Double(RenderLimits.maxPixelSize)...Double(RenderLimits.maxPixelSize))
  /// Times in seconds: at most an hour.
  static let seconds = StyleSchema.number(0...3600)
  /// TrackKeyframe values and label multipliers: a million either side.
  static let amount = StyleSchema.number(-1e6...1e6)
  /// Angles in degrees: ten turns either side.
  static let degrees = StyleSchema.number(-3600...3600)
  /// Fractions of the whole (progress, amplitudes).
  static let fraction = StyleSchema.number(0...1)

  // MARK: - Shapes

  static let timing = StyleSchema.object([
    "begin": .number(-3600...3600), "speed": .number(0...1000), "repeatCount": .number(0...1e6),
    "repeatForever": .flag, "autoreverses": .flag, "fill": cases(FillMode.self),
  ])
  static let keyframe = StyleSchema.object(["time": seconds, "value": amount, "easing": .text, "hold": .flag])
  static let track = StyleSchema.object([
    "name": .text, "keyframes": .array(keyframe, limit: maxKeyframesPerTrack, what: "keyframes"),
    "calculation": cases(CalculationMode.self), "timing": timing,
  ])
  static let font = StyleSchema.object([
    "family": .text, "size": .number(0...1024), "weight": cases(FontWeight.self),
  ])
  static let labelShadow = StyleSchema.object([
    "color": .text, "radius": .number(0...LabelShadow.maxRadius), "dx": .number(-64...64), "dy": .number(-64...64),
  ])
  static let label = StyleSchema.object([
    "format": .text, "source": .text, "multiplier": amount, "font": font, "color": .text, "offset": offset,
    "hiddenAtZero": .flag, "role": cases(LabelRole.self), "shadow": labelShadow,
  ])
  static let ringStroke = StyleSchema.object(["color": .text, "width": length])
  static let arc = StyleSchema.object([
    "color": .text, "width": length, "cap": cases(LineCap.self), "startAngle": degrees, "clockwise": .flag,
    "minProgress": fraction, "source": .text, "tailSource": .text,
    "colors": .array(.text, limit: maxCycle, what: "colors"), "colorSource": .text,
  ])
  static let thumb = StyleSchema.object([
    "diameter": length, "fill": .text, "stroke": .text, "strokeWidth": length, "label": label,
  ])
  static let disc = StyleSchema.object(["color": .text])
  static let image = StyleSchema.object(["path": .text])
  static let pie = StyleSchema.object(["color": .text, "source": .text])
  static let waveRing = StyleSchema.object([
    "color": .text, "width": length, "gap": .number(0...360), "tailColor": .text,
  ])
  static let waveLayer = StyleSchema.object([
    "color": .text, "amplitude": fraction, "wavelength": .number(0...100), "speed": .number(-1000...1000),
    "offset": .number(-1000...1000),
  ])
  static let wave = StyleSchema.object([
    "ring": waveRing, "inset": .number(0...0.49), "fill": .text,
    "layers": .array(waveLayer, limit: maxWaveLayers, what: "wave layers"),
  ])
  static let spokes = StyleSchema.object([
    "color": .text, "count": .number(1...64), "width": length, "inner": fraction, "minOpacity": fraction,
  ])
  static let dots = StyleSchema.object([
    "color": .text, "diameter": length, "spacing": length, "minScale": fraction, "minOpacity": fraction,
    "sources": .array(.text, limit: maxCycle, what: "dot sources"),
  ])
  static let lookSize = StyleSchema.object([
    "size": length, "width": length, "margin": length, "inner": fraction,
  ])
  static let look = StyleSchema.object([
    "track": ringStroke, "arc": arc, "thumb": thumb, "disc": disc, "image": image, "pie": pie, "wave": wave,
    "spokes": spokes, "dots": dots,
    "labels": .array(label, limit: maxLabels, what: "labels"), "margin": length,
    "sizes": .array(lookSize, limit: maxCycle, what: "sizes"),
  ])
  static let palette = StyleSchema.object([
    "background": .text, "track": .text, "arc": .text, "arcColors": .array(.text, limit: maxCycle, what: "colors"),
    "thumb": .text, "thumbText": .text, "text": .text, "shadow": .text, "disc": .text, "pie": .text, "ring": .text,
    "water": .text, "waves": .array(.text, limit: maxWaveLayers, what: "wave colours"), "spokes": .text,
    "dots": .text,
  ])
  /// The whole style document.
  static let style = StyleSchema.object([
    "name": .text, "summary": .text, "size": length, "duration": .number(0.001...3600),
    "fps": .number(RenderLimits.minFPS...RenderLimits.maxFPS), "background": .text,
    "tracks": .array(track, limit: maxTracks, what: "tracks"), "look": look, "light": palette, "dark": palette,
  ])
}
