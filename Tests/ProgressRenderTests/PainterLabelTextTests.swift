import Testing

@testable import ProgressRender

@Suite struct PainterLabelTextTests {
  @Test(arguments: [
    ("%.0f", 25.4, "25"),
    ("%.0f", 99.6, "100"),
    ("%.1f%%", 25, "25.0%"),
    ("%.1f%%", -0.01, "0.0%"),
    ("%d s", 2.6, "3 s"),
    ("mm:ss", 78.95, "01:18"),
    ("mm:ss", 3600, "60:00"),
    ("mm:ss", -4, "00:00"),
    ("已推送至 3 家", 7, "已推送至 3 家"),
    ("Skip", 0, "Skip"),
  ])
  func formats(pattern: String, value: Double, expected: String) {
    #expect(LabelText.format(pattern, value: value) == expected)
  }

  @Test func readsSourceTimeAndMultiplier() {
    let scene = Scene(time: 61.5, values: ["progress": 0.257, "zero": 0])
    let font = FontSpec(size: 10)
    let percent = Label(format: "%.1f%%", source: "progress", multiplier: 100, font: font, color: .black)
    #expect(LabelText.string(for: percent, in: scene) == "25.7%")
    let clock = Label(format: "mm:ss", source: "time", font: font, color: .black)
    #expect(LabelText.string(for: clock, in: scene) == "01:01")
    let hidden = Label(format: "%.0f", source: "zero", font: font, color: .black, hiddenAtZero: true)
    #expect(LabelText.string(for: hidden, in: scene) == nil)
    let shown = Label(format: "%.0f", source: "zero", font: font, color: .black)
    #expect(LabelText.string(for: shown, in: scene) == "0")
    let caption = Label(format: "100%% done", font: font, color: .black)
    #expect(LabelText.string(for: caption, in: scene) == "100% done")
  }
}
