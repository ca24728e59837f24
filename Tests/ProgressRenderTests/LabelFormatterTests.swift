import Testing

@testable import ProgressRenderCore

@Suite struct LabelFormatterTests {
  @Test(arguments: [
    ("%.0f", 50.0, "50"), ("%.0f", 12.5, "13"), ("%.0f", 0.29 * 100, "29"), ("%.0f", -0.0, "0"),
    ("%.0f", -0.4, "0"), ("%.0f", -0.6, "-1"), ("%.1f", 37.25, "37.3"), ("%.1f%%", 37.25, "37.3%"),
    ("%.1f", -0.04, "0.0"), ("%.1f", 0.05, "0.1"), ("%.1f", 9.96, "10.0"), ("%.1f", 99.95, "100.0"),
    ("%.2f", 0.1 + 0.2, "0.30"), ("%.3f", 1e-7, "0.000"), ("%.3f", 0.0005, "0.001"), ("%.2f", 0.00096, "0.00"),
    ("%.1f", 1e21, "1000000000000000000000.0"), ("%.2f", 123.456, "123.46"), ("%f", 1.5, "1.500000"),
    ("%.0f", .nan, "0"), ("%.1f", .infinity, "0.0"),
    ("%d", 0.29 * 100, "29"), ("%d", 7.9, "7"), ("%d", -7.9, "-7"), ("%d", -0.5, "0"), ("%d%%", 42, "42%"),
    ("%d", 1e300, "1" + String(repeating: "0", count: 300)),
    ("Skip %d s", 3, "Skip 3 s"), ("100%%", 7, "100%"),
    ("mm:ss", 65.9, "01:05"), ("mm:ss", 0, "00:00"), ("mm:ss", 3599.99, "59:59"), ("mm:ss", 6000, "100:00"),
    ("mm:ss", -3, "00:00"), ("mm:ss", 2.9999999999999996, "00:03"), ("mm:ss", 1e300, "16666666666666:40"),
    ("已推送至 3 家", 12, "已推送至 3 家"), ("", 1, ""),
  ])
  func formats(format: String, value: Double, expected: String) throws {
    #expect(try LabelFormatter(format: format).string(for: value) == expected)
  }

  @Test func usesValue() throws {
    #expect(try LabelFormatter(format: "%.0f%%").usesValue)
    #expect(try LabelFormatter(format: "mm:ss").usesValue)
    #expect(try !LabelFormatter(format: "50%% off").usesValue)
  }

  @Test(arguments: [
    ("%d %d", "more than one conversion"), ("%s", "'%s' is not a supported conversion"),
    ("50%", "'%' is not a supported conversion"), ("%.f", "'%.f' is not a supported conversion"),
    ("%.18f", "'%.18f' is not a supported conversion"), ("%.2d", "'%.2d' is not a supported conversion"),
    ("%5.1f", "'%5' is not a supported conversion"),
  ])
  func rejects(format: String, reason: String) {
    #expect(throws: StyleError.labelFormat(format: format, reason: reason)) { try LabelFormatter(format: format) }
  }

  @Test func errorMessage() {
    #expect(
      StyleError.labelFormat(format: "%s", reason: "'%s' is not a supported conversion").description
        == "'%s' is not a label format ('%s' is not a supported conversion): use one %d or %.Nf with %% for a "
        + "percent sign (e.g. '%.0f%%'), 'mm:ss', or plain text without %")
  }
}
