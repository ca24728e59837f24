import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats

/// The individual CSS transform properties the SVG writer animates, and its short colours.
@Suite struct SVGTransformPropertyTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let text: String
    let expected: String
    var testDescription: String { expected }
  }

  @Test(arguments: [
    Case(text: SVGTransformProperty.translate(0, 9.8), expected: "translate:0 9.8px"),
    Case(text: SVGTransformProperty.translate(-57.4, 0), expected: "translate:-57.4px"),
    Case(text: SVGTransformProperty.translate(0, 0), expected: "translate:0"),
    Case(text: SVGTransformProperty.translate(1.23456, -0.5), expected: "translate:1.235px -.5px"),
    Case(text: SVGTransformProperty.rotate(-53.2281), expected: "rotate:-53.228deg"),
    Case(text: SVGTransformProperty.rotate(360, places: 2), expected: "rotate:360deg"),
    Case(text: SVGTransformProperty.scale(1.1, 1.1), expected: "scale:1.1"),
    Case(text: SVGTransformProperty.scale(1, -1), expected: "scale:1 -1"),
    Case(text: SVGWriter.hex(RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)), expected: "#fff"),
    Case(text: SVGWriter.hex(RGBAColor(red: 0, green: 0x33 / 255, blue: 0xcc / 255, alpha: 1)), expected: "#03c"),
    Case(
      text: SVGWriter.hex(RGBAColor(red: 0x2f / 255, green: 0x80 / 255, blue: 0xed / 255, alpha: 1)),
      expected: "#2f80ed"),
    Case(text: SVGWriter.hex(RGBAColor(red: 1, green: 1, blue: 0xfe / 255, alpha: 1)), expected: "#fffffe"),
  ])
  func writes(_ c: Case) {
    #expect(c.text == c.expected)
  }
}
