import Testing

@testable import ProgressRender

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

  @Test(arguments: ["", "#12", "#gggggg", "rgb(1,2)", "rgb(300,0,0)", "blurple", "#1234567"])
  func rejects(text: String) {
    #expect(throws: ColorParseError(text: text)) { try RGBAColor.parse(text) }
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
