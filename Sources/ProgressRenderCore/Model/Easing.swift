import Foundation

/// How a value moves between two keyframes: a timing curve mapping linear time 0…1 to progress.
///
/// Accepts Core Animation's names (`linear`, `default`, `easeIn`, `easeOut`, `easeInEaseOut`)
/// and CSS's (`ease`, `ease-in`, `ease-out`, `ease-in-out`, `cubic-bezier(x1, y1, x2, y2)`,
/// `steps(n)`, `steps(n, jump-start|jump-end|jump-none|jump-both|start|end)`).
/// In JSON an easing is written as that text (see `Easing.parse(_:)` and `description`).
public enum Easing: Equatable, Hashable, Sendable {
  case linear
  /// A cubic Bézier from (0,0) to (1,1) with control points (x1,y1), (x2,y2); x is clamped to 0…1, y may overshoot.
  case cubicBezier(Double, Double, Double, Double)
  /// A staircase of `count` steps with CSS jump semantics.
  case steps(Int, StepPosition)

  /// Where the jumps of `steps(n, …)` fall, as in CSS.
  public enum StepPosition: String, Equatable, Hashable, Sendable, CaseIterable {
    case jumpStart = "jump-start"
    case jumpEnd = "jump-end"
    case jumpNone = "jump-none"
    case jumpBoth = "jump-both"
  }

  /// CSS `ease`, Core Animation's `default`: (0.25, 0.1)(0.25, 1).
  public static let ease = Easing.cubicBezier(0.25, 0.1, 0.25, 1)
  /// CSS `ease-in`, Core Animation's `easeIn`: (0.42, 0)(1, 1).
  public static let easeIn = Easing.cubicBezier(0.42, 0, 1, 1)
  /// CSS `ease-out`, Core Animation's `easeOut`: (0, 0)(0.58, 1).
  public static let easeOut = Easing.cubicBezier(0, 0, 0.58, 1)
  /// CSS `ease-in-out`, Core Animation's `easeInEaseOut`: (0.42, 0)(0.58, 1).
  public static let easeInOut = Easing.cubicBezier(0.42, 0, 0.58, 1)
}

extension Easing {
  /// The eased progress at linear progress `x`.
  ///
  /// `x` is clamped to 0…1; NaN gives NaN. Cubic curves are solved for x(t) = x with Newton
  /// iterations and a bisection fallback, precise to 1e-7 or better. Steps follow CSS Easing
  /// Level 1 (`steps(4, jump-end)` at 0.25 is 0.25, just below it 0).
  /// - Parameter x: linear progress through the span.
  /// - Returns: the eased progress; may leave 0…1 for a cubic Bézier whose y overshoots.
  /// - Complexity: O(1) (at most a few dozen iterations).
  public func callAsFunction(_ x: Double) -> Double {
    guard !x.isNaN else { return x }
    let x = min(max(x, 0), 1)
    switch self {
    case .linear:
      return x
    case .cubicBezier(let x1, let y1, let x2, let y2):
      return UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2).y(atX: x)
    case .steps(let count, let position):
      return Easing.step(x, count: count, position: position)
    }
  }

  /// The eased progress at linear progress `x`; the same as calling the easing.
  /// - Parameter x: linear progress through the span.
  /// - Returns: the eased progress.
  public func progress(at x: Double) -> Double { self(x) }

  /// The smallest and largest eased progress over linear progress 0…1 (exact for Bézier overshoot).
  ///
  /// Used to bound the values a track can take between two keys.
  public var outputRange: ClosedRange<Double> {
    switch self {
    case .linear, .steps:
      return 0...1
    case .cubicBezier(let x1, let y1, let x2, let y2):
      return UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2).yRange
    }
  }

  /// CSS Easing Level 1 step function, for `x` in 0…1 (the "before flag" does not arise).
  /// The step counts `steps(n, …)` accepts.
  public static let stepCountRange = 1...10_000
  /// The y values `cubic-bezier(x1, y1, x2, y2)` accepts (CSS allows any; none needs more).
  public static let bezierYRange = -100.0...100.0

  private static func step(_ x: Double, count: Int, position: StepPosition) -> Double {
    let count = min(max(count, stepCountRange.lowerBound), stepCountRange.upperBound)
    var jumps = count
    switch position {
    case .jumpNone: jumps = count - 1
    case .jumpBoth: jumps = count + 1
    case .jumpStart, .jumpEnd: break
    }
    // `steps(1, jump-none)` is not valid CSS; treat it as a single jump at the end.
    guard jumps > 0 else { return x < 1 ? 0 : 1 }
    var current = Int((x * Double(count)).rounded(.down))
    if position == .jumpStart || position == .jumpBoth { current += 1 }
    current = min(max(current, 0), jumps)
    return Double(current) / Double(jumps)
  }
}
