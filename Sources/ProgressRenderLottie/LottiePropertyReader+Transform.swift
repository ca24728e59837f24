import Foundation
import ProgressRenderCore

extension LottiePropertyReader {
  /// A transform (a layer's `ks`, a group's `tr`) and its opacity, 0…1.
  ///
  /// Lottie's order, applied to a point: minus the anchor, scale, skew, rotation, plus the
  /// position — the order `NodeTransform` applies. Angles are degrees in the file, radians here.
  func transform(_ node: LottieJSONNode?, _ time: LottieTimeMap) throws(LottieImportError) -> (
    NodeTransform, AnimatedNumber
  ) {
    guard let node else { return (NodeTransform(), .constant(1)) }
    let degrees = Double.pi / 180
    let anchor = try point(node["a"], time, fallback: Point(x: 0, y: 0))
    let position = try point(node["p"], time, fallback: Point(x: 0, y: 0))
    let scale = try point(node["s"], time, fallback: Point(x: 100, y: 100), scale: 0.01)
    let rotation = try number(node["r"] ?? node["rz"], time, fallback: 0, scale: degrees)
    let skew = try number(node["sk"], time, fallback: 0, scale: degrees)
    // The renderer turns the skew axis the other way from the file.
    let axis = try number(node["sa"], time, fallback: 0, scale: -degrees)
    let opacity = try number(node["o"], time, fallback: 100, scale: 0.01)
    for key in ["rx", "ry", "or"] where node[key] != nil { warn("3D rotation ('\(key)') is not rendered") }
    return (
      NodeTransform(anchor: anchor, position: position, scale: scale, rotation: rotation, skew: skew, skewAxis: axis),
      opacity
    )
  }
}
