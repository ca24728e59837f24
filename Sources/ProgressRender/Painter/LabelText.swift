import Foundation

/// The text a label shows in a scene: its value looked up, multiplied and formatted.
///
/// Stands in for the timeline helper's `LabelFormatter` until it lands in main; it handles
/// plain text, `mm:ss`, and printf patterns with one `%d` or `%.Nf` and `%%`.
enum LabelText {
  /// The label's text in a scene, or `nil` when it is hidden (zero with `hiddenAtZero`).
  static func string(for label: Label, in scene: Scene) -> String? {
    guard let source = label.source else { return format(label.format, value: nil) }
    let raw = source == "time" ? scene.time : scene.value(source, default: 0)
    let value = raw * (label.multiplier ?? 1)
    if label.hiddenAtZero == true, value == 0 { return nil }
    return format(label.format, value: value)
  }

  /// Formats a value with a label's pattern.
  static func format(_ pattern: String, value: Double?) -> String {
    let v = value.map { $0.isFinite ? $0 : 0 } ?? 0
    if pattern == "mm:ss" {
      let seconds = Int(max(0, v).rounded(.down))
      return String(format: "%02d:%02d", seconds / 60, seconds % 60)
    }
    var out = ""
    var chars = pattern[...]
    while let c = chars.first {
      chars = chars.dropFirst()
      guard c == "%" else {
        out.append(c)
        continue
      }
      if chars.first == "%" {
        out.append("%")
        chars = chars.dropFirst()
      } else if chars.first == "d" {
        out += String(Int(v.rounded()))
        chars = chars.dropFirst()
      } else if chars.first == ".", let digit = chars.dropFirst().first?.wholeNumberValue,
        chars.dropFirst(2).first == "f"
      {
        var text = String(format: "%.\(digit)f", v)
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { text.removeFirst() }
        out += text
        chars = chars.dropFirst(3)
      } else {
        out.append("%")
      }
    }
    return out
  }
}
