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
