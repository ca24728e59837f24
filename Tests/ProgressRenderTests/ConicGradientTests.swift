import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderRaster

@Suite struct ConicGradientTests {
  /// Black at 3 o'clock turning clockwise to white at 12 o'clock, constant a quarter turn on each side.
  static let gradient = ConicGradient(
    centerX: 20, centerY: 20, start: 0, end: 1.5 * .pi, from: .black, to: .white, lead: 0.25 * .pi,
    trail: 0.25 * .pi)

  @Test(
    arguments: [
      (0.0, 0.0), (0.5 * Double.pi, 1.0 / 3), (Double.pi, 2.0 / 3), (1.5 * Double.pi, 1.0), (-0.1, 0.0),
      (1.6 * Double.pi, 1.0), (-1.9 * Double.pi, 1.0 / 15),
    ] as [(Double, Double)])
  func colourMixesLinearlyWithTheAngle(angle: Double, white: Double) throws {
    let c = try #require(Self.gradient.color(atAngle: angle))
    #expect(abs(c.red - white) < 1e-9 && abs(c.blue - white) < 1e-9 && c.alpha == 1)
  }

  @Test func nothingOutsideLeadAndTrail() {
    var narrow = Self.gradient
    narrow.lead = 0.1
    narrow.trail = 0.1
    #expect(narrow.color(atAngle: -0.2) == nil)
    #expect(narrow.color(atAngle: 1.5 * .pi + 0.2) == nil)
    #expect(narrow.color(atAngle: -0.05) == .black)
  }

  @Test func framePaintsOnlyTheBandAroundTheCentre() {
    let (frame, x, y) = Self.gradient.frame(pixelsPerPoint: 1, innerRadius: 10, outerRadius: 18)
    // The square of whole pixels around the outer circle: 2…38.
    #expect((x, y, frame.width, frame.height) == (2, 2, 36, 36))
    func at(_ px: Int, _ py: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) { frame.rgba(x: px - x, y: py - y) }
    #expect(at(20, 20).a == 0, "inside the band: transparent")
    #expect(at(3, 3).a == 0, "outside the band: transparent")
    // 3 o'clock black, 6 o'clock a third, 9 o'clock two thirds, 12 o'clock white.
    #expect(at(34, 20).r < 4 && at(34, 20).a == 255)
    #expect(abs(Int(at(20, 34).r) - 85) < 6)
    #expect(abs(Int(at(5, 20).r) - 170) < 6)
    #expect(at(20, 5).r > 250)
  }

  @Test func translucentColoursArePremultiplied() {
    let g = ConicGradient(
      centerX: 2, centerY: 2, start: 0, end: 1, from: RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5),
      to: RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5), lead: 4, trail: 4)
    let (frame, _, _) = g.frame(pixelsPerPoint: 2, innerRadius: 0, outerRadius: 2)
    #expect(frame.pixels[frame.width * 4 + 5] == 0x8080_0000)
  }
}
