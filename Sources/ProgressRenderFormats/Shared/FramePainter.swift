import ProgressRenderCore
import ProgressRenderSupport

/// The one paint loop of every raster output: paints frames on up to one thread per painter, a
/// round of one frame per thread at a time, and hands each round to a `FrameSink` in frame order —
/// first the sink's first pass (if it has one), then every frame.
///
/// At most one round of frames is held at a time. The bytes a sink writes do not depend on the
/// number of painters: frames reach it in the same order and rounds whatever their size.
///
/// ```swift
/// var painter = FramePainter(painters: [{ try renderer.frame($0) }])
/// var sink = try AnimationFrameSink(format: .apng, width: 240, height: 240, loop: 0, times: times)
/// let (bytes, stored) = try painter.run(frameCount: times.count - 1, into: &sink)
/// ```
public struct FramePainter {
  private let painters: RoundPainter

  /// The number of frames painted at once.
  public var threads: Int { painters.count }

  /// Creates the loop.
  /// - Parameter painters: one painter per thread, each drawing frame `i` (at least one; each is
  ///   used by one thread only).
  public init(painters: [(Int) throws -> Frame]) {
    precondition(!painters.isEmpty, "FramePainter needs at least one painter")
    self.painters = RoundPainter(painters)
  }

  /// Paints the sink's first pass, then frames `0..<frameCount`, into `sink`, and finishes it.
  /// - Parameters:
  ///   - frameCount: the number of frames (at least one).
  ///   - sink: where the frames go.
  /// - Returns: what the sink wrote.
  /// - Throws: the error of a round's lowest failing frame, or the sink's.
  /// - Complexity: memory O(threads × pixels) besides the sink's own.
  public mutating func run<Sink: FrameSink>(frameCount: Int, into sink: inout Sink) throws -> Sink.Output {
    let survey = sink.surveyedFrames
    var start = 0
    while start < survey.count {
      let round = Array(survey[start..<min(start + threads, survey.count)])
      guard try sink.survey(round, paintedBy: painters) else { break }
      start += round.count
    }
    start = 0
    while start < frameCount {
      let round = start..<min(start + threads, frameCount)
      try sink.add(round, paintedBy: painters)
      start = round.upperBound
    }
    return try sink.finish()
  }
}
