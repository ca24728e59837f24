import Foundation

/// A number property of a node: constant, or animated by the timeline through an expression.
///
/// Keyframed properties are tracks of the composition's timeline read by `.expression(.track(…))`:
/// a track carries per-key easing (cubic Bézier in/out, steps, holds), paced motion, repeats and
/// autoreverse, evaluated by the timeline engine.
public enum AnimatedNumber: Codable, Equatable, Sendable {
  /// The same value at every time.
  case constant(Double)
  /// A value computed from the timeline at each time.
  case expression(NumberExpression)

  /// The value at one time.
  /// - Parameter values: the timeline's values at that time.
  public func value(in values: TrackValues) -> Double {
    switch self {
    case .constant(let value): value
    case .expression(let expression): expression.value(in: values)
    }
  }

  /// The value as an expression (a constant's is `.constant`).
  public var asExpression: NumberExpression {
    switch self {
    case .constant(let value): .constant(value)
    case .expression(let expression): expression
    }
  }

  /// The cosine of an angle, folded when the angle is constant.
  /// - Parameter angle: radians.
  /// - Returns: the cosine at every time.
  public static func cosine(of angle: AnimatedNumber) -> AnimatedNumber {
    if let value = angle.constantValue { return .constant(Foundation.cos(value)) }
    return .expression(.cosine(angle.asExpression))
  }

  /// The constant value, or `nil` when animated.
  public var constantValue: Double? {
    if case .constant(let value) = self { return value }
    return nil
  }
}
