import ProgressRenderCore

/// A `FrameSink` that keeps nothing: it counts the frames it is given. What a render costs without
/// its encoder (`RenderJob.paintFrames()`, the draw-only figure of `scripts/bench`).
package struct DiscardingSink: FrameSink {
  private var count = 0

  /// A sink with no frame yet.
  package init() {}

  /// Counts the frames and drops them.
  package mutating func add(_ frames: [Frame?], from start: Int) throws { count += frames.count }

  /// - Returns: the frames given.
  package mutating func finish() throws -> Int { count }
}
