/// A value that can be blended with another of its kind, for keyframe tracks.
public protocol Blendable: Sendable, Equatable {
  /// The value `amount` of the way from `self` to `other`.
  ///
  /// Not clamped: an amount outside 0…1 (an overshooting easing) extrapolates.
  /// An amount of 0 gives `self` and 1 gives `other` exactly.
  /// - Parameters:
  ///   - other: the value at amount 1.
  ///   - amount: the fraction of the way.
  /// - Returns: the blended value.
  func interpolated(to other: Self, amount: Double) -> Self

  /// A non-negative distance to `other`, used to time paced motion.
  func distance(to other: Self) -> Double
}

extension Double: Blendable {
  public func interpolated(to other: Double, amount: Double) -> Double {
    (1 - amount) * self + amount * other
  }

  public func distance(to other: Double) -> Double { abs(other - self) }
}

/// Points move along straight lines (`Point.interpolated(to:amount:)`, `Point.distance(to:)`).
extension Point: Blendable {}

extension RGBAColor: Blendable {
  /// Blends each straight (not premultiplied) component separately.
  public func interpolated(to other: RGBAColor, amount: Double) -> RGBAColor {
    RGBAColor(
      red: red.interpolated(to: other.red, amount: amount),
      green: green.interpolated(to: other.green, amount: amount),
      blue: blue.interpolated(to: other.blue, amount: amount),
      alpha: alpha.interpolated(to: other.alpha, amount: amount))
  }

  /// Euclidean distance over the four components.
  public func distance(to other: RGBAColor) -> Double {
    let d = [other.red - red, other.green - green, other.blue - blue, other.alpha - alpha]
    return d.reduce(0) { $0 + $1 * $1 }.squareRoot()
  }
}
