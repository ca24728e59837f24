/// When each frame of an animation is taken and how long a GIF shows it.
public struct FrameSchedule: Equatable, Sendable {
  /// Number of frames.
  public let frameCount: Int
  /// Frames per second.
  public let fps: Double

  /// Creates a schedule.
  /// - Parameters:
  ///   - frameCount: number of frames (≥ 0).
  ///   - fps: frames per second, finite and > 0 (validated by the caller; ≤ 50 for GIF).
  public init(frameCount: Int, fps: Double) {
    precondition(frameCount >= 0 && fps.isFinite && fps > 0, "FrameSchedule needs frameCount ≥ 0 and fps > 0")
    self.frameCount = frameCount
    self.fps = fps
  }

  /// The time of frame `index`: index / fps seconds.
  public func time(ofFrame index: Int) -> Double { Double(index) / fps }

  /// Total GIF time in hundredths of a second: round(frameCount × 100 / fps).
  public var totalCentiseconds: Int { Int((Double(frameCount) * 100 / fps).rounded()) }

  /// GIF frame delays in hundredths of a second, with the rounding error carried forward.
  ///
  /// Frame i lasts from ⌊i × 100 / fps⌋ to ⌊(i + 1) × 100 / fps⌋ (the last frame ends at the
  /// rounded total), so 30 fps gives 3, 3, 4, 3, 3, 4, … and the delays sum to
  /// `totalCentiseconds` exactly. No delay is below 2 (viewers play those as 10): above 50 fps
  /// short delays are raised to 2, and the total then grows.
  /// - Complexity: O(frameCount).
  public var gifDelays: [Int] {
    guard frameCount > 0 else { return [] }
    func boundary(_ index: Int) -> Int {
      if index == frameCount { return totalCentiseconds }
      return Int((Double(index) * 100 / fps + 1e-9).rounded(.down))
    }
    var delays: [Int] = []
    delays.reserveCapacity(frameCount)
    var start = 0
    for index in 1...frameCount {
      let end = boundary(index)
      delays.append(max(end - start, 2))
      start = end
    }
    return delays
  }
}
