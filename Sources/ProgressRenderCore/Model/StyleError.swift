import ProgressRenderSupport

/// Why style data was refused: a style file or value that does not load, a colour, easing or label
/// format that does not parse, or an override that does not fit the style. The one error type of
/// `ProgressRenderCore`; every case is bad input (nothing was written).
public enum StyleError: ProgressRenderError, Equatable, Sendable, CustomStringConvertible {
  /// A style (file, standard input or value) that does not load or validate: `source` names it,
  /// `path` the place inside it (`look.arc.color`, empty for the whole file).
  case invalid(source: String, path: String, message: String)
  /// Text that is not a colour (`RGBAColor.parse`).
  case color(text: String)
  /// Text that is not an easing (`Easing.parse`).
  case easing(text: String, reason: String?)
  /// Text that is not a label format (`LabelFormatter`).
  case labelFormat(format: String, reason: String)
  /// An override width that is not above 0 or wider than half the style's canvas.
  case widthOutOfRange(field: StyleOverrides.Field, value: Double, limit: Double)
  /// An override whose value is refused by `reason` (a `--label` format that does not parse).
  indirect case override(field: StyleOverrides.Field, reason: StyleError)

  /// Bad input: nothing was written.
  public var kind: ErrorKind { .badInput }

  /// What a colour may look like, for messages.
  public static let colorForms =
    "#RRGGBB, #RRGGBBAA, rgb(r g b / a), hsl(h s% l%), hwb(h w% b%), a CSS colour name such as 'orange' "
    + "or a system colour such as 'systemBlue' (light) or 'systemBlue-dark'"

  /// What an easing may look like, for messages.
  public static let easingForms =
    "linear, ease, ease-in, ease-out, ease-in-out, cubic-bezier(x1, y1, x2, y2) with x1 and x2 in 0…1, "
    + "steps(n) or steps(n, jump-start|jump-end|jump-none|jump-both|start|end) "
    + "(Core Animation's default, easeIn, easeOut and easeInEaseOut also work)"

  /// For a colour, the colour name the text probably misspells (`reed` → `red`), if any.
  public var suggestion: String? {
    guard case .color(let text) = self else { return nil }
    return CSSColorSyntax.suggestion(for: text)
  }

  /// For a colour, ` (did you mean 'red'?)`; otherwise nothing.
  public var hint: String { suggestion.map { " (did you mean '\($0)'?)" } ?? "" }

  /// One line naming what is wrong and what would be right.
  public var description: String { description(naming: \.rawValue) }

  /// The message, an override's field spelled as `name` spells it (`{ "--" + $0.rawValue }` for
  /// command-line options).
  /// - Parameter name: the spelling of a field.
  /// - Returns: the message.
  public func description(naming name: (StyleOverrides.Field) -> String) -> String {
    switch self {
    case .invalid(let source, let path, let message):
      return QuotedText.escaped(path.isEmpty ? "\(source): \(message)" : "\(source): \(path): \(message)")
    case .color(let text):
      return "\(QuotedText.quoted(text)) is not a colour\(hint): use \(Self.colorForms)"
    case .easing(let text, let reason):
      let why = reason.map { " (\($0))" } ?? ""
      return "'\(text)' is not an easing\(why): use \(Self.easingForms)"
    case .labelFormat(let format, let reason):
      return "'\(format)' is not a label format (\(reason)): use one %d or %.Nf with %% for a percent sign "
        + "(e.g. '%.0f%%'), 'mm:ss', or plain text without %"
    case .widthOutOfRange(let field, let value, let limit):
      return "\(name(field)) \(NumberText.short(value)) is out of range: use a width above 0 and at most "
        + "\(NumberText.short(limit)) points (half the style's \(NumberText.short(limit * 2)) pt canvas)"
    case .override(let field, let reason):
      return "\(name(field)) \(reason.description)"
    }
  }
}
