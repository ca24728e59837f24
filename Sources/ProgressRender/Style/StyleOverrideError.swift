/// Why a set of `StyleOverrides` cannot be applied to a style.
public enum StyleOverrideError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A width that is not above 0 or wider than half the style's canvas.
  case widthOutOfRange(field: StyleOverrides.Field, value: Double, limit: Double)
  /// A `--label` format the label formatter cannot use.
  case badLabelFormat(String)

  /// One line naming the option, the value and what would be right.
  public var description: String {
    switch self {
    case .widthOutOfRange(let field, let value, let limit):
      return "--\(field.rawValue) \(NumberText.short(value)) is out of range: use a width above 0 and at most "
        + "\(NumberText.short(limit)) points (half the style's \(NumberText.short(limit * 2)) pt canvas)"
    case .badLabelFormat(let format):
      return "--label '\(format)' is not a label format: use plain text such as 'Skip', 'mm:ss', "
        + "or one %d or %.Nf pattern such as '%.0f%%' (write %% for a percent sign)"
    }
  }
}
