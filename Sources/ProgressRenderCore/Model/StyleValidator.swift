import ProgressRenderSupport

/// The rules a decoded style must meet beyond its JSON shape; each failure names its JSON path.
extension StyleLoader {
  /// Checks a style's values: every number finite and in its range, every array and string
  /// within its limit (`StyleSchema`); non-empty name; size, duration and fps > 0; at most
  /// `StyleSchema.maxKeyframes` keyframes in all; tracks with unique, non-empty names and at
  /// least one key; key times in ascending order; timing speed and repeat count > 0; label
  /// formats valid and label, arc, pie and dot sources naming a track.
  /// - Parameters:
  ///   - style: the style, e.g. after applying command-line overrides.
  ///   - source: what to call it in messages.
  /// - Throws: `StyleError` with the JSON path of the first bad value.
  public static func validate(_ style: Style, source: String) throws(StyleError) {
    try StyleValidator(source: source, style: style, checkingBounds: !Presets.isBuiltIn(style)).run()
  }
}

/// Walks a style checking each rule; the first failure is thrown.
struct StyleValidator {
  let source: String
  let style: Style
  /// Whether to walk the style against `StyleSchema`'s bounds (by reflection, the slow part);
  /// `false` for a built-in preset, whose bounds the tests check.
  let checkingBounds: Bool

  func fail(_ path: String, _ message: String) -> StyleError {
    StyleError.invalid(source: source, path: path, message: message)
  }

  func text(_ value: Double) -> String { DecimalText.shortest(value) }

  func positive(_ value: Double?, _ path: String) throws(StyleError) {
    if let value, value <= 0 { throw fail(path, "expected a number greater than 0, found \(text(value))") }
  }

  /// Characters in one label format (a caption).
  static let maxLabelLength = 1000

  func run() throws(StyleError) {
    if checkingBounds { try StyleBounds(source: source).check(style, StyleSchema.style, path: "") }
    if style.name.allSatisfy(\.isWhitespace) { throw fail("name", "must not be empty") }
    try positive(style.size, "size")
    try positive(style.duration, "duration")
    let keyframes = style.tracks.reduce(0) { $0 + $1.keyframes.count }
    if keyframes > StyleSchema.maxKeyframes {
      throw fail(
        "tracks", "have \(keyframes) keyframes in all; a style may have at most \(StyleSchema.maxKeyframes)")
    }
    if (style.duration * style.fps).rounded() > Double(RenderLimits.maxFrames) {
      throw fail(
        "duration",
        "\(text(style.duration)) s at \(text(style.fps)) fps is more than \(RenderLimits.maxFrames) frames")
    }
    var seen: [String: Int] = [:]
    for (index, track) in style.tracks.enumerated() {
      let path = "tracks[\(index)]"
      if track.name.allSatisfy(\.isWhitespace) { throw fail(path + ".name", "must not be empty") }
      if let earlier = seen[track.name] {
        throw fail(path + ".name", "'\(track.name)' is already the name of tracks[\(earlier)]; names must be unique")
      }
      seen[track.name] = index
      try check(track, path)
    }
    try check(style.look)
  }

  func check(_ track: Track, _ path: String) throws(StyleError) {
    if track.keyframes.isEmpty { throw fail(path + ".keyframes", "expected at least one keyframe") }
    var previous: Double?
    for (index, key) in track.keyframes.enumerated() {
      let keyPath = "\(path).keyframes[\(index)]"
      if let previous, key.time < previous {
        throw fail(
          keyPath + ".time",
          "\(text(key.time)) is before the previous key's time \(text(previous)); keys must be in ascending time order")
      }
      previous = key.time
    }
    if let timing = track.timing {
      try positive(timing.speed, path + ".timing.speed")
      try positive(timing.repeatCount, path + ".timing.repeatCount")
    }
  }

  func check(_ look: Look) throws(StyleError) {
    if let arc = look.arc {
      try source(arc.source, "look.arc.source", allowsTime: false)
      try source(arc.tailSource, "look.arc.tailSource", allowsTime: false)
      try source(arc.colorSource, "look.arc.colorSource", allowsTime: false)
    }
    for (index, name) in (look.dots?.sources ?? []).enumerated() {
      try source(name, "look.dots.sources[\(index)]", allowsTime: false)
    }
    if let thumb = look.thumb {
      if let label = thumb.label { try check(label, "look.thumb.label") }
    }
    if let pie = look.pie { try source(pie.source, "look.pie.source", allowsTime: false) }
    for (index, layer) in (look.wave?.layers ?? []).enumerated() {
      try positive(layer.wavelength, "look.wave.layers[\(index)].wavelength")
    }
    for (index, label) in (look.labels ?? []).enumerated() { try check(label, "look.labels[\(index)]") }
  }

  func check(_ label: LookLabel, _ path: String) throws(StyleError) {
    if label.format.count > Self.maxLabelLength {
      throw fail(path + ".format", "is \(label.format.count) characters long; use at most \(Self.maxLabelLength)")
    }
    let formatter: LabelFormatter
    do {
      formatter = try LabelFormatter(format: label.format)
    } catch {
      throw fail(path + ".format", error.description)
    }
    try positive(label.font.size, path + ".font.size")
    try source(label.source, path + ".source", allowsTime: true)
    if formatter.usesValue && label.source == nil {
      throw fail(path + ".source", "the format '\(label.format)' shows a value: name a track or 'time' as its source")
    }
  }

  func source(_ name: String?, _ path: String, allowsTime: Bool) throws(StyleError) {
    guard let name else { return }
    let names = style.tracks.map(\.name) + (allowsTime ? ["time"] : [])
    guard !names.contains(name) else { return }
    let hint = NearestWord.suggestion(for: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
    let valid = names.isEmpty ? "the style has no tracks" : "expected one of \(names.joined(separator: ", "))"
    throw fail(path, "no track named '\(name)'\(hint); \(valid)")
  }
}
