import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderRaster

@Suite struct PainterLabelTextTests {
  @Test func readsSourceTimeAndMultiplier() {
    let scene = TrackValues(time: 61.5, values: ["progress": 0.257, "zero": 0])
    let font = FontSpec(size: 10)
    let percent = LookLabel(format: "%.1f%%", source: "progress", multiplier: 100, font: font, color: .black)
    #expect(LabelText.string(for: percent, in: scene) == "25.7%")
    let clock = LookLabel(format: "mm:ss", source: "time", font: font, color: .black)
    #expect(LabelText.string(for: clock, in: scene) == "01:01")
    let hidden = LookLabel(format: "%.0f", source: "zero", font: font, color: .black, hiddenAtZero: true)
    #expect(LabelText.string(for: hidden, in: scene) == nil)
    let shown = LookLabel(format: "%.0f", source: "zero", font: font, color: .black)
    #expect(LabelText.string(for: shown, in: scene) == "0")
    let caption = LookLabel(format: "100%% done", font: font, color: .black)
    #expect(LabelText.string(for: caption, in: scene) == "100% done")
  }
}
