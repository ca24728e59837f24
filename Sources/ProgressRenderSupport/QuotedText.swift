/// Text from the user made safe to print inside a one-line message: control characters (a
/// newline, a carriage return, an escape sequence) and line separators are written as escapes
/// (`\n`, `\r`, `\t`, `\u{1B}`), so a value can neither break the line nor move the cursor. Every
/// space but the ASCII one (a no-break space, a thin space, a zero-width space) is escaped too
/// (`\u{A0}`), so a refused value never reads like a valid one.
package enum QuotedText {
  /// Zero-width characters that show as nothing: zero-width space, word joiner, byte-order mark.
  private static let invisibleSpaces: Set<Unicode.Scalar> = ["\u{200B}", "\u{2060}", "\u{FEFF}"]

  /// The text with control characters escaped; other characters as they are.
  /// - Parameter text: any text.
  /// - Returns: the text on one line.
  /// - Complexity: O(n).
  package static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _
      where scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
        || (!scalar.isASCII && scalar.properties.isWhitespace) || invisibleSpaces.contains(scalar):
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The text escaped and between single quotes: `'a\nb'`.
  /// - Parameter text: any text.
  /// - Returns: the quoted text.
  package static func quoted(_ text: String) -> String { "'" + escaped(text) + "'" }
}
