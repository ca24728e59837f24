import ProgressRenderSupport

/// Turns a timeline value into a label's text with the label's `format`, deterministically and
/// without any locale.
///
/// Formats: a printf-like pattern with at most one `%d` (the value truncated toward zero) or
/// `%.Nf` (N decimals, N ≤ 17; `%f` is `%.6f`), and `%%` for a percent sign, any other text
/// kept as it is (`"%.1f%%"`, `"Skip %d s"`); `mm:ss` (the value as seconds, floored, as
/// minutes:seconds, e.g. 65.9 → `01:05`); or plain text without a conversion (a caption).
///
/// Numbers are rounded half away from zero on their shortest decimal form (`%.1f` of 37.25 is
/// `37.3`), a result of zero never shows a minus sign, and values within 1e-9 (relative) of a
/// whole number count as that number for `%d` and `mm:ss` (so 0.29 × 100 gives 29, not 28).
/// Non-finite values format as 0.
package struct LabelFormatter: Equatable, Sendable {
  /// What a format does with the value.
  public enum Conversion: Equatable, Sendable {
    /// `%d`: the value truncated toward zero.
    case integer
    /// `%.Nf`: the value with N decimals.
    case fixed(decimals: Int)
    /// `mm:ss`.
    case minutesSeconds
  }

  /// The format as written.
  public let format: String
  /// The conversion, or nil for plain text.
  public let conversion: Conversion?
  private let prefix: String
  private let suffix: String

  /// Largest number of decimals in `%.Nf`.
  public static let maxDecimals = 17

  /// Parses a label format.
  /// - Parameter format: the `LookLabel.format` text.
  /// - Throws: `StyleError` naming the format and what is wrong.
  public init(format: String) throws(StyleError) {
    self.format = format
    if format == "mm:ss" {
      conversion = .minutesSeconds
      prefix = ""
      suffix = ""
      return
    }
    var conversion: Conversion?
    var prefix = ""
    var suffix = ""
    var characters = Array(format)[...]
    while let character = characters.popFirst() {
      guard character == "%" else {
        if conversion == nil { prefix.append(character) } else { suffix.append(character) }
        continue
      }
      var spec = "%"
      var found: Conversion?
      if characters.first == "%" {
        characters.removeFirst()
        if conversion == nil { prefix.append("%") } else { suffix.append("%") }
        continue
      } else if characters.first == "d" {
        characters.removeFirst()
        found = .integer
      } else if characters.first == "f" {
        characters.removeFirst()
        found = .fixed(decimals: 6)
      } else if characters.first == "." {
        spec.append(characters.removeFirst())
        let digits = characters.prefix(while: \.isASCII).prefix(while: \.isNumber)
        characters.removeFirst(digits.count)
        spec += String(digits)
        if characters.first == "f", let decimals = Int(String(digits)), decimals <= LabelFormatter.maxDecimals {
          characters.removeFirst()
          found = .fixed(decimals: decimals)
        }
      }
      guard let found else {
        spec += characters.first.map { String($0) } ?? ""
        throw StyleError.labelFormat(format: format, reason: "'\(spec)' is not a supported conversion")
      }
      guard conversion == nil else {
        throw StyleError.labelFormat(format: format, reason: "more than one conversion")
      }
      conversion = found
    }
    self.conversion = conversion
    self.prefix = prefix
    self.suffix = suffix
  }

  /// Whether the text depends on the value (false for plain text).
  public var usesValue: Bool { conversion != nil }

  /// The label's text for a value.
  /// - Parameter value: the (already multiplied) value.
  /// - Returns: the text.
  public func string(for value: Double) -> String {
    let value = value.isFinite ? value : 0
    switch conversion {
    case nil:
      return prefix
    case .integer:
      return prefix + DecimalText.fixed(LabelFormatter.snapped(value).rounded(.towardZero), decimals: 0) + suffix
    case .fixed(let decimals):
      return prefix + DecimalText.fixed(value, decimals: decimals) + suffix
    case .minutesSeconds:
      let seconds = Int(min(max(LabelFormatter.snapped(value), 0), 1e15).rounded(.down))
      let minutes = String(seconds / 60)
      let rest = String(seconds % 60)
      return (minutes.count < 2 ? "0" + minutes : minutes) + ":" + (rest.count < 2 ? "0" + rest : rest)
    }
  }

  /// The value, or the whole number it is within 1e-9 (relative) of.
  private static func snapped(_ value: Double) -> Double {
    let whole = value.rounded()
    return abs(value - whole) <= 1e-9 * max(1, abs(value)) ? whole : value
  }
}
