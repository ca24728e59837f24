import Testing

@testable import ProgressRenderCore

@Suite struct FrameScheduleTests {
  @Test func thirtyFPSCarriesTheRoundingError() {
    #expect(Array(FrameSchedule(frameCount: 90, fps: 30).gifDelays.prefix(9)) == [3, 3, 4, 3, 3, 4, 3, 3, 4])
  }

  /// For every rate the delays sum to round(frames × 100 / fps), each is the floor or ceiling of
  /// 100 / fps, and none is under 2.
  @Test(arguments: [30.0, 24, 25, 50, 12, 29.97, 15, 7])
  func delaysSumExactly(fps: Double) {
    for duration in [1.0, 2.5, 3, 10] {
      let frames = Int((duration * fps).rounded())
      let delays = FrameSchedule(frameCount: frames, fps: fps).gifDelays
      #expect(delays.count == frames)
      #expect(delays.reduce(0, +) == Int((Double(frames) * 100 / fps).rounded()))
      let ideal = 100 / fps
      #expect(delays.allSatisfy { Double($0) >= ideal.rounded(.down) - 1 && Double($0) <= ideal.rounded(.up) + 1 })
      #expect(delays.allSatisfy { $0 >= 2 })
    }
  }

  @Test(
    arguments: [
      (24.0, [4, 4, 4, 4, 4, 5]), (25, [4, 4, 4, 4, 4, 4]), (50, [2, 2, 2, 2, 2, 2]), (12, [8, 8, 9, 8, 8, 9]),
    ] as [(Double, [Int])])
  func patterns(fps: Double, prefix: [Int]) {
    #expect(Array(FrameSchedule(frameCount: 48, fps: fps).gifDelays.prefix(6)) == prefix)
  }

  @Test func edgeCases() {
    #expect(FrameSchedule(frameCount: 0, fps: 30).gifDelays == [])
    #expect(FrameSchedule(frameCount: 1, fps: 30).gifDelays == [3])
    #expect(FrameSchedule(frameCount: 2, fps: 30).gifDelays == [3, 4])
    // Above 50 fps no delay drops below 2; the total grows.
    #expect(FrameSchedule(frameCount: 6, fps: 60).gifDelays == [2, 2, 2, 2, 2, 2])
  }

  @Test func frameTimes() {
    let schedule = FrameSchedule(frameCount: 90, fps: 30)
    #expect(schedule.time(ofFrame: 0) == 0)
    #expect(schedule.time(ofFrame: 15) == 0.5)
    #expect(schedule.time(ofFrame: 89) == 89.0 / 30)
    #expect(schedule.totalCentiseconds == 300)
  }

  /// The delays add up to the duration asked for whenever it is a whole number of centiseconds,
  /// also when the frame count had to be rounded (`--fps 7 --duration 1.3`: 9 frames, 1.29 s
  /// before); each delay stays at least 2 cs and within a centisecond or a frame of the ideal.
  @Test(arguments: [7.0, 30, 24, 25, 50, 12, 29.97, 15, 13, 3, 0.5, 49])
  func delaysSumToTheDuration(fps: Double) {
    for duration in [1.3, 0.1, 0.37, 1, 2.5, 3, 4.99, 7.01, 10, 61.23] {
      let frames = max(1, Int((duration * fps).rounded()))
      let delays = FrameSchedule(frameCount: frames, fps: fps, duration: duration).gifDelays
      let asked = Int((duration * 100).rounded())
      #expect(delays.count == frames)
      #expect(delays.allSatisfy { $0 >= 2 })
      guard asked >= 2 * frames else { continue }
      #expect(delays.reduce(0, +) == asked, "fps \(fps), duration \(duration): \(delays)")
      let ideal = 100 / fps
      #expect(delays.dropLast().allSatisfy { abs(Double($0) - ideal) <= 1 }, "fps \(fps), duration \(duration)")
    }
  }

  /// Millisecond boundaries (WebP, APNG): exact starts, the end at the duration, and at up to 50 fps the
  /// same centisecond starts as the GIF's delays.
  @Test(arguments: [30.0, 24, 25, 50, 12, 29.97, 15, 7])
  func millisecondBoundariesMatchTheGIFs(fps: Double) {
    for duration in [1.0, 1.3, 2.5] {
      let frames = Int((duration * fps).rounded())
      guard frames > 0 else { continue }
      let schedule = FrameSchedule(frameCount: frames, fps: fps, duration: duration)
      let ms = schedule.millisecondBoundaries
      #expect(ms.count == frames + 1)
      #expect(ms.first == 0 && ms.last == Int((duration * 1000).rounded()))
      #expect(zip(ms, ms.dropFirst()).allSatisfy { $0 < $1 })
      let gifStarts = schedule.gifDelays.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1) }
      #expect(ms.dropLast().map { $0 / 10 } == Array(gifStarts.dropLast()), "fps \(fps), \(duration) s")
    }
  }

  @Test func millisecondBoundariesOfThirtyFPS() {
    #expect(FrameSchedule(frameCount: 4, fps: 30).millisecondBoundaries == [0, 33, 66, 100, 133])
    #expect(FrameSchedule(frameCount: 0, fps: 30).millisecondBoundaries == [0])
  }
}
