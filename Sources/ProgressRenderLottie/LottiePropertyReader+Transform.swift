import Foundation
import ProgressRenderCore

extension LottiePropertyReader {
  /// A transform (a layer's `ks`, a group's `tr`), its opacity, 0…1, and the flattening of a 3D
  /// layer's rotation about x or y.
  ///
  /// Lottie's order, applied to a point: minus the anchor, scale, skew, rotation, plus the
  /// position — the order `NodeTransform` applies. Angles are degrees in the file, radians here.
  ///
  /// A 3D layer turns after its z rotation about y (`ry`), then x (`rx`), then its orientation
  /// (`or`: z, y, x). lottie-web's SVG renderer, with no camera, draws that from straight ahead: a
  /// turn by θ about x squeezes y by cos θ, about y squeezes x. When the turns are about one of x
  /// and y only, that squeeze is `projection`, a scale applied after the rotation and before the
  /// position; turns about both are warned about and drawn flat.
  func transform(_ node: LottieJSONNode?, _ time: LottieTimeMap) throws(LottieImportError) -> (
    NodeTransform, AnimatedNumber, projection: AnimatedPoint?
  ) {
    guard let node else { return (NodeTransform(), .constant(1), nil) }
    let degrees = Double.pi / 180
    let anchor = try point(node["a"], time, fallback: Point(x: 0, y: 0))
    let position = try point(node["p"], time, fallback: Point(x: 0, y: 0))
    let scale = try point(node["s"], time, fallback: Point(x: 100, y: 100), scale: 0.01)
    var rotation = try number(node["r"] ?? node["rz"], time, fallback: 0, scale: degrees)
    let skew = try number(node["sk"], time, fallback: 0, scale: degrees)
    // The renderer turns the skew axis the other way from the file.
    let axis = try number(node["sa"], time, fallback: 0, scale: -degrees)
    let opacity = try number(node["o"], time, fallback: 100, scale: 0.01)
    var projection: AnimatedPoint?
    if node["rx"] != nil || node["ry"] != nil || node["or"] != nil {
      let aboutX = try number(node["rx"], time, fallback: 0, scale: degrees)
      let aboutY = try number(node["ry"], time, fallback: 0, scale: degrees)
      let orientation = try numbers(node["or"], time, count: 3, fallback: [0, 0, 0], scale: degrees)
      let turnsX = [aboutX, orientation[0]].contains { $0 != .constant(0) }
      let turnsY = [aboutY, orientation[1]].contains { $0 != .constant(0) }
      let turnsZ = orientation[2] != .constant(0)
      if !turnsX && !turnsY {
        rotation = Self.sum(rotation, orientation[2])
      } else if turnsX != turnsY && !turnsZ {
        let squeeze = AnimatedNumber.cosine(of: Self.sum(turnsX ? aboutX : aboutY, orientation[turnsX ? 0 : 1]))
        projection = turnsX ? AnimatedPoint(x: .constant(1), y: squeeze) : AnimatedPoint(x: squeeze, y: .constant(1))
      } else {
        warn("3D rotation about more than one axis ('rx', 'ry', 'or') is not rendered")
      }
    }
    return (
      NodeTransform(anchor: anchor, position: position, scale: scale, rotation: rotation, skew: skew, skewAxis: axis),
      opacity, projection
    )
  }

  /// a + b, folded when both are constant.
  private static func sum(_ a: AnimatedNumber, _ b: AnimatedNumber) -> AnimatedNumber {
    switch (a, b) {
    case (.constant(let x), .constant(let y)): .constant(x + y)
    case (_, .constant(0)): a
    case (.constant(0), _): b
    default: .expression(.sum(a.asExpression, b.asExpression))
    }
  }
}
