/// Locale-free, deterministic decimal text for numbers.
package enum DecimalText {
  /// The shortest text that reads back as the same `Double`, without a trailing `.0`
  /// (`1`, `0.25`, `1e-07`); `-0` prints as `0`.
  package static func shortest(_ value: Double) -> String {
    if value == 0 { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return value.description
  }

  /// `value` with exactly `decimals` digits after the point, rounded half away from zero on the
  /// value's shortest decimal form (so 37.25 gives `37.3` where C's printf gives `37.2`, and
  /// 0.1 + 0.2 gives `0.3`); a result that rounds to zero prints without a minus sign.
  /// Non-finite values print as `0`.
  /// - Complexity: O(digits).
  package static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return fixed(0, decimals: decimals) }
    let decimals = max(0, decimals)
    let (negative, digits, exponent) = decompose(value)
    // value = 0.d1d2d3… × 10^exponent; keep `exponent + decimals` digits.
    let keep = exponent + decimals
    var kept: [UInt8]
    if keep < 0 {
      kept = []
    } else {
      kept = Array(digits.prefix(keep))
      while kept.count < keep { kept.append(0) }
      if keep < digits.count && digits[keep] >= 5 {
        var i = kept.count - 1
        while i >= 0 {
          if kept[i] == 9 {
            kept[i] = 0
            i -= 1
          } else {
            kept[i] += 1
            break
          }
        }
        if i < 0 { kept.insert(1, at: 0) }
      }
    }
    // kept holds the integer of value × 10^decimals (possibly with fewer digits than decimals).
    while kept.count <= decimals { kept.insert(0, at: 0) }
    let integerPart = kept.prefix(kept.count - decimals).map(String.init).joined()
    let fraction = kept.suffix(decimals).map(String.init).joined()
    let isZero = kept.allSatisfy { $0 == 0 }
    let sign = negative && !isZero ? "-" : ""
    return sign + integerPart + (decimals > 0 ? "." + fraction : "")
  }

  /// Sign, significant digits and decimal exponent of the shortest form of a finite value,
  /// such that |value| = 0.d1d2… × 10^exponent.
  private static func decompose(_ value: Double) -> (Bool, [UInt8], Int) {
    let text = abs(value).description  // e.g. "37.25", "1e-07", "1.5e+300"
    var mantissa = Substring(text)
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      exponent = Int(text[text.index(after: e)...]) ?? 0
      mantissa = text[..<e]
    }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    let whole = parts[0]
    let fraction = parts.count > 1 ? parts[1] : ""
    var digits = (whole + fraction).compactMap { $0.wholeNumberValue.map(UInt8.init) }
    exponent += whole.count
    while let first = digits.first, first == 0, digits.count > 1 {
      digits.removeFirst()
      exponent -= 1
    }
    if digits == [0] { exponent = 0 }
    return (value < 0, digits, exponent)
  }

  /// Reads a plain decimal number: an optional `-`, digits with an optional fraction (or a
  /// fraction alone, `.5`) and an optional exponent (`1e-3`, `2E+6`). Nothing else: no `+`
  /// sign, no hexadecimal (`0x1p4`), no `inf` or `nan`, no spaces.
  /// - Parameter text: the text.
  /// - Returns: the number, or nil when the text is not such a number or is too large for a
  ///   finite `Double`.
  package static func number(_ text: some StringProtocol) -> Double? {
    var rest = Substring(text)
    if rest.first == "-" { rest.removeFirst() }
    let whole = rest.prefix(while: \.isASCIIDigit)
    rest.removeFirst(whole.count)
    var fraction = Substring()
    if rest.first == "." {
      rest.removeFirst()
      fraction = rest.prefix(while: \.isASCIIDigit)
      guard !fraction.isEmpty else { return nil }
      rest.removeFirst(fraction.count)
    }
    guard !whole.isEmpty || !fraction.isEmpty else { return nil }
    if let e = rest.first, e == "e" || e == "E" {
      rest.removeFirst()
      if let sign = rest.first, sign == "+" || sign == "-" { rest.removeFirst() }
      let exponent = rest.prefix(while: \.isASCIIDigit)
      guard !exponent.isEmpty else { return nil }
      rest.removeFirst(exponent.count)
    }
    guard rest.isEmpty, let value = Double(String(text)), value.isFinite else { return nil }
    return value
  }

  /// Reads a plain whole number: an optional `-` and digits, nothing else.
  /// - Parameter text: the text.
  /// - Returns: the number, or nil when the text is not one or does not fit an `Int`.
  package static func wholeNumber(_ text: some StringProtocol) -> Int? {
    let text = Substring(text)
    let digits = text.first == "-" ? text.dropFirst() : text
    guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { return nil }
    return Int(String(text))
  }
}

extension Character {
  /// `0`…`9` (not other scripts' digits).
  var isASCIIDigit: Bool { isASCII && isNumber }
}
