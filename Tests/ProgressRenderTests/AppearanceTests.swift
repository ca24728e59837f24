import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderPipeline

/// `--appearance` and the colour options (issue 19): each preset's palettes, the options that win
/// over them, and the contrast check that warns of a label or an arc under 3:1.
@Suite struct AppearanceTests {
  static func plan(_ style: String, _ change: (inout RenderRequest) -> Void = { _ in }) throws -> RenderPlan {
    var request = RenderRequest()
    request.style = style
    request.out = "x.png"
    change(&request)
    return try request.plan()
  }

  static func color(_ text: String) throws -> RGBAColor { try RGBAColor.parse(text) }

  /// (preset, appearance, what the palette sets, read off the planned style): the platform's dark
  /// colours where the preset follows one (iOS's `systemBlue` dark for `wave`, MDC's dark theme).
  static let palettes: [(String, String, @Sendable (Style) -> RGBAColor?, String)] = [
    ("download", "dark", { $0.background }, "#1c1c1e"),
    ("download", "dark", { $0.look.track?.color }, "#f2f2f7"),
    ("download", "dark", { $0.look.labels?.first?.color }, "#ffffff"),
    ("wave", "dark", { $0.look.wave?.fill }, "#1c1c1e"),
    ("wave", "dark", { $0.look.wave?.ring.color }, "#0a84ff"),
    ("wave", "dark", { $0.look.wave?.layers.last?.color }, "#0a84ff"),
    ("material", "dark", { $0.look.arc?.color }, "#bb86fc"),
    ("material", "dark", { $0.background }, "#121212"),
    ("activity", "dark", { $0.background }, "#000000"),
    ("thumb", "light", { $0.background }, "#ffffff"),
    ("thumb", "light", { $0.look.arc?.color }, "#1f2329"),
    ("thumb", "dark", { $0.background }, "#1f2329"),
    ("upload", "dark", { $0.look.pie?.color }, "#00000066"),
  ]

  @Test(arguments: palettes)
  func appearanceAppliesThePresetsPalette(
    name: String, appearance: String, read: @Sendable (Style) -> RGBAColor?, expected: String
  ) throws {
    let plan = try Self.plan(name) { $0.appearance = StyleAppearance(rawValue: appearance) }
    #expect(read(plan.job.style) == (try Self.color(expected)), "\(name) \(appearance)")
    if read(plan.job.style) == read(plan.style) {
      // A colour the palette keeps is the preset's own.
      #expect(read(plan.style) == (try Self.color(expected)))
    }
    #expect(plan.job.settings.background == plan.job.style.background)
  }

  /// The colour options win over the palette.
  @Test func optionsWinOverThePalette() throws {
    let plan = try Self.plan("download") {
      $0.appearance = .dark
      $0.overrides.color = .white
      $0.background = .black
    }
    #expect(plan.job.style.look.arc?.color == .white)
    #expect(plan.job.style.look.track?.color == (try Self.color("#f2f2f7")))
    #expect(plan.job.settings.background == RGBAColor.black)
  }

  /// `--text-color` recolours the caption, not thumb's timer; `--timer-color` the timer alone.
  @Test func textColorLeavesTheTimerAlone() throws {
    let text = try Self.plan("thumb") { $0.overrides.textColor = .black }.job.style
    #expect(text.look.labels?.first?.color == .black)
    #expect(text.look.thumb?.label?.color == (try Self.color("#ff0000")))
    let timer = try Self.plan("thumb") { $0.overrides.timerColor = .black }.job.style
    #expect(timer.look.labels?.first?.color == .white)
    #expect(timer.look.thumb?.label?.color == .black)
  }

  /// Every colour of every part can be set: thumb, halo, the wave's inner circle.
  @Test func everyPartsColourIsSettable() throws {
    let red = RGBAColor(r: 255, g: 0, b: 0)
    let thumb = try Self.plan("thumb") { $0.overrides.thumbColor = red }.job.style.look.thumb
    #expect(thumb?.fill == red && thumb?.stroke == red)
    let upload = try Self.plan("upload") { $0.overrides.shadowColor = red }.job.style
    #expect(upload.look.labels?.first?.shadow?.color == red)
    let wave = try Self.plan("wave") { $0.overrides.fillColor = red }.job.style
    #expect(wave.look.wave?.fill == red)
    #expect(
      try Self.plan("download") { $0.overrides.fillColor = red }.warnings == [
        .ignoredOverride(key: .look(.fillColor), style: "download")
      ])
  }

  /// `--color` on `upload` keeps the pie translucent, so the picture shows through.
  @Test func uploadPieKeepsItsTranslucency() throws {
    let pie = try #require(try Self.plan("upload") { $0.overrides.color = .white }.job.style.look.pie)
    #expect(pie.color == RGBAColor.white.withAlpha(0x66 / 255.0))
  }

  @Test func contrastRatiosAreWCAGs() {
    #expect(abs(ContrastCheck.ratio(.white, .black) - 21) < 1e-9)
    #expect(abs(ContrastCheck.ratio(.white, .white) - 1) < 1e-9)
    #expect(abs(ContrastCheck.ratio(RGBAColor(r: 0x77, g: 0x77, b: 0x77), .white) - 4.48) < 0.01)
    #expect(ContrastCheck.over(RGBAColor.black.withAlpha(0.5), .white) == RGBAColor(white: 0.5))
  }

  /// The sources' own looks stay the defaults, and warn: download's arc, countdown's orange,
  /// thumb's red timer on grey (1.7:1 in the source).
  @Test(arguments: [
    ("download", ["the arc #d6d6d6 on the background #ffffff has a contrast of 1.45:1"]),
    (
      "countdown",
      [
        "the arc #fd7511 on the background #ffffff has a contrast of 2.71:1",
        "the label #fd7511 on the background #ffffff has a contrast of 2.71:1",
      ]
    ),
    ("thumb", ["the thumb's label #ff0000 on the thumb #aaaaaa has a contrast of 1.72:1"]),
    ("wave", []), ("material", []), ("activity", []), ("dots", []), ("upload", []),
  ])
  func sourceLooksWarn(name: String, expected: [String]) throws {
    let messages = try Self.plan(name).contrastWarnings.map { $0.message(naming: { "--" + $0.name }) }
    #expect(messages.count == expected.count, "\(messages)")
    for (message, start) in zip(messages, expected) {
      #expect(message.hasPrefix(start + ", under the 3:1 WCAG asks"), "\(message)")
    }
  }

  /// Each preset's other appearance passes the check; so does a label over a dark halo only when
  /// the text is light (Examples' old `light/upload`, #1c1c1e over a black halo, warns).
  @Test(arguments: Presets.all.map(\.name))
  func otherAppearancePassesTheCheck(name: String) throws {
    let appearance = name == "thumb" ? "light" : "dark"
    let plan = try Self.plan(name) { $0.appearance = StyleAppearance(rawValue: appearance) }
    #expect(plan.contrastWarnings == [], "\(name) \(appearance)")
  }

  @Test func darkTextOnADarkHaloWarns() throws {
    let plan = try Self.plan("upload") { $0.overrides.textColor = try? RGBAColor.parse("#1c1c1e") }
    let warning = try #require(plan.contrastWarnings.first)
    #expect(warning.message(naming: { "--" + $0.name }).hasPrefix("the label #1c1c1e on its halo #"))
  }

  /// A label left out at a size is not measured: thumb's timer at 64 px.
  @Test func aLeftOutLabelIsNotMeasured() throws {
    #expect(try Self.plan("thumb") { $0.size = 64 }.contrastWarnings == [])
  }
}
