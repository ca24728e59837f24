import Testing

@testable import ProgressRenderCore

/// `Timeline.firstTime(of:reaching:within:)`: the first time a track reaches a value, for linear,
/// eased, held, repeating and autoreversing tracks, and nil when it never does.
@Suite struct TimelineCrossingTests {
  typealias K = TrackKeyframe<Double>

  /// A track of keys and timing, the value to reach, the search range and the time expected
  /// (nil: never reached) to within `tolerance`.
  struct Case: Sendable, CustomStringConvertible {
    var description: String
    var track: Track
    var value: Double
    var range: ClosedRange<Double>
    var expected: Double?
    var tolerance = 0.0
  }

  static let linear = Track(name: "progress", keyframes: [K(time: 0, value: 0), K(time: 60, value: 1)])

  static let cases: [Case] = [
    Case(description: "linear, start", track: linear, value: 0, range: 0...61, expected: 0),
    Case(description: "linear 0.37 → 22.2 s", track: linear, value: 0.37, range: 0...61, expected: 22.2),
    Case(description: "linear 0.5", track: linear, value: 0.5, range: 0...61, expected: 30),
    Case(description: "linear, end", track: linear, value: 1, range: 0...61, expected: 60),
    Case(
      description: "eased, symmetric midpoint",
      track: Track(
        name: "progress", keyframes: [K(time: 0, value: 0, easing: .easeInOut), K(time: 2, value: 1)]),
      value: 0.5, range: 0...2, expected: 1, tolerance: 1e-6),
    Case(
      description: "hold: the jump",
      track: Track(name: "progress", keyframes: [K(time: 0, value: 0, hold: true), K(time: 1.5, value: 1)]),
      value: 0.5, range: 0...2, expected: 1.5),
    Case(
      description: "discrete: the key that reaches it",
      track: Track(
        name: "progress", keyframes: [K(time: 0, value: 0), K(time: 1, value: 0.4), K(time: 2, value: 0.8)],
        calculation: .discrete),
      value: 0.5, range: 0...3, expected: 2),
    Case(
      description: "begin and repeat",
      track: Track(
        name: "progress", keyframes: [K(time: 0, value: 0), K(time: 1, value: 1)],
        timing: Timing(begin: 1, repeatCount: 3)),
      value: 0.5, range: 0...5, expected: 1.5),
    Case(
      description: "autoreverse, going down from the start",
      track: Track(
        name: "progress", keyframes: [K(time: 0, value: 1), K(time: 1, value: 0)],
        timing: Timing(repeatCount: 2, autoreverses: true)),
      value: 0.25, range: 0...4, expected: 0.75),
    Case(
      description: "up and down: the first crossing",
      track: Track(
        name: "progress", keyframes: [K(time: 0, value: 0), K(time: 1, value: 1), K(time: 2, value: 0)]),
      value: 0.5, range: 0...2, expected: 0.5),
    Case(
      description: "range starts later, above the value: never comes down",
      track: linear, value: 0.25, range: 30...60, expected: nil),
    Case(description: "range starts later", track: linear, value: 0.75, range: 30...60, expected: 45),
    Case(
      description: "never reached",
      track: Track(name: "progress", keyframes: [K(time: 0, value: 0), K(time: 1, value: 0.8)]),
      value: 0.9, range: 0...2, expected: nil),
    Case(
      description: "no keys", track: Track(name: "progress", keyframes: []), value: 0, range: 0...1, expected: nil),
  ]

  @Test(arguments: cases)
  func firstTime(of testCase: Case) throws {
    let timeline = Timeline(tracks: [testCase.track])
    let time = timeline.firstTime(of: "progress", reaching: testCase.value, within: testCase.range)
    guard let expected = testCase.expected else {
      #expect(time == nil)
      return
    }
    let found = try #require(time)
    if testCase.tolerance == 0 {
      #expect(found == expected)
    } else {
      #expect(abs(found - expected) <= testCase.tolerance)
    }
  }

  /// An ease-in track reaches a quarter later than a linear one would, at the eased value (to
  /// the precision of the Bézier solver, about 1e-7).
  @Test func easedSlowStartIsLaterThanLinear() throws {
    let timeline = Timeline(tracks: [
      Track(name: "progress", keyframes: [K(time: 0, value: 0, easing: .easeIn), K(time: 1, value: 1)])
    ])
    let time = try #require(timeline.firstTime(of: "progress", reaching: 0.25, within: 0...1))
    #expect(time > 0.25 && time < 1)
    #expect(abs((timeline.values(at: time)["progress"] ?? 0) - 0.25) < 1e-6)
    #expect((timeline.values(at: time - 1e-6)["progress"] ?? 1) < 0.25)
  }

  /// Every still time of the linear track is the microsecond-exact crossing: the value there
  /// has reached P, and a microsecond earlier it has not.
  @Test(arguments: [0.01, 0.1, 0.25, 0.37, 0.5, 0.63, 0.9, 0.99])
  func linearCrossingIsTheFirst(value: Double) throws {
    let timeline = Timeline(tracks: [Self.linear])
    let time = try #require(timeline.firstTime(of: "progress", reaching: value, within: 0...61))
    #expect(abs(time - value * 60) < 1e-6)
    #expect((timeline.values(at: time)["progress"] ?? 0) >= value - 1e-12)
    #expect((timeline.values(at: time - 1e-6)["progress"] ?? 1) < value)
  }
}
