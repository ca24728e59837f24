import ProgressRenderCore
import ProgressRenderFormats
import ProgressRenderSupport

/// Reads the two frames of each pair of a comparison, in display order: for large frames, the two
/// sides at the same time on two threads (decoding is most of the work of a large diff); for small
/// ones, one after the other on the caller's thread, where a thread hand-off would cost more.
struct PairReader {
  /// Frames of at least this many pixels are read on two threads.
  static let parallelPixels = 1 << 12

  private let expected: FrameSequence
  private let actual: FrameSequence
  /// The same two readers in each thread's state: index 0 of a `parallelMap` reads only the
  /// expected side, index 1 only the actual one, so no reader is used by two threads at once.
  private var workers: [Readers]
  private let parallel: Bool

  private struct Readers {
    let expected: FrameReader
    let actual: FrameReader
  }

  /// One side's frame, or the error that kept it from being read.
  private typealias Outcome = Result<Frame?, any Error>

  init(expected: FrameSequence, actual: FrameSequence) {
    self.expected = expected
    self.actual = actual
    let readers = Readers(expected: FrameReader(expected), actual: FrameReader(actual))
    workers = [readers, readers]
    parallel = min(expected.width * expected.height, actual.width * actual.height) >= Self.parallelPixels
  }

  /// The pair's frames (`nil` for a side without one).
  ///
  /// Frames are decoded here for the first time (the loaders check headers and structure only), so a
  /// frame that cannot be decoded stops the comparison.
  /// - Throws: The expected side's error first: `FormatError` or `RasterError` naming the file.
  mutating func read(_ pair: FramePair) throws -> (expected: Frame?, actual: Frame?) {
    let outcomes: [Outcome]
    if parallel, pair.expectedIndex != nil, pair.actualIndex != nil {
      outcomes = parallelMap(count: 2, workers: &workers) { side, readers in
        side == 0
          ? Self.read(pair.expectedIndex, with: readers.expected) : Self.read(pair.actualIndex, with: readers.actual)
      }
    } else {
      outcomes = [
        Self.read(pair.expectedIndex, with: workers[0].expected),
        Self.read(pair.actualIndex, with: workers[0].actual),
      ]
    }
    return (try outcomes[0].get(), try outcomes[1].get())
  }

  /// The frame at `index` (`nil` for none), or the error that kept it from being read.
  private static func read(_ index: Int?, with reader: FrameReader) -> Outcome {
    guard let index else { return .success(nil) }
    return Result { try reader.frame(at: index) }
  }
}
