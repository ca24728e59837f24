import ProgressRenderSupport

/// Why a set of `StyleOverrides` cannot be applied to a style.
public enum StyleOverrideError: ProgressRenderError, Equatable, Sendable, CustomStringConvertible {
  /// Bad input: nothing was written.
  public var kind: ErrorKind { .badInput }

  /// A width that is not above 0 or wider than half the style's canvas.
  case widthOutOfRange(field: StyleOverrides.Field, value: Double, limit: Double)
  /// A `--label` format the label formatter cannot use.
  case badLabelFormat(LabelFormatError)

  /// One line naming the field (`line-width`, `label`), the value and what would be right.
  public var description: String { description(naming: { $0 }) }

  /// One line naming the field as `name` spells it (`{ "--" + $0 }` for command-line options).
  /// - Parameter name: the spelling of a field's name (`StyleOverrides.Field`'s raw value).
  /// - Returns: the message.
  public func description(naming name: (String) -> String) -> String {
    switch self {
    case .widthOutOfRange(let field, let value, let limit):
      return "\(name(field.rawValue)) \(NumberText.short(value)) is out of range: use a width above 0 and at most "
        + "\(NumberText.short(limit)) points (half the style's \(NumberText.short(limit * 2)) pt canvas)"
    case .badLabelFormat(let error):
      return "\(name("label")) \(error.description)"
    }
  }
}
