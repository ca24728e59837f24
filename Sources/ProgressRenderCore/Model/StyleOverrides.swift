/// Command-line changes to a style's look and tracks: colours, widths, texts, font, image,
/// a constant progress, the pulse and the upload ring variant.
///
/// Every property is optional; `nil` leaves the style as it is. `applied(to:)` maps each one
/// onto the parts of the style's `Look` (and onto its tracks) as follows — a part the style
/// does not have is left alone, and `ignoredFields(by:)` names the overrides that change nothing:
///
/// - `color` (`--color`): the progress arc's colour (an arc cycling `colors` then keeps this one);
///   each wave layer's colour and the upload pie's overlay colour, keeping that part's own opacity
///   (its alpha × the colour's alpha, so that the picture stays visible under the pie); the
///   spokes' and the dots' colour.
/// - `trackColor` (`--track-color`): the full ring under the arc; the wave's outer ring (its
///   fading tail keeps its own opacity).
/// - `textColor` (`--text-color`): every centre label (not the thumb's: `timerColor`).
/// - `thumbColor` (`--thumb-color`): the thumb's fill and outline.
/// - `timerColor` (`--timer-color`): the thumb's label (`thumb`'s timer).
/// - `shadowColor` (`--shadow-color`): the halo of every label that has one (`upload`'s).
/// - `fillColor` (`--fill-color`): the wave's inner circle above the water.
/// - `lineWidth` (`--line-width`, points at the style's design size, scaled with it; it replaces
///   a platform's own width at its size, `Look.sizes`): the arc's width; the track
///   keeps its width relative to the arc (`download` 8 of 12, `thumb` 2 of 4), or takes the
///   width when there is no arc; the wave's outer ring; the spokes' stroke.
/// - `caption` (`--caption`): the text of every label whose role is `caption`, as plain text
///   (a `%` in it is written `%%` so that it shows as typed).
/// - `label` (`--label`): the format of every label whose role is `value` — plain text
///   (`Skip`), `mm:ss`, or a pattern with one `%d` / `%.Nf` (`%.0f%%`); the label keeps its source.
/// - `font` (`--font`): the font family of every label, the thumb's label included.
/// - `imagePath` (`--image`): the picture of the image fill.
/// - `progress` (`--progress`): the `progress` track becomes that constant for the whole
///   timeline, while every other track runs as before (animations; a still's plan instead takes
///   the time at which the track first reaches it, see `RenderRequest.plan()`).
/// - `pulseScale`, `pulsePeriod`, `pulseCount` (`--pulse-scale`, `--pulse-period`,
///   `--pulse-count`): the `scale` track is rewritten as one span from its first key (rest value,
///   begin and easing kept) to `pulseScale`; `pulsePeriod` is one whole pulse, out and back when
///   the track autoreverses (the `countdown` preset: 1.1, 0.6 s, 1); `pulseCount` is its repeat count.
/// - `variant` (`--variant`) `.ring`, or `ringWidth` (`--ring-width`) alone: the source's
///   ZRCircleProgressView. The pie is replaced by a UIKit `orangeColor` (`#ff8000`) arc from
///   12 o'clock clockwise following the same track, of width `ringWidth` (default a twentieth of
///   the canvas; half the canvas fills the circle as a pie), and the picture by a solid disc (the
///   view's `backgroundColor`: UIKit `blueColor`, `#0000ff`, as under the source's thin ring; its
///   wide one sat on `cyanColor`). The label stays. `.pie` leaves the style as it is.
/// - `discColor` (`--disc-color`): the disc's colour, the ring variant's included.
/// - `spokes` (`--spokes`): the number of spokes (UIKit: 8 since iOS 13, 12 in the older styles).
///
/// The variant is applied first, so `color` and `lineWidth` then reach the ring's arc.
public struct StyleOverrides: Equatable, Sendable {
  /// The upload preset's two looks: a shrinking pie over the picture, or a growing ring.
  public enum Variant: String, CaseIterable, Sendable {
    case pie
    case ring
  }

  /// One override, named as its command-line option (without the leading `--`).
  public enum Field: String, CaseIterable, Sendable {
    case color
    case trackColor = "track-color"
    case textColor = "text-color"
    case lineWidth = "line-width"
    case caption
    case label
    case font
    case image
    case progress
    case pulseScale = "pulse-scale"
    case pulsePeriod = "pulse-period"
    case pulseCount = "pulse-count"
    case variant
    case ringWidth = "ring-width"
    case discColor = "disc-color"
    case spokes
    case thumbColor = "thumb-color"
    case timerColor = "timer-color"
    case shadowColor = "shadow-color"
    case fillColor = "fill-color"

    /// The field's entry in `StyleOverrides.fields`: help, binding, range, which styles honour it.
    /// (The table lists the fields in declaration order; a test holds it to that.)
    public var spec: FieldSpec { StyleOverrides.fields[StyleOverrides.Field.allCases.firstIndex(of: self) ?? 0] }

    /// Whether setting this field changes something in `style`.
    ///
    /// `lineWidth` is judged on the style as it is; `StyleOverrides.ignoredFields(by:)` judges
    /// it after the ring variant has been applied.
    /// - Parameter style: the style before any override.
    /// - Returns: `true` when the style has a part or track the field acts on.
    public func isHonoured(by style: Style) -> Bool { spec.isHonoured(style) }
  }

  /// Colour of the progress arc, the wave layers or the upload pie.
  public var color: RGBAColor?
  /// Colour of the ring under the arc, or of the wave's outer ring.
  public var trackColor: RGBAColor?
  /// Colour of every label.
  public var textColor: RGBAColor?
  /// Width of the arc in points; the track follows in proportion.
  public var lineWidth: Double?
  /// Plain text for the caption labels.
  public var caption: String?
  /// Format for the value labels.
  public var label: String?
  /// Font family for every label.
  public var font: String?
  /// PNG file for the image fill.
  public var imagePath: String?
  /// Constant value 0…1 for the `progress` track.
  public var progress: Double?
  /// Peak value of the `scale` track.
  public var pulseScale: Double?
  /// Seconds of one whole pulse.
  public var pulsePeriod: Double?
  /// Number of pulses.
  public var pulseCount: Int?
  /// Pie or ring, for a style with a pie.
  public var variant: Variant?
  /// Width of the ring variant's arc in points.
  public var ringWidth: Double?
  /// Colour of the disc (the ring variant's, or a style's own).
  public var discColor: RGBAColor?
  /// Number of spokes of an activity indicator.
  public var spokes: Int?
  /// Colour of the thumb.
  public var thumbColor: RGBAColor?
  /// Colour of the thumb's label.
  public var timerColor: RGBAColor?
  /// Colour of the labels' halo.
  public var shadowColor: RGBAColor?
  /// Colour of the wave's inner circle.
  public var fillColor: RGBAColor?

  /// The default arc colour of the ring variant: UIKit `orangeColor` (1.0, 0.5, 0.0), as the source's ring.
  public static let ringVariantColor = RGBAColor(r: 255, g: 128, b: 0)
  /// The default disc colour of the ring variant: UIKit `blueColor`, as under the source's thin ring.
  public static let ringVariantDiscColor = RGBAColor(r: 0, g: 0, b: 255)

  /// Creates overrides; every `nil` leaves that part of the style alone.
  public init(
    color: RGBAColor? = nil, trackColor: RGBAColor? = nil, textColor: RGBAColor? = nil,
    lineWidth: Double? = nil, caption: String? = nil, label: String? = nil, font: String? = nil,
    imagePath: String? = nil, progress: Double? = nil, pulseScale: Double? = nil,
    pulsePeriod: Double? = nil, pulseCount: Int? = nil, variant: Variant? = nil, ringWidth: Double? = nil,
    discColor: RGBAColor? = nil, spokes: Int? = nil, thumbColor: RGBAColor? = nil, timerColor: RGBAColor? = nil,
    shadowColor: RGBAColor? = nil, fillColor: RGBAColor? = nil
  ) {
    self.color = color
    self.trackColor = trackColor
    self.textColor = textColor
    self.lineWidth = lineWidth
    self.caption = caption
    self.label = label
    self.font = font
    self.imagePath = imagePath
    self.progress = progress
    self.pulseScale = pulseScale
    self.pulsePeriod = pulsePeriod
    self.pulseCount = pulseCount
    self.variant = variant
    self.ringWidth = ringWidth
    self.discColor = discColor
    self.spokes = spokes
    self.thumbColor = thumbColor
    self.timerColor = timerColor
    self.shadowColor = shadowColor
    self.fillColor = fillColor
  }

  /// The fields that are set, in declaration order.
  public var setFields: [Field] {
    StyleOverrides.fields.filter { $0.isSet(in: self) }.map(\.field)
  }

  /// The set fields that would change nothing in `style` (the command line warns about them).
  /// - Parameter style: the style before any override.
  /// - Returns: the fields in declaration order.
  public func ignoredFields(by style: Style) -> [Field] {
    let shaped = applyingVariant(to: style)
    return setFields.filter { field in
      switch field {
      case .variant, .ringWidth: return !field.isHonoured(by: style)
      case .discColor: return shaped.look.disc == nil
      default: return !field.isHonoured(by: shaped)
      }
    }
  }

  /// Checks the values that depend on the style: widths fit the canvas, a label format parses.
  /// - Parameter style: the style the overrides will be applied to.
  /// - Throws: `StyleError` naming the option, the value and the valid range.
  public func validate(against style: Style) throws(StyleError) {
    let half = style.size / 2
    if let width = lineWidth, !(width > 0 && width <= half) {
      throw .widthOutOfRange(field: .lineWidth, value: width, limit: half)
    }
    if let width = ringWidth, !(width > 0 && width <= half) {
      throw .widthOutOfRange(field: .ringWidth, value: width, limit: half)
    }
    if let format = label {
      do {
        _ = try LabelFormatter(format: format)
      } catch {
        throw .override(field: .label, reason: error)
      }
    }
  }

  /// The style with every set override applied, as listed in the type's discussion.
  /// - Parameter style: the style to change.
  /// - Returns: the changed style; parts the style lacks are not added.
  /// - Complexity: O(tracks + keyframes + labels).
  public func applied(to style: Style) -> Style {
    var result = applyingVariant(to: style)
    applyTracks(to: &result)
    applyColorsAndWidths(to: &result.look)
    applyLabels(to: &result.look)
    if let path = imagePath, result.look.image != nil {
      result.look.image?.path = path
    }
    return result
  }

  // MARK: - Parts

  private func applyingVariant(to style: Style) -> Style {
    guard variant == .ring || (variant == nil && ringWidth != nil), let pie = style.look.pie else {
      return style
    }
    var result = style
    result.look.pie = nil
    result.look.image = nil
    result.look.disc = Disc(color: StyleOverrides.ringVariantDiscColor)
    result.look.arc = Arc(
      color: StyleOverrides.ringVariantColor, width: ringWidth ?? style.size / 20, cap: .butt, startAngle: -90,
      clockwise: true, source: pie.source)
    return result
  }

  private func applyTracks(to style: inout Style) {
    if let value = progress, let index = style.tracks.firstIndex(where: { $0.name == "progress" }) {
      style.tracks[index] = Track(name: "progress", keyframes: [TrackKeyframe(time: 0, value: value)])
    }
    if let index = style.tracks.firstIndex(where: { $0.name == "scale" }) {
      style.tracks[index] = pulsed(style.tracks[index])
    }
  }

  private func pulsed(_ track: Track) -> Track {
    var track = track
    if pulseScale != nil || pulsePeriod != nil, let first = track.keyframes.first {
      let last = track.keyframes.last ?? first
      let reverses = track.timing?.autoreverses ?? false
      let span = pulsePeriod.map { reverses ? $0 / 2 : $0 } ?? (last.time - first.time)
      track.keyframes = [
        TrackKeyframe(time: first.time, value: first.value, easing: first.easing),
        TrackKeyframe(time: first.time + span, value: pulseScale ?? last.value),
      ]
      track.calculation = nil
    }
    if let count = pulseCount {
      var timing = track.timing ?? Timing()
      timing.repeatCount = Double(count)
      timing.repeatForever = nil
      track.timing = timing
    }
    return track
  }

  private func applyColorsAndWidths(to look: inout Look) {
    if let discColor { look.disc?.color = discColor }
    if let thumbColor {
      look.thumb?.fill = thumbColor
      if look.thumb?.stroke != nil { look.thumb?.stroke = thumbColor }
    }
    if let fillColor, look.wave != nil { look.wave?.fill = fillColor }
    if let spokes { look.spokes?.count = spokes }
    if let color {
      look.arc?.color = color
      look.arc?.colors = nil
      look.spokes?.color = color
      look.dots?.color = color
      if let pie = look.pie { look.pie?.color = color.withAlpha(color.alpha * pie.color.alpha) }
      if var wave = look.wave {
        wave.layers = wave.layers.map { layer in
          var layer = layer
          layer.color = color.withAlpha(color.alpha * layer.color.alpha)
          return layer
        }
        look.wave = wave
      }
    }
    if let trackColor {
      look.track?.color = trackColor
      if var ring = look.wave?.ring {
        ring.color = trackColor
        ring.tailColor = ring.tailColor.map { trackColor.withAlpha(trackColor.alpha * $0.alpha) }
        look.wave?.ring = ring
      }
    }
    if let width = lineWidth {
      if let arc = look.arc, let track = look.track, arc.width > 0 {
        // Kept within the lengths a style may hold: a hair-thin arc under a wide track would
        // otherwise scale the track past any canvas.
        look.track?.width = min(width * track.width / arc.width, Double(RenderLimits.maxPixelSize))
      } else {
        look.track?.width = width
      }
      look.arc?.width = width
      look.wave?.ring.width = width
      look.spokes?.width = width
      // The width given wins over a platform's own width at its size.
      look.sizes = look.sizes?.map { size in
        var size = size
        size.width = nil
        return size
      }
    }
  }

  private func applyLabels(to look: inout Look) {
    let caption = caption.map { $0.replacingOccurrences(of: "%", with: "%%") }
    func change(_ label: LookLabel, text color: RGBAColor?) -> LookLabel {
      var label = label
      if let caption, label.role == .caption {
        label.format = caption
        label.source = nil
        label.multiplier = nil
      }
      if let format = self.label, label.role == .value { label.format = format }
      if let font { label.font.family = font }
      if let color { label.color = color }
      if let shadowColor { label.shadow?.color = shadowColor }
      return label
    }
    look.labels = look.labels?.map { change($0, text: textColor) }
    if let thumbLabel = look.thumb?.label { look.thumb?.label = change(thumbLabel, text: timerColor) }
  }

  // MARK: - Helpers

  /// Every label of a look: the centred labels, then the thumb's.
  static func allLabels(of look: Look) -> [LookLabel] {
    (look.labels ?? []) + (look.thumb?.label.map { [$0] } ?? [])
  }
}

extension StyleOverrides {
  /// The property of `StyleOverrides` a field sets, with what it accepts.
  public enum Binding: Sendable {
    /// A colour.
    case color(WritableKeyPath<StyleOverrides, RGBAColor?> & Sendable)
    /// A text.
    case text(WritableKeyPath<StyleOverrides, String?> & Sendable)
    /// A file path.
    case path(WritableKeyPath<StyleOverrides, String?> & Sendable)
    /// A number within the limit.
    case number(WritableKeyPath<StyleOverrides, Double?> & Sendable, Limit)
    /// A whole number within the range.
    case integer(WritableKeyPath<StyleOverrides, Int?> & Sendable, ClosedRange<Int>)
    /// One of the words.
    case choice(WritableKeyPath<StyleOverrides, String?> & Sendable, [String])
  }

  /// The range of a number: above (`lowerOpen`) or at least `lower`, and at most `upper`.
  public struct Limit: Equatable, Sendable {
    /// The lowest value, or the bound just below the lowest when `lowerOpen`.
    public var lower: Double
    /// Whether `lower` itself is refused.
    public var lowerOpen: Bool
    /// The highest value.
    public var upper: Double

    /// Declares a limit.
    public init(_ lower: Double, open lowerOpen: Bool = false, _ upper: Double) {
      self.lower = lower
      self.lowerOpen = lowerOpen
      self.upper = upper
    }
  }

  /// One override, declared once: what it changes (one line of help), the property it sets with
  /// its range, and which styles honour it.
  public struct FieldSpec: Sendable {
    /// The field, named as its option: `line-width`.
    public let field: Field
    /// The placeholder of its value in help: `COLOR`, `W`.
    public let valueName: String
    /// What it changes, in one line.
    public let help: String
    /// The unit of a number, shown in messages: `points`.
    public let unit: String?
    /// The property it sets and what that accepts.
    public let binding: Binding
    /// Whether `style` has a part or track it acts on.
    public let isHonoured: @Sendable (Style) -> Bool

    /// Whether the field is set in `overrides`.
    public func isSet(in overrides: StyleOverrides) -> Bool {
      switch binding {
      case .color(let path): return overrides[keyPath: path] != nil
      case .text(let path), .path(let path), .choice(let path, _): return overrides[keyPath: path] != nil
      case .number(let path, _): return overrides[keyPath: path] != nil
      case .integer(let path, _): return overrides[keyPath: path] != nil
      }
    }
  }

  /// The upload variant by name (`pie`, `ring`), for the field table.
  public var variantName: String? {
    get { variant?.rawValue }
    set { variant = newValue.flatMap(Variant.init(rawValue:)) }
  }

  /// Every override, in `Field` order: the one table help, `styles`, the option table and
  /// `setFields` read (what each does to a style is in the type's discussion and `applied(to:)`).
  public static let fields: [FieldSpec] = [
    FieldSpec(
      field: .color, valueName: "COLOR", help: "Progress colour: the arc, the waves or the pie.", unit: nil,
      binding: .color(\.color),
      isHonoured: {
        $0.look.arc != nil || $0.look.wave != nil || $0.look.pie != nil || $0.look.spokes != nil || $0.look.dots != nil
      }),
    FieldSpec(
      field: .trackColor, valueName: "COLOR", help: "Colour of the ring under the arc.", unit: nil,
      binding: .color(\.trackColor), isHonoured: { $0.look.track != nil || $0.look.wave != nil }),
    FieldSpec(
      field: .textColor, valueName: "COLOR", help: "Colour of the centre labels (not the thumb's).", unit: nil,
      binding: .color(\.textColor), isHonoured: { !($0.look.labels ?? []).isEmpty }),
    FieldSpec(
      field: .lineWidth, valueName: "W", help: "Arc width; the track keeps its proportion.", unit: "points",
      binding: .number(\.lineWidth, Limit(0, open: true, 2048)),
      isHonoured: { $0.look.arc != nil || $0.look.track != nil || $0.look.wave != nil || $0.look.spokes != nil }),
    FieldSpec(
      field: .caption, valueName: "TEXT", help: "Caption text (plain text, CJK welcome).", unit: nil,
      binding: .text(\.caption), isHonoured: { allLabels(of: $0.look).contains { $0.role == .caption } }),
    FieldSpec(
      field: .label, valueName: "FORMAT", help: "Value label: 'Skip', 'mm:ss', '%.0f', '%.1f%%'.", unit: nil,
      binding: .text(\.label), isHonoured: { allLabels(of: $0.look).contains { $0.role == .value } }),
    FieldSpec(
      field: .font, valueName: "FAMILY", help: "Font family of every label (fontconfig name).", unit: nil,
      binding: .text(\.font), isHonoured: { !allLabels(of: $0.look).isEmpty }),
    FieldSpec(
      field: .image, valueName: "FILE", help: "PNG picture under the pie (default: built in).", unit: nil,
      binding: .path(\.imagePath), isHonoured: { $0.look.image != nil }),
    FieldSpec(
      field: .progress, valueName: "P",
      help: "Still: the scene when progress first reaches P; animations hold progress at P.", unit: nil,
      binding: .number(\.progress, Limit(0, 1)), isHonoured: { $0.tracks.contains { $0.name == "progress" } }),
    FieldSpec(
      field: .pulseScale, valueName: "S",
      help: "Peak of the pulse; the ring rests at 1/S size (1: no pulse, full ring).",
      unit: nil,
      binding: .number(\.pulseScale, Limit(0, open: true, 2)), isHonoured: hasScaleTrack),
    FieldSpec(
      field: .pulsePeriod, valueName: "SECONDS", help: "One whole pulse, out and back.", unit: "seconds",
      binding: .number(\.pulsePeriod, Limit(0, open: true, 60)), isHonoured: hasScaleTrack),
    FieldSpec(
      field: .pulseCount, valueName: "N", help: "Number of pulses.", unit: nil,
      binding: .integer(\.pulseCount, 1...1000), isHonoured: hasScaleTrack),
    FieldSpec(
      field: .variant, valueName: "NAME", help: "Pie over the picture, or a growing ring.", unit: nil,
      binding: .choice(\.variantName, Variant.allCases.map(\.rawValue)), isHonoured: { $0.look.pie != nil }),
    FieldSpec(
      field: .ringWidth, valueName: "W", help: "Ring variant's width (selects it); half the canvas is a full pie.",
      unit: "points", binding: .number(\.ringWidth, Limit(0, open: true, 2048)), isHonoured: { $0.look.pie != nil }),
    FieldSpec(
      field: .discColor, valueName: "COLOR", help: "Disc under the ring variant (default UIKit blue).", unit: nil,
      binding: .color(\.discColor), isHonoured: { $0.look.disc != nil || $0.look.pie != nil }),
    FieldSpec(
      field: .spokes, valueName: "N", help: "Number of spokes (iOS 13+: 8; before: 12).", unit: nil,
      binding: .integer(\.spokes, 1...64), isHonoured: { $0.look.spokes != nil }),
    FieldSpec(
      field: .thumbColor, valueName: "COLOR", help: "Colour of the thumb riding the ring.", unit: nil,
      binding: .color(\.thumbColor), isHonoured: { $0.look.thumb != nil }),
    FieldSpec(
      field: .timerColor, valueName: "COLOR", help: "Colour of the thumb's label (thumb's timer).", unit: nil,
      binding: .color(\.timerColor), isHonoured: { $0.look.thumb?.label != nil }),
    FieldSpec(
      field: .shadowColor, valueName: "COLOR", help: "Colour of the labels' halo (upload's).", unit: nil,
      binding: .color(\.shadowColor), isHonoured: { allLabels(of: $0.look).contains { $0.shadow != nil } }),
    FieldSpec(
      field: .fillColor, valueName: "COLOR", help: "Colour of the wave's inner circle above the water.", unit: nil,
      binding: .color(\.fillColor), isHonoured: { $0.look.wave != nil }),
  ]

  private static let hasScaleTrack: @Sendable (Style) -> Bool = { $0.tracks.contains { $0.name == "scale" } }
}
