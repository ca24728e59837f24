import Foundation
import ProgressRenderSupport

/// Reads colours as CSS Color 4 writes them: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`; `rgb()` and
/// `rgba()` with commas or spaces, numbers or percentages and an optional `/ alpha`; `hsl()` and
/// `hsla()` with the hue in `deg` (the default), `grad`, `rad` or `turn`; `hwb()`; a named colour;
/// `transparent`; and Apple's system colours (`SystemColors`).
///
/// Stricter than a browser in one way: a channel outside its range (`rgb(300 0 0)`, `150%`) is
/// refused rather than clamped, since in a style file it is more likely a typo than a wish.
/// Numbers are plain decimals (`DecimalText.number`): no `+` sign, no hexadecimal, no `nan`.
enum CSSColorSyntax {
  /// The colour `text` names, or `nil`.
  /// - Parameter text: the colour, trimmed and lower-cased.
  /// - Complexity: O(text length).
  static func color(_ text: String) -> RGBAColor? {
    if text.hasPrefix("#") { return hex(text.dropFirst()) }
    if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
      let name = String(text[..<open])
      let inner = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
      return function(name, inner)
    }
    if let named = cssNamedColors[text] ?? SystemColors.value(lowercased: text) { return rgb(named) }
    return text == "transparent" ? .clear : nil
  }

  /// The nearest colour name to a misspelt one (`reed` → `red`, `systemblu` → `systemBlue`), or `nil`.
  /// - Parameter text: what was written.
  static func suggestion(for text: String) -> String? {
    let word = text.trimmingCharacters(in: .whitespaces)
    guard !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return nil }
    let lower = word.lowercased()
    let names = cssNamedColors.keys.sorted() + SystemColors.all.map(\.name) + ["transparent"]
    let found = NearestWord.suggestion(for: lower, among: names.map { $0.lowercased() })
    return found.flatMap { match in names.first { $0.lowercased() == match } }
  }

  private static func rgb(_ value: Int) -> RGBAColor {
    RGBAColor(r: (value >> 16) & 0xff, g: (value >> 8) & 0xff, b: value & 0xff)
  }

  private static func hex(_ digits: Substring) -> RGBAColor? {
    let values = digits.compactMap { $0.isASCII ? $0.hexDigitValue : nil }
    guard values.count == digits.count else { return nil }
    switch values.count {
    case 3, 4:
      let a = values.count == 4 ? values[3] * 17 : 255
      return RGBAColor(r: values[0] * 17, g: values[1] * 17, b: values[2] * 17, a: a)
    case 6, 8:
      let bytes = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
      return RGBAColor(r: bytes[0], g: bytes[1], b: bytes[2], a: bytes.count == 4 ? bytes[3] : 255)
    default:
      return nil
    }
  }

  /// The channels and the alpha of a function's arguments: `1, 2, 3[, a]` (legacy, commas) or
  /// `1 2 3[ / a]` (modern, spaces).
  private static func arguments(_ inner: String, legacyAllowed: Bool) -> (channels: [String], alpha: String?)? {
    if inner.contains(",") {
      guard legacyAllowed, !inner.contains("/") else { return nil }
      let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard parts.count == 3 || parts.count == 4 else { return nil }
      return (Array(parts.prefix(3)), parts.count == 4 ? parts[3] : nil)
    }
    let halves = inner.split(separator: "/", omittingEmptySubsequences: false)
    guard halves.count <= 2 else { return nil }
    let channels = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    let alpha = halves.count == 2 ? halves[1].trimmingCharacters(in: .whitespaces) : nil
    guard channels.count == 3 else { return nil }
    return (channels, alpha)
  }

  private static func function(_ name: String, _ inner: String) -> RGBAColor? {
    switch name {
    case "rgb", "rgba":
      guard let (channels, alphaText) = arguments(inner, legacyAllowed: true) else { return nil }
      let isLegacy = inner.contains(",")
      if isLegacy, Set(channels.map { $0.hasSuffix("%") }).count > 1 { return nil }
      let values = channels.compactMap { fraction($0, numberScale: 255) }
      guard values.count == 3, let alpha = alpha(alphaText) else { return nil }
      return RGBAColor(red: values[0], green: values[1], blue: values[2], alpha: alpha)
    case "hsl", "hsla":
      guard let (channels, alphaText) = arguments(inner, legacyAllowed: true), let hue = hue(channels[0]),
        let s = fraction(channels[1], numberScale: 100, percentRequired: inner.contains(",")),
        let l = fraction(channels[2], numberScale: 100, percentRequired: inner.contains(",")),
        let alpha = alpha(alphaText)
      else { return nil }
      let (r, g, b) = hsl(hue: hue, saturation: s, lightness: l)
      return RGBAColor(red: r, green: g, blue: b, alpha: alpha)
    case "hwb":
      guard let (channels, alphaText) = arguments(inner, legacyAllowed: false), let hue = hue(channels[0]),
        let w = fraction(channels[1], numberScale: 100), let b = fraction(channels[2], numberScale: 100),
        let alpha = alpha(alphaText)
      else { return nil }
      if w + b >= 1 { return RGBAColor(white: w / (w + b), alpha: alpha) }
      let pure = hsl(hue: hue, saturation: 1, lightness: 0.5)
      func mix(_ v: Double) -> Double { v * (1 - w - b) + w }
      return RGBAColor(red: mix(pure.0), green: mix(pure.1), blue: mix(pure.2), alpha: alpha)
    default:
      return nil
    }
  }

  /// A channel as 0…1: `50%` → 0.5, or a number over `numberScale` (`255` → 1 for rgb). Out of
  /// range is `nil`.
  private static func fraction(_ text: String, numberScale: Double, percentRequired: Bool = false) -> Double? {
    let value: Double
    if text.hasSuffix("%") {
      guard let number = DecimalText.number(String(text.dropLast())) else { return nil }
      value = number / 100
    } else {
      guard !percentRequired, let number = DecimalText.number(text) else { return nil }
      value = number / numberScale
    }
    return (0...1).contains(value) ? value : nil
  }

  /// The alpha: 1 when absent, a number 0…1 or a percentage.
  private static func alpha(_ text: String?) -> Double? {
    guard let text else { return 1 }
    return fraction(text, numberScale: 1)
  }

  /// A hue in degrees: `120`, `120deg`, `133.33grad`, `2.09rad`, `0.33turn`; any finite angle.
  private static func hue(_ text: String) -> Double? {
    let units: [(String, Double)] = [("deg", 1), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360), ("", 1)]
    for (unit, degrees) in units where text.hasSuffix(unit) {
      guard let number = DecimalText.number(String(text.dropLast(unit.count))) else { return nil }
      let value = number * degrees
      return value.isFinite ? value : nil
    }
    return nil
  }

  /// CSS Color 4's `hslToRgb`: hue in degrees (wrapped), saturation and lightness 0…1.
  private static func hsl(hue: Double, saturation: Double, lightness: Double) -> (Double, Double, Double) {
    var h = hue.truncatingRemainder(dividingBy: 360)
    if h < 0 { h += 360 }
    func channel(_ n: Double) -> Double {
      let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
      let a = saturation * min(lightness, 1 - lightness)
      return lightness - a * max(-1, min(k - 3, 9 - k, 1))
    }
    return (channel(0), channel(8), channel(4))
  }
}
