/// CSS declarations of the individual transform properties (`translate`, `rotate`, `scale`), which
/// every current browser animates (Chrome 104, Firefox 72, Safari 14.1). Each animated part of a
/// transform is its own `<g>` with no `transform` of its own, so a property there means what the
/// `transform` function did, in fewer bytes (`translate:0 9.8px` for `transform:translateY(9.8px)`).
enum SVGTransformProperty {
  /// A translation; a zero `y` is left out, a zero length written without its unit.
  /// - Parameters:
  ///   - x: The horizontal offset, px.
  ///   - y: The vertical offset, px.
  ///   - places: Decimals kept.
  static func translate(_ x: Double, _ y: Double, places: Int = 3) -> String {
    let (tx, ty) = (length(x, places), length(y, places))
    return ty == "0" ? "translate:\(tx)" : "translate:\(tx) \(ty)"
  }

  /// A rotation in degrees.
  static func rotate(_ degrees: Double, places: Int = 3) -> String {
    "rotate:\(SVGNumber.text(degrees, places: places))deg"
  }

  /// A scale; one number when both axes agree.
  static func scale(_ x: Double, _ y: Double, places: Int = 4) -> String {
    let (sx, sy) = (SVGNumber.text(x, places: places), SVGNumber.text(y, places: places))
    return sx == sy ? "scale:\(sx)" : "scale:\(sx) \(sy)"
  }

  private static func length(_ value: Double, _ places: Int) -> String {
    let text = SVGNumber.text(value, places: places)
    return text == "0" ? text : text + "px"
  }
}
