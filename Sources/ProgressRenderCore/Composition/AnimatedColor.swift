/// A colour property: constant, animated per component, or cycling through a list.
public enum AnimatedColor: Codable, Equatable, Sendable {
  /// The same colour at every time.
  case constant(RGBAColor)
  /// Each component (0…1) its own number.
  case components(red: AnimatedNumber, green: AnimatedNumber, blue: AnimatedNumber, alpha: AnimatedNumber)
  /// With the value v of `by`, `colors[⌊v⌋ mod n]` blended towards the next colour by v's fraction
  /// (a non-finite v counts as 0).
  case cycle([RGBAColor], by: NumberExpression)

  /// The colour at one time.
  /// - Parameter values: the timeline's values at that time.
  public func value(in values: TrackValues) -> RGBAColor {
    switch self {
    case .constant(let color): return color
    case .components(let r, let g, let b, let a):
      return RGBAColor(
        red: r.value(in: values), green: g.value(in: values), blue: b.value(in: values), alpha: a.value(in: values))
    case .cycle(let colors, let by):
      guard !colors.isEmpty else { return .clear }
      let value = NumberExpression.finite(by.value(in: values), 0)
      let whole = value.rounded(.down)
      let count = Double(colors.count)
      let index = Int(whole - (whole / count).rounded(.down) * count) % colors.count
      let from = colors[index]
      let to = colors[(index + 1) % colors.count]
      let f = min(max(value - whole, 0), 1)
      return RGBAColor(
        red: from.red + (to.red - from.red) * f, green: from.green + (to.green - from.green) * f,
        blue: from.blue + (to.blue - from.blue) * f, alpha: from.alpha + (to.alpha - from.alpha) * f)
    }
  }

  /// The constant colour, or `nil` when animated.
  public var constantValue: RGBAColor? {
    if case .constant(let color) = self { return color }
    return nil
  }
}
