import ProgressRenderCore
import ProgressRenderRaster
import ProgressRenderSupport

/// A folder of PNG frames as a `FrameSink`: each round's frames are compressed on every worker at
/// once (`PNGFrameEncoder`: colour-mapped when a frame has at most 256 colours) and each is written
/// to its own file, so the files do not depend on the number of workers and no frame is kept once
/// written. The files go into a staging folder (`FolderReplacement`), swapped in as a whole, so each
/// is written plainly (`StagedFile`): the swap, not the file, is atomic, and it syncs them first.
public struct PNGFramesSink: FrameSink {
  private let path: @Sendable (Int) -> String
  private var workers: [Worker]
  private var bytes = 0

  /// One thread's encoder, made for its first frame, and the painter it is paired with.
  private struct Worker {
    let slot: Int
    var encoder: PNGFrameEncoder?

    /// Compresses `frame` and writes it to `path`.
    /// - Returns: the bytes written.
    mutating func write(_ frame: Frame, to path: String) throws -> Int {
      let encoder = try encoder ?? PNGFrameEncoder()
      self.encoder = encoder
      let png = try encoder.encode(frame)
      try StagedFile.write(png, to: path)
      return png.count
    }
  }

  /// Starts a folder of frames.
  /// - Parameters:
  ///   - workers: threads that compress frames.
  ///   - path: the file frame `i` goes to, in a staging folder of `FolderReplacement` (the file must
  ///     not exist yet).
  public init(workers: Int, path: @escaping @Sendable (Int) -> String) {
    self.path = path
    self.workers = (0..<max(1, workers)).map { Worker(slot: $0, encoder: nil) }
  }

  /// Compresses the next frames on every worker and writes each to its file.
  public mutating func add(_ frames: [Frame?], from start: Int) throws {
    let path = self.path
    bytes += try parallelMap(count: frames.count, workers: &workers) { k, worker in
      guard let frame = frames[k] else { preconditionFailure("PNGFramesSink paints every frame") }
      return try worker.write(frame, to: path(start + k))
    }.reduce(0, +)
  }

  /// Paints, compresses and writes each frame of the round on one thread (painter `w` is worker
  /// `w`'s): a round waits once for its slowest frame, not once for painting and once for writing,
  /// and a frame is compressed while its pixels are still in that core's cache.
  public mutating func add(_ round: Range<Int>, paintedBy painter: RoundPainter) throws {
    guard painter.count == workers.count else { return try add(painted(round, by: painter), from: round.lowerBound) }
    let path = self.path
    bytes += try parallelMap(count: round.count, workers: &workers) { k, worker in
      let index = round.lowerBound + k
      return try worker.write(painter.paint(index, slot: worker.slot), to: path(index))
    }.reduce(0, +)
  }

  /// - Returns: the bytes written in all.
  public mutating func finish() throws -> Int { bytes }
}
