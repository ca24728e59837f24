/// Text centred on the canvas or a thumb: a timeline value through a formatter, or plain text.
///
/// `format` is one of: a printf-style pattern with one `%d` or `%.Nf` and `%%` for a percent
/// sign (`"%.0f"`, `"%.1f%%"`); `"mm:ss"` (the value as seconds, minutes:seconds); or plain
/// text with no `%` (a caption).
public struct LookLabel: Codable, Equatable, Sendable {
  /// The formatter, see the type's discussion.
  public var format: String
  /// Where the value comes from: a track name, or `time` for seconds since the start
  /// (default: none, for plain text).
  public var source: String?
  /// Factor applied to the value before formatting (e.g. 100 for a percentage of `progress`).
  public var multiplier: Double?
  /// The font.
  public var font: FontSpec
  /// Text colour.
  public var color: RGBAColor
  /// Vertical offset of the text's centre from the centre, in points (positive is down).
  public var offset: Double?
  /// Hide the label while its value is 0 (the upload source hides it at 0).
  public var hiddenAtZero: Bool?
  /// Optional role, used by command-line overrides: `value` (the main number) or `caption`.
  public var role: LabelRole?
  /// An optional soft shadow behind the text (default: none).
  public var shadow: LabelShadow?

  /// Creates a label.
  public init(
    format: String, source: String? = nil, multiplier: Double? = nil, font: FontSpec,
    color: RGBAColor, offset: Double? = nil, hiddenAtZero: Bool? = nil, role: LabelRole? = nil,
    shadow: LabelShadow? = nil
  ) {
    self.format = format
    self.source = source
    self.multiplier = multiplier
    self.font = font
    self.color = color
    self.offset = offset
    self.hiddenAtZero = hiddenAtZero
    self.role = role
    self.shadow = shadow
  }
}

/// What a label is for, so that `--label` and `--caption` know which text to replace.
public enum LabelRole: String, Codable, Sendable, CaseIterable {
  case value
  case caption
}
