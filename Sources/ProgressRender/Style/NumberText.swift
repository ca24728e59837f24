/// Numbers as people write them in messages and help: `3`, `0.5`, `4096` — no trailing `.0`.
public enum NumberText {
  /// The shortest text that reads back as `value`, without a trailing `.0` for whole numbers.
  /// - Parameter value: any number.
  /// - Returns: e.g. `"3"`, `"0.25"`, `"inf"`.
  public static func short(_ value: Double) -> String {
    DecimalText.shortest(value)
  }
}
