import Testing

@testable import ProgressRenderCore

@Suite struct KeyframeTrackTests {
  typealias K = TrackKeyframe<Double>

  static func track(
    _ keys: [K], _ calculation: CalculationMode = .linear, _ timing: Timing = Timing()
  ) -> KeyframeTrack<Double> {
    KeyframeTrack(keyframes: keys, calculation: calculation, timing: timing)
  }

  static let ramp = [K(time: 0, value: 0), K(time: 2, value: 10)]

  @Test func emptyTrackHasNoValue() {
    let track = Self.track([])
    for time in [-1.0, 0, 1, 100] { #expect(track.value(at: time) == nil) }
    #expect(track.activeEnd == 0)
  }

  @Test(arguments: [-1.0, 0, 0.5, 2, 3, 1000])
  func oneKeyHoldsEverywhere(time: Double) {
    #expect(Self.track([K(time: 0, value: 5)]).value(at: time) == 5)
    #expect(Self.track([K(time: 2, value: 7)]).value(at: time) == 7)
  }

  /// Two keys at 0 → 0 and 2 → 10, linear.
  @Test(arguments: [(-1.0, 0.0), (0, 0), (0.5, 2.5), (1, 5), (2, 10), (3, 10), (1e9, 10)])
  func linearRamp(time: Double, expected: Double) {
    #expect(Self.track(Self.ramp).value(at: time) == expected)
  }

  /// Before the first key (at 1 s) the first value holds; exactly on a key gives that key's value.
  @Test(arguments: [(0.0, 5.0), (0.5, 5), (1, 5), (2, 10), (3, 15), (3.5, 10), (4, 5), (9, 5)])
  func firstKeyLaterThanZero(time: Double, expected: Double) {
    let keys = [K(time: 1, value: 5), K(time: 3, value: 15), K(time: 4, value: 5)]
    #expect(abs(Self.track(keys).value(at: time)! - expected) < 1e-12)
  }

  /// Equal key times are a jump: at the time and after it the later key shows.
  @Test(arguments: [(0.5, 0.0), (0.999, 0), (1, 10), (1.5, 10), (2, 10)])
  func equalKeyTimesJump(time: Double, expected: Double) {
    let keys = [K(time: 0, value: 0), K(time: 1, value: 0), K(time: 1, value: 10), K(time: 2, value: 10)]
    #expect(Self.track(keys).value(at: time) == expected)
  }

  /// A hold keyframe keeps its value until the next key, then the next span moves.
  @Test(arguments: [(0.0, 0.0), (0.5, 0), (0.999, 0), (1, 10), (1.5, 15), (2, 20)])
  func holdKeyframe(time: Double, expected: Double) {
    let keys = [K(time: 0, value: 0, hold: true), K(time: 1, value: 10), K(time: 2, value: 20)]
    #expect(Self.track(keys).value(at: time) == expected)
  }

  @Test func easingShapesTheSpan() {
    let keys = [K(time: 0, value: 0, easing: .easeInOut), K(time: 1, value: 100), K(time: 2, value: 0)]
    let track = Self.track(keys)
    #expect(abs(track.value(at: 0.25)! - 12.92) < 0.1)
    #expect(track.value(at: 1.5) == 50)  // the second span has no easing: linear
  }

  @Test func overshootIsNotClamped() {
    let keys = [K(time: 0, value: 0, easing: .cubicBezier(0.34, 1.56, 0.64, 1)), K(time: 1, value: 10)]
    #expect(abs(Self.track(keys).value(at: 0.5)! - 10.874) < 1e-2)
  }

  @Test(arguments: [(0.0, 0.0), (0.5, 0), (1, 10), (1.99, 10), (2, 20), (5, 20)])
  func discrete(time: Double, expected: Double) {
    let keys = [K(time: 0, value: 0), K(time: 1, value: 10), K(time: 2, value: 20)]
    #expect(Self.track(keys, .discrete).value(at: time) == expected)
  }

  /// Paced: constant speed along 0 → 10 → 30 over 2 s, whatever the key times and easings say.
  @Test(arguments: [(0.0, 0.0), (0.5, 7.5), (1, 15), (1.5, 22.5), (2, 30), (3, 30)])
  func paced(time: Double, expected: Double) {
    let keys = [K(time: 0, value: 0, easing: .easeIn), K(time: 0.2, value: 10), K(time: 2, value: 30)]
    #expect(abs(Self.track(keys, .paced).value(at: time)! - expected) < 1e-12)
  }

  @Test func pacedSkipsZeroLengthSpansAndStandsStillWithoutDistance() {
    let keys = [K(time: 0, value: 0), K(time: 1, value: 0), K(time: 2, value: 10)]
    #expect(Self.track(keys, .paced).value(at: 1) == 5)
    let still = [K(time: 0, value: 3), K(time: 1, value: 3)]
    #expect(Self.track(still, .paced).value(at: 0.5) == 3)
  }

  @Test func pacedPoints() {
    let keys = [
      TrackKeyframe(time: 0, value: Point(x: 0, y: 0)), TrackKeyframe(time: 1, value: Point(x: 3, y: 4)),
      TrackKeyframe(time: 4, value: Point(x: 3, y: 10)),
    ]
    let track = KeyframeTrack(keyframes: keys, calculation: .paced)
    // total length 5 + 6 = 11; half way is 5.5: 0.5 past the corner.
    let half = track.value(at: 2)!
    #expect(abs(half.x - 3) < 1e-12 && abs(half.y - 4.5) < 1e-12)
    #expect(KeyframeTrack(keyframes: keys).value(at: 0.5) == Point(x: 1.5, y: 2))
  }

  @Test func colours() {
    let keys = [
      TrackKeyframe(time: 0, value: RGBAColor.black), TrackKeyframe(time: 1, value: RGBAColor(white: 1, alpha: 0)),
    ]
    #expect(KeyframeTrack(keyframes: keys).value(at: 0.5) == RGBAColor(white: 0.5, alpha: 0.5))
  }

  /// 2.5 cycles of 0 → 10 over 1 s: the end state is half way, and it holds.
  @Test(arguments: [(0.5, 5.0), (1.25, 2.5), (2.25, 2.5), (2.5, 5), (3, 5), (100, 5)])
  func fractionalRepeat(time: Double, expected: Double) {
    let track = Self.track([K(time: 0, value: 0), K(time: 1, value: 10)], .linear, Timing(repeatCount: 2.5))
    #expect(abs(track.value(at: time)! - expected) < 1e-12)
    #expect(track.activeEnd == 2.5)
  }

  /// Autoreverse: one cycle is forward then back, so one repeat ends where it started.
  @Test(arguments: [(0.5, 5.0), (1, 10), (1.5, 5), (2, 0), (5, 0)])
  func autoreverse(time: Double, expected: Double) {
    let track = Self.track([K(time: 0, value: 0), K(time: 1, value: 10)], .linear, Timing(autoreverses: true))
    #expect(track.value(at: time) == expected)
    #expect(track.activeEnd == 2)
  }

  @Test(arguments: [(2.5, 5.0), (3, 10), (4, 10)])
  func autoreverseWithFractionalRepeat(time: Double, expected: Double) {
    let timing = Timing(repeatCount: 1.5, autoreverses: true)
    #expect(Self.track([K(time: 0, value: 0), K(time: 1, value: 10)], .linear, timing).value(at: time) == expected)
  }

  @Test func repeatForever() {
    let track = Self.track(Self.ramp, .linear, Timing(repeatForever: true))
    #expect(track.value(at: 7.5) == 7.5)
    #expect(track.value(at: 8) == 0)
    #expect(track.activeEnd == nil)
  }

  /// Begin 1 s, ramp 0 → 10 over 1 s; each fill mode decides what shows outside 1…2 s.
  @Test(arguments: [
    (FillMode.removed, [nil, 0, 5, nil]), (.backwards, [0, 0, 5, nil]), (.forwards, [nil, 0, 5, 10]),
    (.both, [0, 0, 5, 10]),
  ])
  func fillModes(fill: FillMode, expected: [Double?]) {
    let track = Self.track([K(time: 0, value: 0), K(time: 1, value: 10)], .linear, Timing(begin: 1, fill: fill))
    #expect([0.5, 1, 1.5, 2.5].map { track.value(at: $0) } == expected)
  }

  @Test func beginAndSpeed() {
    let fast = Self.track(Self.ramp, .linear, Timing(speed: 2))
    #expect(fast.value(at: 0.5) == 5)
    #expect(fast.activeEnd == 1)
    let slow = Self.track(Self.ramp, .linear, Timing(begin: 1, speed: 0.5))
    #expect(slow.value(at: 3) == 5)
    #expect(slow.value(at: 0) == 0)
    #expect(slow.activeEnd == 5)
  }

  @Test func nanSafe() {
    let track = Self.track(Self.ramp)
    #expect(track.value(at: .nan) == nil)
    #expect(track.value(at: .infinity) == nil)
    #expect(track.value(atCyclePosition: .nan) == 0)
    let withNaNTime = Self.track([K(time: .nan, value: 99), K(time: 0, value: 0), K(time: 1, value: 10)])
    #expect(withNaNTime.keyframes.count == 2)
    #expect(withNaNTime.value(at: 0.5) == 5)
    let withNaNValue = Self.track([K(time: 0, value: .nan), K(time: 1, value: 10)], .paced)
    #expect(withNaNValue.value(at: 0.5)!.isNaN)
    let badTiming = Self.track(Self.ramp, .linear, Timing(begin: .nan, speed: -1, repeatCount: .nan))
    #expect(badTiming.value(at: 1) == 5)
  }

  /// All keys at time 0: no active interval; fill decides, the last key wins.
  @Test func zeroLengthCycle() {
    let keys = [K(time: 0, value: 3), K(time: 0, value: 7)]
    #expect(Self.track(keys).value(at: -1) == 7)
    #expect(Self.track(keys).value(at: 5) == 7)
    #expect(Self.track(keys, .linear, Timing(repeatForever: true)).value(at: 5) == 7)
    #expect(Self.track(keys, .linear, Timing(fill: .removed)).value(at: 0) == nil)
  }

  @Test func unsortedKeysAreSortedStably() {
    let keys = [K(time: 2, value: 20), K(time: 1, value: 1), K(time: 0, value: 0), K(time: 1, value: 10)]
    let track = Self.track(keys)
    #expect(track.keyframes.map(\.value) == [0, 1, 10, 20])
    #expect(track.value(at: 1.5) == 15)
  }

  /// The index of the first key time greater than the value, in [0, 1, 1, 2].
  @Test(arguments: [(-1.0, 0), (0, 1), (0.5, 1), (1, 3), (1.5, 3), (2, 4), (3, 4)])
  func upperBound(value: Double, expected: Int) {
    #expect(KeyframeTrack<Double>.upperBound(of: value, in: [0, 1, 1, 2]) == expected)
  }
}
