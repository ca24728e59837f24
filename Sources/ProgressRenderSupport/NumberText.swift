/// Numbers as people write them in messages and help: `3`, `0.5`, `4096` — no trailing `.0`.
package enum NumberText {
  /// The shortest text that reads back as `value`, without a trailing `.0` for whole numbers.
  /// - Parameter value: any number.
  /// - Returns: e.g. `"3"`, `"0.25"`, `"inf"`.
  package static func short(_ value: Double) -> String {
    DecimalText.shortest(value)
  }

  /// Reads a plain decimal number as people type it: `3`, `-0.5`, `.25`, `1e3`; not `+5`,
  /// `0x1p4`, `inf`, `nan` or text with spaces.
  /// - Parameter text: the text.
  /// - Returns: the finite number, or nil.
  package static func number(_ text: String) -> Double? {
    DecimalText.number(text)
  }

  /// Reads a plain whole number: `3`, `-2`; not `+5`, `3.0` or `1e3`.
  /// - Parameter text: the text.
  /// - Returns: the number, or nil (also when it does not fit an `Int`).
  package static func wholeNumber(_ text: String) -> Int? {
    DecimalText.wholeNumber(text)
  }
}
