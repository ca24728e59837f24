import Testing

@testable import ProgressRenderCore

@Suite struct EasingTests {
  /// The reference values of issue 2 (CSS / Core Animation curves), to 1e-3.
  @Test(arguments: [
    ("ease", 0.25, 0.4085), ("ease", 0.5, 0.8024), ("ease", 0.75, 0.9605),
    ("ease-in-out", 0.25, 0.1292), ("ease-in-out", 0.5, 0.5), ("ease-in-out", 0.75, 0.8708),
    ("ease-in", 0.5, 0.3154), ("ease-out", 0.5, 0.6846),
    ("cubic-bezier(0.34, 1.56, 0.64, 1)", 0.5, 1.0874),
    ("default", 0.5, 0.8024), ("easeInEaseOut", 0.25, 0.1292), ("easeIn", 0.5, 0.3154),
    ("easeOut", 0.5, 0.6846), ("kCAMediaTimingFunctionEaseInEaseOut", 0.75, 0.8708),
    ("linear", 0.3, 0.3),
  ])
  func referenceValues(text: String, x: Double, expected: Double) throws {
    let easing = try Easing.parse(text)
    #expect(abs(easing(x) - expected) < 1e-3, "\(text) at \(x) gave \(easing(x))")
  }

  /// Solving x(t) = x is precise: x(t) of the returned y's parameter matches the input to 1e-7.
  @Test(arguments: [0.0, 0.001, 0.1, 0.333, 0.5, 0.9, 0.999, 1.0])
  func solverPrecision(x: Double) {
    for (x1, x2) in [(0.25, 0.25), (0.42, 0.58), (0.0, 1.0), (1.0, 0.0), (0.34, 0.64), (0.99, 0.01)] {
      let curve = UnitBezier(x1: x1, y1: 0, x2: x2, y2: 1)
      let t = curve.parameter(forX: x)
      let xt = 3 * (1 - t) * (1 - t) * t * x1 + 3 * (1 - t) * t * t * x2 + t * t * t
      #expect(abs(xt - x) < 1e-7, "x1 \(x1) x2 \(x2) x \(x): x(t) = \(xt)")
    }
  }

  @Test func endPointsAndClamping() {
    for easing in [Easing.ease, .easeIn, .easeOut, .easeInOut, .cubicBezier(0.34, 1.56, 0.64, 1), .linear] {
      #expect(easing(0) == 0)
      #expect(easing(1) == 1)
      #expect(easing(-0.5) == 0)
      #expect(easing(1.5) == 1)
      #expect(easing(.nan).isNaN)
    }
  }

  /// CSS Easing Level 1 step semantics.
  @Test(arguments: [
    ("steps(4)", 0.0, 0.0), ("steps(4)", 0.2499, 0.0), ("steps(4)", 0.25, 0.25), ("steps(4)", 0.99, 0.75),
    ("steps(4)", 1.0, 1.0),
    ("steps(4, jump-start)", 0.0, 0.25), ("steps(4, start)", 0.25, 0.5), ("steps(4, jump-start)", 0.99, 1.0),
    ("steps(4, jump-none)", 0.0, 0.0), ("steps(4, jump-none)", 0.25, 1.0 / 3), ("steps(4, jump-none)", 0.74, 2.0 / 3),
    ("steps(4, jump-none)", 0.75, 1.0), ("steps(4, jump-none)", 1.0, 1.0),
    ("steps(4, jump-both)", 0.0, 0.2), ("steps(4, jump-both)", 0.25, 0.4), ("steps(4, jump-both)", 0.99, 0.8),
    ("steps(4, jump-both)", 1.0, 1.0),
    ("steps(2, end)", 0.5, 0.5), ("step-start", 0.0, 1.0), ("step-end", 0.999, 0.0), ("step-end", 1.0, 1.0),
  ])
  func steps(text: String, x: Double, expected: Double) throws {
    #expect(abs(try Easing.parse(text)(x) - expected) < 1e-12)
  }

  @Test(arguments: [
    ("linear", Easing.linear), (" Ease-In-Out ", .easeInOut), ("EASE", .ease),
    ("cubic-bezier(0.1, -2, .9, 3.5)", .cubicBezier(0.1, -2, 0.9, 3.5)),
    ("cubic-bezier(0,0,1,1)", .cubicBezier(0, 0, 1, 1)),
    ("steps(3)", .steps(3, .jumpEnd)), ("steps( 5 , jump-both )", .steps(5, .jumpBoth)),
    ("kCAMediaTimingFunctionDefault", .ease), ("kCAMediaTimingFunctionLinear", .linear),
  ])
  func parses(text: String, expected: Easing) throws {
    #expect(try Easing.parse(text) == expected)
  }

  @Test(arguments: [
    (Easing.linear, "linear"), (.ease, "ease"), (.easeIn, "ease-in"), (.easeOut, "ease-out"),
    (.easeInOut, "ease-in-out"), (.cubicBezier(0.34, 1.56, 0.64, 1), "cubic-bezier(0.34, 1.56, 0.64, 1)"),
    (.cubicBezier(0.1, -0.0, 1.0 / 3, 2), "cubic-bezier(0.1, 0, 0.3333333333333333, 2)"),
    (.steps(4, .jumpEnd), "steps(4, jump-end)"), (.steps(1, .jumpStart), "steps(1, jump-start)"),
  ])
  func canonicalText(easing: Easing, text: String) throws {
    #expect(easing.description == text)
    #expect(try Easing.parse(text) == easing)
  }

  @Test(arguments: [
    ("bounce", nil),
    ("cubic-bezier(1.2, 0, 0.5, 1)", "the x values of cubic-bezier must lie in 0…1"),
    ("cubic-bezier(0.1, 0, 0.5)", "cubic-bezier needs four finite numbers"),
    ("cubic-bezier(0.1, nan, 0.5, 1)", "cubic-bezier needs four finite numbers"),
    ("steps(0)", "steps needs a whole number of steps 1…10000"),
    ("steps(2.5)", "steps needs a whole number of steps 1…10000"),
    // Hostile counts once overflowed (SIGILL) when the step was computed.
    ("steps(9223372036854775807, jump-both)", "steps needs a whole number of steps 1…10000"),
    ("steps(10001)", "steps needs a whole number of steps 1…10000"),
    ("steps(99999999999999999999999)", "steps needs a whole number of steps 1…10000"),
    ("steps(+5)", "steps needs a whole number of steps 1…10000"),
    ("cubic-bezier(0.1, 1e308, 0.5, 1)", "the y values of cubic-bezier must lie in -100…100"),
    ("cubic-bezier(0.1, 0, 0.5, -101)", "the y values of cubic-bezier must lie in -100…100"),
    ("cubic-bezier(0x1p-2, 0, 0.5, 1)", "cubic-bezier needs four finite numbers"),
    ("cubic-bezier(0.1, 0, 0.5, 1, )", "cubic-bezier needs four finite numbers"),
    ("steps(3, middle)", "unknown step position 'middle'"),
    ("steps(1, jump-none)", "steps with jump-none needs at least 2 steps"),
    ("", nil),
  ])
  func rejects(text: String, reason: String?) {
    #expect(throws: StyleError.easing(text: text, reason: reason)) { try Easing.parse(text) }
  }

  @Test func errorMessage() {
    #expect(
      StyleError.easing(text: "bounce", reason: nil).description
        == "'bounce' is not an easing: use linear, ease, ease-in, ease-out, ease-in-out, "
        + "cubic-bezier(x1, y1, x2, y2) with x1 and x2 in 0…1, steps(n) or "
        + "steps(n, jump-start|jump-end|jump-none|jump-both|start|end) "
        + "(Core Animation's default, easeIn, easeOut and easeInEaseOut also work)")
  }

  /// The exact y range of an overshooting curve matches dense sampling.
  @Test func outputRange() {
    let easing = Easing.cubicBezier(0.34, 1.56, 0.64, 1)
    let samples = (0...10_000).map { easing(Double($0) / 10_000) }
    let range = easing.outputRange
    #expect(abs(range.upperBound - samples.max()!) < 1e-6)
    #expect(range.upperBound > 1.08)
    #expect(range.lowerBound == 0)
    let under = Easing.cubicBezier(0.6, -0.28, 0.735, 0.045)
    #expect(abs(under.outputRange.lowerBound - (0...10_000).map { under(Double($0) / 10_000) }.min()!) < 1e-6)
    #expect(Easing.ease.outputRange == 0...1)
    #expect(Easing.steps(3, .jumpBoth).outputRange == 0...1)
  }
}

extension EasingTests {
  /// Step counts beyond the parser's range (only code can make them) are clamped, never trap.
  @Test(arguments: [Int.max, Int.min, 0, 10_001])
  func hugeStepCountsDoNotTrap(count: Int) {
    for position in Easing.StepPosition.allCases {
      #expect((0...1).contains(Easing.steps(count, position)(0.5)))
    }
  }
}
