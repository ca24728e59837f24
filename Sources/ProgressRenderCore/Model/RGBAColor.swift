import Foundation
import ProgressRenderSupport

/// A straight (not premultiplied) RGBA colour with components in 0…1.
///
/// Written in JSON and on the command line as CSS Color 4 writes it (`#RRGGBB`, `#RRGGBBAA`,
/// `#RGB`, `rgb(0 122 255 / 50%)`, `hsl()`, `hwb()`, a CSS colour name, `transparent`) or as an
/// Apple system colour (`systemBlue`, `systemBlue-dark`); see `parse(_:)`.
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

extension RGBAColor {
  /// Parses a colour as CSS Color 4 writes it (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, `rgb()`,
  /// `rgba()`, `hsl()`, `hsla()`, `hwb()`, a CSS colour name, `transparent`) or an Apple system
  /// colour (`systemBlue`, `systemBlue-dark`); see `CSSColorSyntax`. The same parser reads the
  /// command line and style files.
  /// - Parameter text: the colour as the user wrote it; surrounding spaces and case are ignored.
  /// - Returns: the colour.
  /// - Throws: `StyleError` naming the text and the nearest colour name.
  public static func parse(_ text: String) throws(StyleError) -> RGBAColor {
    let s = text.trimmingCharacters(in: .whitespaces).lowercased()
    guard let color = CSSColorSyntax.color(s) else { throw StyleError.color(text: text) }
    return color
  }
}
