import Testing

@testable import ProgressRenderCore

@Suite struct TimelineTests {
  typealias K = TrackKeyframe<Double>

  static let timeline = Timeline(tracks: [
    Track(name: "progress", keyframes: [K(time: 0, value: 0), K(time: 2, value: 1)]),
    Track(
      name: "scale",
      keyframes: [K(time: 0, value: 1, easing: .cubicBezier(0.34, 1.56, 0.64, 1)), K(time: 0.5, value: 1.2)],
      timing: Timing(begin: 2, repeatCount: 2.5, autoreverses: true)),
    Track(
      name: "phase", keyframes: [K(time: 0, value: 0), K(time: 1, value: 6.25)], timing: Timing(repeatForever: true)),
    Track(
      name: "flash", keyframes: [K(time: 0, value: 1), K(time: 1, value: 0)], timing: Timing(begin: 1, fill: .removed)),
    Track(name: "empty", keyframes: []),
  ])

  @Test func valuesAtATime() {
    #expect(Self.timeline.values(at: 1.5) == ["progress": 0.75, "scale": 1, "phase": 3.125, "flash": 0.5])
    #expect(Self.timeline.values(at: 0.5) == ["progress": 0.25, "scale": 1, "phase": 3.125])
    #expect(Self.timeline.scene(at: 2.5).values["progress"] == 1)
    #expect(Self.timeline.scene(at: 2.5).time == 2.5)
  }

  /// The range covers every value the track takes, and is reached or approached (a track that
  /// wraps or stops short comes within one sampling step): checked against dense sampling.
  @Test(arguments: ["progress", "scale", "phase", "flash"])
  func rangeCoversSampledValues(name: String) throws {
    let range = try #require(Self.timeline.valueRange(of: name))
    let samples = (0...20_000).compactMap { Self.timeline.values(at: Double($0) / 2000)[name] }
    #expect(samples.allSatisfy { range.contains($0) })
    #expect(abs(samples.max()! - range.upperBound) < 5e-3)
    #expect(abs(samples.min()! - range.lowerBound) < 5e-3)
    #expect(Self.timeline.maxValue(of: name) == range.upperBound)
    #expect(Self.timeline.minValue(of: name) == range.lowerBound)
  }

  @Test func overshootRaisesTheMaximum() {
    // 1 → 1.2 with an overshooting curve goes beyond 1.2.
    #expect(Self.timeline.maxValue(of: "scale")! > 1.2 + 0.2 * 0.08)
    #expect(Self.timeline.maxValue(of: "empty") == nil)
    #expect(Self.timeline.maxValue(of: "nope") == nil)
  }

  @Test func endTimeIsTheLastFiniteTrack() {
    // scale: begins at 2, 2.5 cycles of 1 s (0.5 forward, 0.5 back) → 4.5; phase repeats forever.
    #expect(Self.timeline.endTime == 4.5)
    #expect(Timeline(tracks: []).endTime == 0)
  }

  @Test func laterTrackOfTheSameNameWins() {
    let timeline = Timeline(tracks: [
      Track(name: "a", keyframes: [K(time: 0, value: 1)]), Track(name: "a", keyframes: [K(time: 0, value: 2)]),
    ])
    #expect(timeline.values(at: 0) == ["a": 2])
    #expect(timeline.valueRange(of: "a") == 1...2)
  }
}
