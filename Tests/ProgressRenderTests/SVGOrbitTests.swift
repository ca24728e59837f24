import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats

/// `SVGOrbit`: a point of x = cx + r·cos a, y = cy + r·sin a (plus constants) is read as a circle.
@Suite struct SVGOrbitTests {
  static let angle = NumberExpression.product(.track("progress"), .constant(6.28))

  static func point(_ x: NumberExpression, _ y: NumberExpression) -> AnimatedPoint {
    AnimatedPoint(x: .expression(x), y: .expression(y))
  }

  @Test func aPointOnACircle() {
    let x = NumberExpression.sum(.constant(10), .product(.constant(5), .cosine(Self.angle)))
    let y = NumberExpression.sum(.sum(.constant(20), .product(.constant(5), .sine(Self.angle))), .constant(1.5))
    let orbit = SVGOrbit(Self.point(x, y))
    #expect(orbit?.center == Point(x: 10, y: 21.5))
    #expect(orbit?.radius == 5)
    #expect(orbit?.angle == Self.angle)
  }

  /// Two angles, two radii, or a sine for x: no circle.
  @Test func otherPointsAreNot() {
    let cosine = NumberExpression.sum(.constant(10), .product(.constant(5), .cosine(Self.angle)))
    let other = NumberExpression.sum(.constant(20), .product(.constant(5), .sine(.track("tail"))))
    let wider = NumberExpression.sum(.constant(20), .product(.constant(6), .sine(Self.angle)))
    #expect(SVGOrbit(Self.point(cosine, other)) == nil)
    #expect(SVGOrbit(Self.point(cosine, wider)) == nil)
    #expect(SVGOrbit(Self.point(cosine, cosine)) == nil)
    #expect(SVGOrbit(.constant(1, 2)) == nil)
  }
}
