/// JSON text for the places that write JSON by hand (manifest values, the batch fingerprint, Lottie
/// files), so every one escapes strings and prints numbers the same way.
package enum JSONText {
  /// A JSON string literal: `"`, `\`, newline, return and tab escaped as such, other control
  /// characters as `\u00XX`.
  /// - Parameter text: any text.
  /// - Returns: the literal, quotes included.
  package static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// A number: whole numbers without a fraction (`120`), others in Swift's shortest round-trip
  /// form (`0.37`).
  /// - Parameter number: a finite number.
  /// - Returns: its JSON text.
  package static func number(_ number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return String(number)
  }
}
