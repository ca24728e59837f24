/// When each frame of an animation is taken and how long a GIF shows it.
public struct FrameSchedule: Equatable, Sendable {
  /// Number of frames.
  public let frameCount: Int
  /// Frames per second.
  public let fps: Double
  /// The length asked for in seconds, when it is not exactly `frameCount / fps` (the frame
  /// count is rounded); nil to use `frameCount / fps`.
  public let duration: Double?

  /// Creates a schedule.
  /// - Parameters:
  ///   - frameCount: number of frames (≥ 0).
  ///   - fps: frames per second, finite and > 0 (validated by the caller; ≤ 50 for GIF).
  ///   - duration: the length asked for in seconds (finite, > 0), which the GIF delays add up
  ///     to; nil for `frameCount / fps`.
  public init(frameCount: Int, fps: Double, duration: Double? = nil) {
    precondition(frameCount >= 0 && fps.isFinite && fps > 0, "FrameSchedule needs frameCount ≥ 0 and fps > 0")
    self.frameCount = frameCount
    self.fps = fps
    self.duration = duration.flatMap { $0.isFinite && $0 > 0 && $0 <= 1e9 ? $0 : nil }
  }

  /// The time of frame `index`: index / fps seconds.
  public func time(ofFrame index: Int) -> Double { Double(index) / fps }

  /// Total GIF time in hundredths of a second: round(duration × 100), or
  /// round(frameCount × 100 / fps) without a duration.
  public var totalCentiseconds: Int {
    Int(((duration ?? Double(frameCount) / fps) * 100).rounded())
  }

  /// GIF frame delays in hundredths of a second, with the rounding error carried forward.
  ///
  /// Frame i lasts from ⌊i × 100 / fps⌋ to ⌊(i + 1) × 100 / fps⌋ and the last frame ends at
  /// `totalCentiseconds`, so 30 fps gives 3, 3, 4, 3, 3, 4, … and the delays sum to the total
  /// exactly (`--fps 7 --duration 1.3`: 9 frames, 130 cs; the last frame takes the rest). No
  /// delay is below 2 (viewers play those as 10): when the last frame would be shorter, the
  /// frames before it give up a centisecond each; only when the total is under 2 cs per frame
  /// (above 50 fps) are short delays raised to 2 and the total grows.
  /// - Complexity: O(frameCount).
  public var gifDelays: [Int] {
    guard frameCount > 0 else { return [] }
    var boundaries = (0...frameCount).map { index in
      index == frameCount ? totalCentiseconds : Int((Double(index) * 100 / fps + 1e-9).rounded(.down))
    }
    for index in stride(from: frameCount - 1, to: 0, by: -1) {
      boundaries[index] = min(boundaries[index], boundaries[index + 1] - 2)
    }
    return (0..<frameCount).map { max(boundaries[$0 + 1] - boundaries[$0], 2) }
  }

  /// Frame start times in milliseconds, then the end: `[0, t1, …, end]`, as animated WebP and APNG
  /// store them (exactly, where GIF rounds to centiseconds).
  ///
  /// Frame i starts at ⌊i × 1000 / fps⌋ ms and the last frame ends at round(duration × 1000) (or
  /// round(frameCount × 1000 / fps)); every frame lasts at least 1 ms. Converted to centiseconds
  /// (⌊t / 10⌋) the starts are those of `gifDelays` at up to 50 fps, so a WebP and a GIF of one render
  /// line up in `diff`.
  /// - Complexity: O(frameCount).
  public var millisecondBoundaries: [Int] {
    guard frameCount > 0 else { return [0] }
    let end = Int(((duration ?? Double(frameCount) / fps) * 1000).rounded())
    var boundaries = (0..<frameCount).map { Int((Double($0) * 1000 / fps + 1e-9).rounded(.down)) }
    boundaries.append(end)
    for index in 1...frameCount { boundaries[index] = max(boundaries[index], boundaries[index - 1] + 1) }
    return boundaries
  }
}
