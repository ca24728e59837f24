import Foundation

/// A straight (not premultiplied) RGBA colour with components in 0…1.
///
/// Written in JSON and on the command line as `#RRGGBB`, `#RRGGBBAA`, `#RGB`,
/// `rgb(r, g, b)`, `rgba(r, g, b, a)`, a CSS colour name, or `transparent`.
public struct RGBAColor: Equatable, Hashable, Sendable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  /// Creates a colour from components in 0…1.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Creates a colour from 8-bit components.
  public init(r: Int, g: Int, b: Int, a: Int = 255) {
    self.init(
      red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255,
      alpha: Double(a) / 255)
  }

  /// Creates a grey of the given white level, like UIKit's `UIColor(white:alpha:)`.
  public init(white: Double, alpha: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  public static let black = RGBAColor(red: 0, green: 0, blue: 0)
  public static let white = RGBAColor(red: 1, green: 1, blue: 1)
  public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)

  /// The colour with its alpha multiplied by `factor`.
  public func withAlpha(_ value: Double) -> RGBAColor {
    RGBAColor(red: red, green: green, blue: blue, alpha: value)
  }

  /// The canonical text form: `#rrggbb` when opaque, `#rrggbbaa` otherwise.
  public var hexString: String {
    func byte(_ v: Double) -> String {
      let n = v.isNaN ? 0 : Int((min(max(v, 0), 1) * 255).rounded())
      let s = String(n, radix: 16)
      return s.count == 1 ? "0" + s : s
    }
    let rgb = "#" + byte(red) + byte(green) + byte(blue)
    return alpha >= 1 ? rgb : rgb + byte(alpha)
  }
}

extension RGBAColor: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      self = try RGBAColor.parse(text)
    } catch {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: error.description)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(hexString)
  }
}

/// Why a colour string did not parse.
public struct ColorParseError: ProgressRenderError, Equatable, CustomStringConvertible, Sendable {
  /// Bad input: nothing was written.
  public var kind: ErrorKind { .badInput }

  /// The text that was given.
  public var text: String
  public var description: String {
    "'\(text)' is not a colour: use #RRGGBB, #RRGGBBAA, rgb(r, g, b), rgba(r, g, b, a) or a CSS colour name such as 'orange'"
  }
}

extension RGBAColor {
  /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA`, `rgb()`, `rgba()`, a CSS colour name or `transparent`.
  /// - Parameter text: the colour as the user wrote it; surrounding spaces and case are ignored.
  /// - Returns: the colour.
  /// - Throws: `ColorParseError` naming the text.
  public static func parse(_ text: String) throws(ColorParseError) -> RGBAColor {
    let s = text.trimmingCharacters(in: .whitespaces).lowercased()
    if s.hasPrefix("#") {
      let hex = Array(s.dropFirst())
      let digits = hex.compactMap { $0.isASCII ? $0.hexDigitValue : nil }
      guard digits.count == hex.count else { throw ColorParseError(text: text) }
      switch digits.count {
      case 3:
        return RGBAColor(r: digits[0] * 17, g: digits[1] * 17, b: digits[2] * 17)
      case 6, 8:
        let bytes = stride(from: 0, to: digits.count, by: 2).map { digits[$0] * 16 + digits[$0 + 1] }
        return RGBAColor(r: bytes[0], g: bytes[1], b: bytes[2], a: bytes.count == 4 ? bytes[3] : 255)
      default:
        throw ColorParseError(text: text)
      }
    }
    if s.hasPrefix("rgb(") || s.hasPrefix("rgba("), s.hasSuffix(")") {
      let inner = s.drop(while: { $0 != "(" }).dropFirst().dropLast()
      let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      let isRGBA = s.hasPrefix("rgba(")
      guard parts.count == (isRGBA ? 4 : 3) else { throw ColorParseError(text: text) }
      var channels: [Int] = []
      for part in parts.prefix(3) {
        guard let v = DecimalText.wholeNumber(part), (0...255).contains(v) else { throw ColorParseError(text: text) }
        channels.append(v)
      }
      var alpha = 1.0
      if isRGBA {
        guard let a = DecimalText.number(parts[3]), (0...1).contains(a) else { throw ColorParseError(text: text) }
        alpha = a
      }
      var color = RGBAColor(r: channels[0], g: channels[1], b: channels[2])
      color.alpha = alpha
      return color
    }
    if let named = cssNamedColors[s] {
      return RGBAColor(r: (named >> 16) & 0xff, g: (named >> 8) & 0xff, b: named & 0xff)
    }
    if s == "transparent" { return .clear }
    throw ColorParseError(text: text)
  }
}
