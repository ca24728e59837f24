import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster

/// Added masks show their union whichever way each path turns, as lottie-web's SVG masks (one
/// filled `<path>` each) show it: two overlapping squares, one drawn clockwise and one counter-
/// clockwise, still cover where they overlap (as one path under the non-zero rule, their windings
/// would cancel there).
@Suite struct LottieMaskWindingTests {
  /// A closed square mask from (`x`, `y`), `side` wide, clockwise on screen or not.
  static func square(_ x: Int, _ y: Int, _ side: Int, clockwise: Bool, mode: String = "a") -> String {
    var corners = [[x, y], [x + side, y], [x + side, y + side], [x, y + side]]
    if !clockwise { corners.reverse() }
    let v = corners.map { "[\($0[0]),\($0[1])]" }.joined(separator: ",")
    let zeros = corners.map { _ in "[0,0]" }.joined(separator: ",")
    let path = #"{"c":true,"v":[\#(v)],"i":[\#(zeros)],"o":[\#(zeros)]}"#
    return #"{"mode":"\#(mode)","inv":false,"o":{"a":0,"k":100},"pt":{"a":0,"k":\#(path)}}"#
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var masks: [String]
    /// Alpha at (40, 40), in both squares; at (15, 15), in the first only; at (5, 5), in neither.
    var overlap: Int
    var first: Int
    var outside: Int
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "both clockwise", masks: [square(10, 10, 50, clockwise: true), square(30, 30, 50, clockwise: true)],
      overlap: 255, first: 255, outside: 0),
    Case(
      name: "opposite windings", masks: [square(10, 10, 50, clockwise: true), square(30, 30, 50, clockwise: false)],
      overlap: 255, first: 255, outside: 0),
    Case(
      name: "three, the middle one the other way",
      masks: [
        square(10, 10, 50, clockwise: true), square(30, 30, 50, clockwise: false), square(0, 0, 8, clockwise: true),
      ], overlap: 255, first: 255, outside: 255),
    Case(
      name: "a subtract after opposite adds",
      masks: [
        square(10, 10, 50, clockwise: true), square(30, 30, 50, clockwise: false),
        square(35, 35, 10, clockwise: true, mode: "s"),
      ], overlap: 0, first: 255, outside: 0),
  ]

  @Test(arguments: cases)
  func addedMasksUnite(_ c: Case) throws {
    let solid = LottieRenderTests.solid(
      "#ff0000", 100, 100, extra: #","hasMask":true,"masksProperties":[\#(c.masks.joined(separator: ","))]"#)
    let frame = try LottieRenderTests.frame("[\(solid)]")
    #expect(Int(frame.rgba(x: 40, y: 40).a) == c.overlap)
    #expect(Int(frame.rgba(x: 15, y: 15).a) == c.first)
    #expect(Int(frame.rgba(x: 5, y: 5).a) == c.outside)
  }
}
