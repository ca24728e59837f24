import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats

/// `SVGCurveFit`: sampled keys carried by one fitted `cubic-bezier()` within the tolerance, or none.
@Suite struct SVGCurveFitTests {
  typealias Key = LottieChannel.Key

  static func keys(_ frames: ClosedRange<Int>, _ value: (Double) -> Double) -> [Key] {
    frames.map { Key(frame: Double($0), value: value(Double($0)), easing: nil, hold: false) }
  }

  /// Curves a cubic in time carries (an eased rise, a cubic, a straight line) and ones it cannot
  /// (a bump that ends where it starts, a step, too few keys).
  @Test(arguments: [
    ("quadratic", 30, true),
    ("cubic", 40, true),
    ("line", 10, true),
    ("bump", 20, false),
    ("step", 20, false),
    ("two keys", 2, false),
  ])
  func fits(kind: String, frames: Int, fits: Bool) throws {
    let value: (Double) -> Double = { f in
      let x = f / Double(frames)
      switch kind {
      case "quadratic": return 50 * x * x
      case "cubic": return 3 + 7 * x * x * x - 2 * x
      case "line", "two keys": return 4 * x
      case "bump": return sin(x * .pi) * 10
      default: return x < 0.5 ? 0 : 10
      }
    }
    let all = Self.keys(0...frames, value)
    let easing = SVGCurveFit.easing(
      from: all[0], between: all[1..<frames], to: all[frames], tolerance: 0.01)
    #expect((easing != nil) == fits, "\(kind)")
    guard let easing else { return }
    // Every key between within the tolerance, through the easing as written.
    for key in all {
      let eased = all[0].value + (all[frames].value - all[0].value) * easing(key.frame / Double(frames))
      #expect(abs(eased - key.value) <= 0.01, "\(kind) at \(key.frame)")
    }
    guard case .cubicBezier(let x1, _, let x2, _) = easing else {
      Issue.record("not a cubic-bezier")
      return
    }
    #expect(x1 == 0.3333 && x2 == 0.6667)
  }

  /// The style sheet keeps an ease-in-out ramp sampled every frame as a few eased keys that give
  /// every sampled frame within the tolerance.
  @Test func sampledRampBecomesAFewEasedKeys() {
    let sampled = Self.keys(0...60) { 100 * Easing.easeInOut($0 / 60) }
    let kept = SVGStyleSheet.simplified(sampled, tolerance: 0.01)
    #expect(kept.count <= 8, "\(kept.map(\.frame))")
    #expect(kept.contains { $0.easing != nil })
    let played = LottieChannel(exactKeys: kept).evaluator
    for key in sampled {
      #expect(abs((played.value(atCyclePosition: key.frame) ?? .nan) - key.value) <= 0.01, "frame \(key.frame)")
    }
  }
}
