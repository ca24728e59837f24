/// The rules a decoded style must meet beyond its JSON shape; each failure names its JSON path.
extension StyleLoader {
  /// Checks a style's values: non-empty name; size, duration and fps > 0; tracks with unique,
  /// non-empty names and at least one key; key times ≥ 0 in ascending order; finite values;
  /// timing speed and repeat count > 0; widths, diameters and font sizes in range; label formats
  /// valid and label, arc and pie sources naming a track.
  /// - Parameters:
  ///   - style: the style, e.g. after applying command-line overrides.
  ///   - source: what to call it in messages.
  /// - Throws: `StyleLoadError` with the JSON path of the first bad value.
  public static func validate(_ style: Style, source: String) throws(StyleLoadError) {
    try StyleValidator(source: source, style: style).run()
  }
}

/// Walks a style checking each rule; the first failure is thrown.
private struct StyleValidator {
  let source: String
  let style: Style

  func fail(_ path: String, _ message: String) -> StyleLoadError {
    StyleLoadError(source: source, path: path, message: message)
  }

  func text(_ value: Double) -> String { DecimalText.shortest(value) }

  func finite(_ value: Double?, _ path: String) throws(StyleLoadError) {
    if let value, !value.isFinite { throw fail(path, "expected a finite number, found \(value)") }
  }

  func positive(_ value: Double?, _ path: String) throws(StyleLoadError) {
    try finite(value, path)
    if let value, value <= 0 { throw fail(path, "expected a number greater than 0, found \(text(value))") }
  }

  /// Widths, diameters and offsets in points: at most the largest canvas.
  static let maxLength = Double(RenderSettings.maxPixelSize)
  /// Font sizes in points.
  static let maxFontSize = 1024.0
  /// Characters in one label format (a caption).
  static let maxLabelLength = 1000

  func length(_ value: Double?, _ path: String) throws(StyleLoadError) {
    try within(value, 0...Self.maxLength, path)
  }

  func nonNegative(_ value: Double?, _ path: String) throws(StyleLoadError) {
    try finite(value, path)
    if let value, value < 0 { throw fail(path, "expected a number of at least 0, found \(text(value))") }
  }

  func within(_ value: Double?, _ range: ClosedRange<Double>, _ path: String) throws(StyleLoadError) {
    try finite(value, path)
    if let value, !range.contains(value) {
      let bounds = "\(text(range.lowerBound))…\(text(range.upperBound))"
      throw fail(path, "expected a number in \(bounds), found \(text(value))")
    }
  }

  func run() throws(StyleLoadError) {
    if style.name.allSatisfy(\.isWhitespace) { throw fail("name", "must not be empty") }
    try positive(style.size, "size")
    try within(style.size, 0...Double(RenderSettings.maxPixelSize), "size")
    try positive(style.duration, "duration")
    try within(style.fps, RenderSettings.minFPS...RenderSettings.maxFPS, "fps")
    if (style.duration * style.fps).rounded() > Double(RenderSettings.maxFrames) {
      throw fail(
        "duration",
        "\(text(style.duration)) s at \(text(style.fps)) fps is more than \(RenderSettings.maxFrames) frames")
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

  func check(_ track: Track, _ path: String) throws(StyleLoadError) {
    if track.keyframes.isEmpty { throw fail(path + ".keyframes", "expected at least one keyframe") }
    var previous: Double?
    for (index, key) in track.keyframes.enumerated() {
      let keyPath = "\(path).keyframes[\(index)]"
      try nonNegative(key.time, keyPath + ".time")
      try finite(key.value, keyPath + ".value")
      if let previous, key.time < previous {
        throw fail(
          keyPath + ".time",
          "\(text(key.time)) is before the previous key's time \(text(previous)); keys must be in ascending time order")
      }
      previous = key.time
    }
    if let timing = track.timing {
      try finite(timing.begin, path + ".timing.begin")
      try positive(timing.speed, path + ".timing.speed")
      try positive(timing.repeatCount, path + ".timing.repeatCount")
    }
  }

  func check(_ look: Look) throws(StyleLoadError) {
    if let track = look.track { try length(track.width, "look.track.width") }
    if let arc = look.arc {
      try length(arc.width, "look.arc.width")
      try finite(arc.startAngle, "look.arc.startAngle")
      try within(arc.minProgress, 0...1, "look.arc.minProgress")
      try source(arc.source, "look.arc.source", allowsTime: false)
    }
    if let thumb = look.thumb {
      try length(thumb.diameter, "look.thumb.diameter")
      try length(thumb.strokeWidth, "look.thumb.strokeWidth")
      if let label = thumb.label { try check(label, "look.thumb.label") }
    }
    if let pie = look.pie { try source(pie.source, "look.pie.source", allowsTime: false) }
    if let wave = look.wave {
      try length(wave.ring.width, "look.wave.ring.width")
      try within(wave.ring.gap, 0...360, "look.wave.ring.gap")
      try within(wave.inset, 0...0.49, "look.wave.inset")
      for (index, layer) in wave.layers.enumerated() {
        let path = "look.wave.layers[\(index)]"
        try within(layer.amplitude, 0...1, path + ".amplitude")
        try positive(layer.wavelength, path + ".wavelength")
        try within(layer.wavelength, 0...100, path + ".wavelength")
        try finite(layer.speed, path + ".speed")
        try finite(layer.offset, path + ".offset")
      }
    }
    for (index, label) in (look.labels ?? []).enumerated() { try check(label, "look.labels[\(index)]") }
  }

  func check(_ label: Label, _ path: String) throws(StyleLoadError) {
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
    try within(label.font.size, 0...Self.maxFontSize, path + ".font.size")
    try finite(label.multiplier, path + ".multiplier")
    try within(label.offset, -Self.maxLength...Self.maxLength, path + ".offset")
    try source(label.source, path + ".source", allowsTime: true)
    if formatter.usesValue && label.source == nil {
      throw fail(path + ".source", "the format '\(label.format)' shows a value: name a track or 'time' as its source")
    }
  }

  func source(_ name: String?, _ path: String, allowsTime: Bool) throws(StyleLoadError) {
    guard let name else { return }
    let names = style.tracks.map(\.name) + (allowsTime ? ["time"] : [])
    guard !names.contains(name) else { return }
    let hint = NearestWord.suggestion(for: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
    let valid = names.isEmpty ? "the style has no tracks" : "expected one of \(names.joined(separator: ", "))"
    throw fail(path, "no track named '\(name)'\(hint); \(valid)")
  }
}
