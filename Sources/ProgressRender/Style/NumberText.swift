/// Numbers as people write them in messages: `3`, `0.5`, `4096` — no trailing `.0`.
public enum NumberText {
  /// The shortest text that reads back as `value`, without a trailing `.0` for whole numbers.
  /// - Parameter value: any finite or non-finite number.
  /// - Returns: e.g. `"3"`, `"0.25"`, `"inf"`.
  public static func short(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
      return String(Int64(value))
    }
    return String(value)
  }
}
