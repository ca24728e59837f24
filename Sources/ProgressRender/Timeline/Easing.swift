import Foundation

/// How a value moves between two keyframes: a timing curve mapping linear time 0…1 to progress.
///
/// Accepts Core Animation's names (`linear`, `default`, `easeIn`, `easeOut`, `easeInEaseOut`)
/// and CSS's (`ease`, `ease-in`, `ease-out`, `ease-in-out`, `cubic-bezier(x1, y1, x2, y2)`,
/// `steps(n)`, `steps(n, jump-start|jump-end|jump-none|jump-both|start|end)`).
/// In JSON an easing is written as that text.
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
