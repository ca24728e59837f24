/// The platforms' semantic colours by name, as 0xRRGGBB in sRGB for the light and the dark
/// appearance: Apple's system colours (`systemBlue`; the iOS 15–18 values of the Human Interface
/// Guidelines' tables, UIKit's `UIColor.systemBlue` and friends, default contrast) and Material 3's
/// baseline scheme (`m3-primary`, `m3-on-primary-container`, …). A name takes the light value;
/// `systemBlue-dark` takes the dark one (`-light` is accepted too).
package enum SystemColors {
  /// One entry: the name as Apple spells it, then its light and dark values.
  public struct Entry: Sendable {
    /// `systemBlue`.
    public let name: String
    /// The light appearance's value, 0xRRGGBB.
    public let light: Int
    /// The dark appearance's value, 0xRRGGBB.
    public let dark: Int
  }

  /// Every colour of both palettes.
  public static let all = apple + material

  /// Apple's system colours, in the HIG's order.
  public static let apple: [Entry] = [
    Entry(name: "systemRed", light: 0xff3b30, dark: 0xff453a),
    Entry(name: "systemOrange", light: 0xff9500, dark: 0xff9f0a),
    Entry(name: "systemYellow", light: 0xffcc00, dark: 0xffd60a),
    Entry(name: "systemGreen", light: 0x34c759, dark: 0x30d158),
    Entry(name: "systemMint", light: 0x00c7be, dark: 0x66d4cf),
    Entry(name: "systemTeal", light: 0x30b0c7, dark: 0x40c8e0),
    Entry(name: "systemCyan", light: 0x32ade6, dark: 0x64d2ff),
    Entry(name: "systemBlue", light: 0x007aff, dark: 0x0a84ff),
    Entry(name: "systemIndigo", light: 0x5856d6, dark: 0x5e5ce6),
    Entry(name: "systemPurple", light: 0xaf52de, dark: 0xbf5af2),
    Entry(name: "systemPink", light: 0xff2d55, dark: 0xff375f),
    Entry(name: "systemBrown", light: 0xa2845e, dark: 0xac8e68),
    Entry(name: "systemGray", light: 0x8e8e93, dark: 0x8e8e93),
    Entry(name: "systemGray2", light: 0xaeaeb2, dark: 0x636366),
    Entry(name: "systemGray3", light: 0xc7c7cc, dark: 0x48484a),
    Entry(name: "systemGray4", light: 0xd1d1d6, dark: 0x3a3a3c),
    Entry(name: "systemGray5", light: 0xe5e5ea, dark: 0x2c2c2e),
    Entry(name: "systemGray6", light: 0xf2f2f7, dark: 0x1c1c1e),
  ]

  /// Material 3's baseline colour scheme (the purple one of the Material Theme Builder), by role.
  public static let material: [Entry] = [
    Entry(name: "m3-primary", light: 0x6750a4, dark: 0xd0bcff),
    Entry(name: "m3-on-primary", light: 0xffffff, dark: 0x381e72),
    Entry(name: "m3-primary-container", light: 0xeaddff, dark: 0x4f378b),
    Entry(name: "m3-on-primary-container", light: 0x21005d, dark: 0xeaddff),
    Entry(name: "m3-secondary", light: 0x625b71, dark: 0xccc2dc),
    Entry(name: "m3-secondary-container", light: 0xe8def8, dark: 0x4a4458),
    Entry(name: "m3-tertiary", light: 0x7d5260, dark: 0xefb8c8),
    Entry(name: "m3-tertiary-container", light: 0xffd8e4, dark: 0x633b48),
    Entry(name: "m3-error", light: 0xb3261e, dark: 0xf2b8b5),
    Entry(name: "m3-error-container", light: 0xf9dedc, dark: 0x8c1d18),
    Entry(name: "m3-surface", light: 0xfffbfe, dark: 0x1c1b1f),
    Entry(name: "m3-on-surface", light: 0x1c1b1f, dark: 0xe6e1e5),
    Entry(name: "m3-surface-variant", light: 0xe7e0ec, dark: 0x49454f),
    Entry(name: "m3-on-surface-variant", light: 0x49454f, dark: 0xcac4d0),
    Entry(name: "m3-outline", light: 0x79747e, dark: 0x938f99),
  ]

  /// The value of a name in lower case (`systemblue`, `systemblue-dark`, `systemblue-light`).
  /// - Parameter name: the name, lower-cased.
  /// - Returns: 0xRRGGBB, or `nil` when it names no system colour.
  static func value(lowercased name: String) -> Int? { byName[name] }

  private static let byName: [String: Int] = {
    var table: [String: Int] = [:]
    for entry in all {
      let key = entry.name.lowercased()
      table[key] = entry.light
      table[key + "-light"] = entry.light
      table[key + "-dark"] = entry.dark
    }
    return table
  }()
}
