import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderRaster

/// A label's fit depends on its text alone: the same whichever values a fitter saw before (frames
/// are fitted on several workers in any order), and a text that cannot fit is left out.
@Suite struct LabelFitterPatternTests {
  static let texts = (0..<40).map { "\($0 * 37 % 101)% of files sent to 3 devices" } + ["12:34", "100%", "7"]

  @Test(arguments: [(30.0, 0.0), (60.0, 10.0), (18.0, -4.0)])
  func fitsDoNotDependOnOrder(_ radius: Double, _ offset: Double) throws {
    let text = try TextRenderer()
    let font = FontSpec(size: 14, weight: .bold)
    var forward = LabelFitter(radius: radius, minSize: 6)
    let inOrder = try Self.texts.map { try forward.fit($0, font: font, offset: offset, text: text) }
    var backward = LabelFitter(radius: radius, minSize: 6)
    let reversed = try Self.texts.reversed().map { try backward.fit($0, font: font, offset: offset, text: text) }
    #expect(inOrder == Array(reversed.reversed()))
    for (string, fit) in zip(Self.texts, inOrder) {
      var alone = LabelFitter(radius: radius, minSize: 6)
      #expect(try alone.fit(string, font: font, offset: offset, text: text) == fit, "\(string)")
    }
  }

  /// A thousand-character label far from the centre overflows at once, as the full search says.
  @Test func aHopelessLabelOverflows() throws {
    let text = try TextRenderer()
    var fitter = LabelFitter(radius: 40, minSize: 6)
    let long = "12.5 " + String(repeating: "x", count: 995)
    let fit = try fitter.fit(long, font: FontSpec(size: 10), offset: 30, text: text)
    #expect(fit.overflows)
    #expect(abs(fit.fontSize - 6.5610) < 0.001)  // 10 × 0.9⁴, the smallest size the search tries
  }
}
