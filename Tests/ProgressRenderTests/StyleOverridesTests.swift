import Testing

@testable import ProgressRenderCore

/// Small hand-made styles, one per kind of look, so each override's effect is easy to state.
private enum Fixture {
  static let red = RGBAColor(r: 255, g: 0, b: 0)
  static let valueLabel = LookLabel(
    format: "%.0f", source: "progress", multiplier: 100, font: FontSpec(size: 14), color: .black, role: .value)
  static let captionLabel = LookLabel(format: "hello", font: FontSpec(size: 18), color: .white, role: .caption)
  static let timerLabel = LookLabel(format: "mm:ss", source: "elapsed", font: FontSpec(size: 10), color: red)

  static func style(_ look: Look, tracks: [Track] = [progress]) -> Style {
    Style(name: "fixture", summary: "", size: 100, duration: 2, fps: 10, background: .white, tracks: tracks, look: look)
  }

  static let progress = Track(
    name: "progress", keyframes: [TrackKeyframe(time: 0, value: 0), TrackKeyframe(time: 1, value: 1)])
  static let scale = Track(
    name: "scale",
    keyframes: [TrackKeyframe(time: 0, value: 1, easing: .easeInOut), TrackKeyframe(time: 0.3, value: 1.1)],
    timing: Timing(begin: 1, repeatCount: 2, autoreverses: true))

  /// Track 8 under an arc 12, a value label (the download preset's shape).
  static let ring = style(
    Look(
      track: RingStroke(color: .black, width: 8), arc: Arc(color: .white, width: 12), labels: [valueLabel]))
  /// Arc, thumb with a timer label, caption.
  static let thumb = style(
    Look(
      track: RingStroke(color: .black, width: 2), arc: Arc(color: .white, width: 4),
      thumb: Thumb(diameter: 30, fill: .white, label: timerLabel), labels: [captionLabel]))
  /// Image under a pie, value label.
  static let pie = style(
    Look(image: ImageFill(), pie: Pie(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.4)), labels: [valueLabel]))
  /// Wave with two layers of different opacity and a fading ring.
  static let wave = style(
    Look(
      wave: Wave(
        ring: WaveRing(color: .black, width: 6, gap: 70, tailColor: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)),
        inset: 0.09,
        layers: [
          WaveLayer(color: RGBAColor(red: 0, green: 0, blue: 1, alpha: 0.6), amplitude: 0.05, wavelength: 1, speed: 1),
          WaveLayer(color: RGBAColor(red: 0, green: 0, blue: 1, alpha: 0.9), amplitude: 0.04, wavelength: 1, speed: -1),
        ])))
  /// An arc that pulses.
  static let pulse = style(Look(arc: Arc(color: .white, width: 4)), tracks: [progress, scale])
}

@Suite struct StyleOverridesTests {
  @Test func noOverridesChangeNothing() {
    for style in [Fixture.ring, Fixture.thumb, Fixture.pie, Fixture.wave, Fixture.pulse] + Presets.all {
      #expect(StyleOverrides().applied(to: style) == style)
      #expect(StyleOverrides().ignoredFields(by: style).isEmpty)
    }
  }

  @Test func colorReachesArcPieAndWaves() throws {
    let overrides = StyleOverrides(color: Fixture.red)
    #expect(overrides.applied(to: Fixture.ring).look.arc?.color == Fixture.red)
    #expect(overrides.applied(to: Fixture.ring).look.track?.color == .black)
    // The pie keeps its own opacity, so the picture stays visible under it (issue 19).
    let pie = try #require(Fixture.pie.look.pie?.color)
    #expect(overrides.applied(to: Fixture.pie).look.pie?.color == Fixture.red.withAlpha(pie.alpha))
    #expect(pie.alpha < 1)
    let layers = overrides.applied(to: Fixture.wave).look.wave!.layers.map(\.color)
    #expect(layers == [Fixture.red.withAlpha(0.6), Fixture.red.withAlpha(0.9)])
    #expect(overrides.applied(to: Fixture.wave).look.wave?.ring.color == .black)
  }

  @Test func trackColorReachesTrackAndWaveRing() {
    let overrides = StyleOverrides(trackColor: Fixture.red)
    let ring = overrides.applied(to: Fixture.ring).look
    #expect(ring.track?.color == Fixture.red)
    #expect(ring.arc?.color == .white)
    let wave = overrides.applied(to: Fixture.wave).look.wave!.ring
    #expect(wave.color == Fixture.red)
    #expect(wave.tailColor == Fixture.red.withAlpha(0))
  }

  @Test(arguments: [
    // (style, width) → (arc width, track width)
    (Fixture.ring, 6.0, 6.0 as Double?, 4.0 as Double?),
    (Fixture.thumb, 10.0, 10.0, 5.0),
    (Fixture.pulse, 7.0, 7.0, nil),
  ])
  func lineWidthKeepsTrackProportion(style: Style, width: Double, arc: Double?, track: Double?) {
    let look = StyleOverrides(lineWidth: width).applied(to: style).look
    #expect(look.arc?.width == arc)
    #expect(look.track?.width == track)
  }

  @Test func lineWidthReachesWaveRing() {
    #expect(StyleOverrides(lineWidth: 3).applied(to: Fixture.wave).look.wave?.ring.width == 3)
  }

  @Test func textColorAndFontReachEveryLabel() {
    let look = StyleOverrides(textColor: Fixture.red, font: "DejaVu Serif").applied(to: Fixture.thumb).look
    let labels = (look.labels ?? []) + [look.thumb!.label!]
    #expect(labels.count == 2)
    for label in labels {
      #expect(label.color == Fixture.red)
      #expect(label.font.family == "DejaVu Serif")
      #expect(label.font.size == (label.role == .caption ? 18 : 10))
    }
  }

  @Test(arguments: [
    ("已推送至 5 家", "已推送至 5 家"),
    ("100% done", "100%% done"),
  ])
  func captionReplacesCaptionText(caption: String, format: String) {
    let look = StyleOverrides(caption: caption).applied(to: Fixture.thumb).look
    #expect(look.labels?.first?.format == format)
    #expect(look.labels?.first?.source == nil)
    #expect(look.thumb?.label?.format == "mm:ss")
  }

  @Test func labelReplacesValueFormatAndKeepsSource() {
    let label = StyleOverrides(label: "%.1f%%").applied(to: Fixture.ring).look.labels!.first!
    #expect(label.format == "%.1f%%")
    #expect(label.source == "progress")
    #expect(label.multiplier == 100)
  }

  @Test func imagePathReachesImageFill() {
    #expect(StyleOverrides(imagePath: "/tmp/p.png").applied(to: Fixture.pie).look.image?.path == "/tmp/p.png")
    #expect(StyleOverrides(imagePath: "/tmp/p.png").applied(to: Fixture.ring).look.image == nil)
  }

  @Test func progressBecomesConstantAndOtherTracksStay() {
    let style = StyleOverrides(progress: 0.37).applied(to: Fixture.pulse)
    #expect(style.tracks[0] == Track(name: "progress", keyframes: [TrackKeyframe(time: 0, value: 0.37)]))
    #expect(style.tracks[1] == Fixture.scale)
  }

  @Test(arguments: [
    // (scale, period, count) → (peak, span, repeat)
    (1.3 as Double?, nil as Double?, nil as Int?, 1.3, 0.3, 2.0),
    (nil, 1.0, nil, 1.1, 0.5, 2.0),
    (nil, nil, 5, 1.1, 0.3, 5.0),
    (1.2, 0.4, 3, 1.2, 0.2, 3.0),
  ])
  func pulseRewritesScaleTrack(
    scale: Double?, period: Double?, count: Int?, peak: Double, span: Double, repeats: Double
  ) {
    let overrides = StyleOverrides(pulseScale: scale, pulsePeriod: period, pulseCount: count)
    let track = overrides.applied(to: Fixture.pulse).tracks[1]
    #expect(track.keyframes.count == 2)
    #expect(track.keyframes[0] == TrackKeyframe(time: 0, value: 1, easing: .easeInOut))
    #expect(track.keyframes[1].value == peak)
    #expect(abs(track.keyframes[1].time - span) < 1e-12)
    #expect(track.timing?.repeatCount == repeats)
    #expect(track.timing?.begin == 1)
    #expect(track.timing?.autoreverses == true)
  }

  @Test(arguments: [
    (StyleOverrides.Variant.ring as StyleOverrides.Variant?, nil as Double?, 5.0),
    (nil, 20.0, 20.0),
    (.ring, 50.0, 50.0),
  ])
  func ringVariantReplacesPieByArc(variant: StyleOverrides.Variant?, width: Double?, expected: Double) {
    let look = StyleOverrides(variant: variant, ringWidth: width).applied(to: Fixture.pie).look
    #expect(look.pie == nil)
    #expect(
      look.arc
        == Arc(
          color: StyleOverrides.ringVariantColor, width: expected, cap: .butt, startAngle: -90, clockwise: true))
    // The source's ZRCircleProgressView: a solid disc under the ring, not the picture.
    #expect(look.image == nil)
    #expect(look.disc == Disc(color: StyleOverrides.ringVariantDiscColor))
    #expect(look.labels == [Fixture.valueLabel])
  }

  @Test func pieVariantKeepsPie() {
    #expect(StyleOverrides(variant: .pie).applied(to: Fixture.pie) == Fixture.pie)
  }

  @Test func colorAndWidthReachTheRingVariant() {
    let look = StyleOverrides(color: Fixture.red, lineWidth: 9, variant: .ring).applied(to: Fixture.pie).look
    #expect(look.arc?.color == Fixture.red)
    #expect(look.arc?.width == 9)
    #expect(StyleOverrides(lineWidth: 9, variant: .ring).ignoredFields(by: Fixture.pie).isEmpty)
    #expect(StyleOverrides(lineWidth: 9).ignoredFields(by: Fixture.pie) == [.lineWidth])
  }

  @Test(arguments: [
    ("download", [StyleOverrides.Field.caption, .image, .pulseScale, .variant]),
    ("thumb", [.image, .pulseScale, .variant]),
    ("countdown", [.trackColor, .caption, .image, .variant]),
    ("upload", [.trackColor, .caption, .pulseScale]),
    ("wave", [.textColor, .caption, .label, .font, .image, .pulseScale, .variant]),
  ])
  func ignoredFieldsOfPresets(name: String, ignored: [StyleOverrides.Field]) throws {
    let style = try Presets.named(name)
    let all = StyleOverrides(
      color: .white, trackColor: .white, textColor: .white, caption: "c", label: "l", font: "f", imagePath: "/i",
      progress: 0.5, pulseScale: 1.2, variant: .pie)
    #expect(all.ignoredFields(by: style) == ignored)
  }

  @Test(arguments: [
    (
      StyleOverrides(lineWidth: 60),
      "--line-width 60 is out of range: use a width above 0 and at most 50 points (half the style's 100 pt canvas)"
    ),
    (
      StyleOverrides(ringWidth: 50.5),
      "--ring-width 50.5 is out of range: use a width above 0 and at most 50 points (half the style's 100 pt canvas)"
    ),
  ])
  /// `message` as the command line says it; the library names the field without dashes.
  func validateRejects(overrides: StyleOverrides, message: String) {
    #expect(throws: (any Error).self) { try overrides.validate(against: Fixture.ring) }
    do {
      try overrides.validate(against: Fixture.ring)
    } catch {
      #expect(error.description(naming: { "--" + $0.rawValue }) == message)
      #expect(error.description == String(message.dropFirst(2)))
    }
  }

  @Test(arguments: ["Skip", "mm:ss", "%.0f", "%.1f%%", "%d s", "100%% sure", "%f"])
  func acceptedLabelFormats(format: String) throws {
    try StyleOverrides(label: format).validate(against: Fixture.ring)
  }

  @Test(arguments: ["%s", "%.0f %.0f", "50%", "%x"])
  func rejectedLabelFormats(format: String) throws {
    let error = try #require(throws: StyleError.self) {
      try StyleOverrides(label: format).validate(against: Fixture.ring)
    }
    #expect(error.description(naming: { "--" + $0.rawValue }).hasPrefix("--label '\(format)' is not a label format ("))
    #expect(error.description.hasPrefix("label '\(format)' is not a label format ("))
  }
}

extension StyleOverridesTests {
  /// The applied style stays within the style limits (a hair-thin arc under a 4096 pt track
  /// once scaled the track to 4e303 points).
  @Test func lineWidthKeepsTheTrackWithinLimits() throws {
    var style = try Presets.named("download")
    style.look.arc?.width = 1e-300
    style.look.track?.width = 4096
    var overrides = StyleOverrides()
    overrides.lineWidth = 5
    let applied = overrides.applied(to: style)
    #expect(applied.look.track?.width == 4096)
    try StyleLoader.validate(applied, source: "download")
  }

  /// The field table lists every field once, in declaration order, and its bindings set the
  /// property the field names: `setFields` reads them.
  @Test func theFieldTableCoversEveryFieldInOrder() {
    #expect(StyleOverrides.fields.map(\.field) == StyleOverrides.Field.allCases)
    for field in StyleOverrides.Field.allCases { #expect(field.spec.field == field) }
    let all = StyleOverrides(
      color: .black, trackColor: .black, textColor: .black, lineWidth: 1, caption: "c", label: "l", font: "f",
      imagePath: "p", progress: 0.5, pulseScale: 1, pulsePeriod: 1, pulseCount: 1, variant: .ring, ringWidth: 1,
      discColor: .black, spokes: 8, thumbColor: .black, timerColor: .black, shadowColor: .black, fillColor: .black)
    #expect(all.setFields == StyleOverrides.Field.allCases)
    #expect(StyleOverrides().setFields.isEmpty)
    #expect(StyleOverrides(pulseCount: 3).setFields == [.pulseCount])
  }

  /// The spinners take `--color` (an arc cycling colours keeps the one given), `--line-width` (the
  /// spokes) and `--spokes`; other styles ignore `--spokes`.
  @Test func spinnerOverrides() throws {
    let red = RGBAColor(r: 255, g: 0, b: 0)
    let overrides = StyleOverrides(color: red, lineWidth: 3, spokes: 12)
    let activity = overrides.applied(to: try Presets.named("activity"))
    #expect(activity.look.spokes == Spokes(color: red, count: 12, width: 3, inner: 0.5, minOpacity: 0.25))
    #expect(overrides.applied(to: try Presets.named("dots")).look.dots?.color == red)
    var material = try Presets.named("material")
    material.look.arc?.colors = [.black, .white]
    let arc = overrides.applied(to: material).look.arc
    #expect(arc?.color == red && arc?.colors == nil && arc?.width == 3)
    #expect(overrides.ignoredFields(by: try Presets.named("download")) == [.spokes])
    #expect(overrides.ignoredFields(by: try Presets.named("dots")) == [.lineWidth, .spokes])
    #expect(overrides.ignoredFields(by: try Presets.named("activity")) == [])
  }
}
