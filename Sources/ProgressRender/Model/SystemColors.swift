/// Apple's semantic system colours by name (`systemBlue`), as 0xRRGGBB in sRGB for the light and
/// the dark appearance: the iOS 15–18 values of the Human Interface Guidelines' colour tables
/// (UIKit's `UIColor.systemBlue` and friends, default contrast). A colour name takes the light
/// value; `systemBlue-dark` takes the dark one (`-light` is accepted too).
public enum SystemColors {
  /// One entry: the name as Apple spells it, then its light and dark values.
  public struct Entry: Sendable {
    /// `systemBlue`.
    public let name: String
    /// The light appearance's value, 0xRRGGBB.
    public let light: Int
    /// The dark appearance's value, 0xRRGGBB.
    public let dark: Int
  }

  /// Every system colour, in the HIG's order.
  public static let all: [Entry] = [
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
