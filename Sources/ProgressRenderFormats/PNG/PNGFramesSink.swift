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
  private var workers: [PNGFrameEncoder?]
  private var bytes = 0

  /// Starts a folder of frames.
  /// - Parameters:
  ///   - workers: threads that compress frames.
  ///   - path: the file frame `i` goes to, in a staging folder of `FolderReplacement` (the file must
  ///     not exist yet).
  public init(workers: Int, path: @escaping @Sendable (Int) -> String) {
    self.path = path
    self.workers = Array(repeating: nil, count: max(1, workers))
  }

  /// Compresses the next frames on every worker and writes each to its file.
  public mutating func add(_ frames: [Frame?], from start: Int) throws {
    let path = self.path
    bytes += try parallelMap(count: frames.count, workers: &workers) { k, worker in
      guard let frame = frames[k] else { preconditionFailure("PNGFramesSink paints every frame") }
      let encoder = try worker ?? PNGFrameEncoder()
      worker = encoder
      let png = try encoder.encode(frame)
      try StagedFile.write(png, to: path(start + k))
      return png.count
    }.reduce(0, +)
  }

  /// - Returns: the bytes written in all.
  public mutating func finish() throws -> Int { bytes }
}
