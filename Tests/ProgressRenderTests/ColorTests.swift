import Foundation
import Testing

@testable import ProgressRenderCore

@Suite struct ColorTests {
  @Test(arguments: [
    ("#ff8000", RGBAColor(r: 255, g: 128, b: 0)),
    ("#FF800080", RGBAColor(r: 255, g: 128, b: 0, a: 128)),
    ("#f80", RGBAColor(r: 255, g: 136, b: 0)),
    ("orange", RGBAColor(r: 255, g: 165, b: 0)),
    ("rgb(253, 117, 17)", RGBAColor(r: 253, g: 117, b: 17)),
    ("rgba(0,0,0,0.4)", RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.4)),
    ("transparent", RGBAColor.clear),
  ])
  func parses(text: String, expected: RGBAColor) throws {
    #expect(try RGBAColor.parse(text) == expected)
  }

  @Test(arguments: [
    "", "#12", "#gggggg", "rgb(1,2)", "rgb(300,0,0)", "blurple", "#1234567", "#12345", "rgb(1 2 3 4)",
    "rgb(1, 2 3)", "rgb(1 2 3 / 0.5 / 1)", "rgb(1,2,3 / 0.5)", "rgb(100%, 0, 0)", "rgb(101% 0 0)",
    "rgb(0 0 0 / 1.5)", "rgb(0 0 0 / 150%)", "rgb(+1 2 3)", "rgb(0x10 0 0)", "rgb(nan 0 0)", "rgb(-1 0 0)",
    "hsl(120, 100, 50)", "hsl(120deg 100% 50% 1)", "hsl(1e400 100% 50%)", "hsl(120px 100% 50%)",
    "hsl(120 101% 50%)", "hwb(0, 0%, 0%)", "hwb(0 -1% 0%)", "hsla(120 100% 50% / x)", "rgb()", "rgb(,,)",
    "cmyk(0 0 0 0)", "systemBlue-dim", "systemblue-dark-dark", "#ＦＦＦ", "rgb(1 2 3", "transparent(0)",
  ])
  func rejects(text: String) {
    #expect(throws: StyleError.color(text: text)) { try RGBAColor.parse(text) }
  }

  /// CSS Color 4, with the results the specification gives for its examples (§ 5–8): exact
  /// components where they are exact, the 8-bit hex form where the conversion rounds.
  @Test(arguments: [
    ("rgb(0 122 255 / 50%)", RGBAColor(r: 0, g: 122, b: 255).withAlpha(0.5)),
    ("rgb(0 122 255 / .5)", RGBAColor(r: 0, g: 122, b: 255).withAlpha(0.5)),
    ("rgba(0 122 255)", RGBAColor(r: 0, g: 122, b: 255)),
    ("rgba(0, 122, 255, 50%)", RGBAColor(r: 0, g: 122, b: 255).withAlpha(0.5)),
    ("rgb(0, 122, 255, 0.25)", RGBAColor(r: 0, g: 122, b: 255).withAlpha(0.25)),
    ("rgb(100% 50% 0%)", RGBAColor(red: 1, green: 0.5, blue: 0)),
    ("rgb(100%, 0%, 0%)", RGBAColor(red: 1, green: 0, blue: 0)),
    ("rgb(255 0% 127.5)", RGBAColor(red: 1, green: 0, blue: 0.5)),
    ("RGB( 255   0 0 )", RGBAColor(red: 1, green: 0, blue: 0)),
    ("#0000", RGBAColor(r: 0, g: 0, b: 0, a: 0)),
    ("#f808", RGBAColor(r: 255, g: 136, b: 0, a: 136)),
    ("hsl(120deg 100% 50%)", RGBAColor(red: 0, green: 1, blue: 0)),
    ("hsl(120 100% 50%)", RGBAColor(red: 0, green: 1, blue: 0)),
    ("hsl(120, 100%, 50%)", RGBAColor(red: 0, green: 1, blue: 0)),
    ("hsla(120, 100%, 50%, 0.5)", RGBAColor(red: 0, green: 1, blue: 0, alpha: 0.5)),
    ("hsl(120 100 50 / 25%)", RGBAColor(red: 0, green: 1, blue: 0, alpha: 0.25)),
    ("hsl(0.5turn 100% 50%)", RGBAColor(red: 0, green: 1, blue: 1)),
    ("hsl(200grad 100% 50%)", RGBAColor(red: 0, green: 1, blue: 1)),
    ("hsl(-240deg 100% 50%)", RGBAColor(red: 0, green: 1, blue: 0)),
    ("hsl(480deg 100% 50%)", RGBAColor(red: 0, green: 1, blue: 0)),
    ("hsl(0 0% 100%)", RGBAColor.white),
    ("hwb(0 0% 0%)", RGBAColor(red: 1, green: 0, blue: 0)),
    ("hwb(0 100% 0%)", RGBAColor.white),
    ("hwb(0 0% 100%)", RGBAColor.black),
    ("hwb(120 50% 50% / 0.5)", RGBAColor(white: 0.5, alpha: 0.5)),
    ("hwb(0 60% 60%)", RGBAColor(white: 0.5)),
    ("transparent", RGBAColor.clear),
    ("REBECCAPURPLE", RGBAColor(r: 0x66, g: 0x33, b: 0x99)),
  ])
  func parsesCSSColor4(text: String, expected: RGBAColor) throws {
    #expect(try RGBAColor.parse(text) == expected)
  }

  /// Conversions that round: the 8-bit form the CSS specification's tables give.
  @Test(arguments: [
    ("hsl(120deg 100% 25%)", "#008000"), ("hsl(120deg 100% 75%)", "#80ff80"), ("hsl(120deg 75% 50%)", "#20df20"),
    ("hsl(60deg 100% 50%)", "#ffff00"), ("hsl(240deg 100% 50%)", "#0000ff"), ("hsl(30 100% 50%)", "#ff8000"),
    ("hsl(3.14159265rad 100% 50%)", "#00ffff"), ("hwb(120 20% 30%)", "#33b333"), ("hwb(60 0% 50%)", "#808000"),
    ("hwb(240deg 40% 20%)", "#6666cc"), ("rgb(255 0 0 / 0.5)", "#ff000080"), ("hsl(270 60% 70%)", "#b385e0"),
  ])
  func roundsLikeTheSpecification(text: String, hex: String) throws {
    #expect(try RGBAColor.parse(text).hexString == hex)
  }

  /// Apple's system colours: the light value by default or with `-light`, the dark one with `-dark`.
  @Test(arguments: [
    ("systemBlue", "#007aff"), ("systemblue-light", "#007aff"), ("systemBlue-dark", "#0a84ff"),
    ("systemOrange", "#ff9500"), ("systemOrange-dark", "#ff9f0a"), ("systemRed", "#ff3b30"),
    ("systemRed-dark", "#ff453a"), ("systemGreen", "#34c759"), ("systemGreen-dark", "#30d158"),
    ("systemYellow", "#ffcc00"), ("systemPink", "#ff2d55"), ("systemPurple", "#af52de"), ("systemTeal", "#30b0c7"),
    ("systemIndigo", "#5856d6"), ("systemIndigo-dark", "#5e5ce6"), ("systemGray", "#8e8e93"),
    ("systemGray-dark", "#8e8e93"), ("systemGray6", "#f2f2f7"), ("systemGray6-dark", "#1c1c1e"),
    ("m3-primary", "#6750a4"), ("m3-primary-dark", "#d0bcff"), ("M3-On-Primary-Container", "#21005d"),
    ("m3-surface-dark", "#1c1b1f"), ("m3-error", "#b3261e"),
  ])
  func systemColors(name: String, hex: String) throws {
    #expect(try RGBAColor.parse(name).hexString == hex)
  }

  /// A misspelt name suggests the nearest one, in the spelling the table uses.
  @Test(arguments: [
    ("reed", "red" as String?), ("oragne", "orange"), ("systemblu", "systemBlue"), ("SystemOrnge", "systemOrange"),
    ("transparnt", "transparent"), ("m3-primry", "m3-primary"), ("blurple", "purple"), ("#ff00zz", nil),
    ("rgb(1,2)", nil), ("qqqqqqq", nil),
  ])
  func suggestsTheNearestName(text: String, suggestion: String?) {
    #expect(StyleError.color(text: text).suggestion == suggestion)
    #expect(StyleError.color(text: text).description.contains("did you mean") == (suggestion != nil))
  }

  /// Style files read colours with the same parser: every form decodes from JSON, and a bad one
  /// is refused with the same suggestion.
  @Test func styleFilesReadTheSameSyntax() throws {
    let json = ##"["rgb(0 122 255 / 50%)", "hsl(120 100% 50%)", "hwb(0 0% 0%)", "systemBlue-dark", "#f808"]"##
    let colors = try JSONDecoder().decode([RGBAColor].self, from: Data(json.utf8))
    #expect(colors.map(\.hexString) == ["#007aff80", "#00ff00", "#ff0000", "#0a84ff", "#ff880088"])
    #expect(throws: DecodingError.self) { try JSONDecoder().decode([RGBAColor].self, from: Data(#"["reed"]"#.utf8)) }
  }

  @Test func hexRoundTrip() throws {
    for text in ["#000000", "#d6d6d6", "#fd7511", "#00000066"] {
      #expect(try RGBAColor.parse(text).hexString == text)
    }
  }

  @Test func premultiplyRoundTrip() {
    let frame = Frame(width: 2, height: 1, straightRGBA: [255, 0, 0, 128, 10, 20, 30, 255])
    #expect(frame.straightRGBA() == [255, 0, 0, 128, 10, 20, 30, 255])
    #expect(Frame.premultiplied(RGBAColor(r: 255, g: 0, b: 0, a: 128)) == frame.pixels[0])
  }
}
