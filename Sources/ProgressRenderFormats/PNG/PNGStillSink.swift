import ProgressRenderCore
import ProgressRenderRaster
import ProgressRenderSupport

/// One PNG as a `FrameSink`: the one frame it is given (`PNGFrameEncoder`), written atomically to `path`.
public struct PNGStillSink: FrameSink {
  private let path: String
  private var bytes: Int?

  /// - Parameter path: the output file.
  public init(path: String) { self.path = path }

  /// Writes the first frame; a still takes one.
  public mutating func add(_ frames: [Frame?], from start: Int) throws {
    guard bytes == nil, frames.count == 1, let frame = frames[0] else {
      preconditionFailure("a still takes exactly one frame")
    }
    let png = try PNGFrameEncoder().encode(frame)
    try AtomicFile.write(png, to: path)
    bytes = png.count
  }

  /// - Returns: the bytes written.
  public mutating func finish() throws -> Int {
    guard let bytes else { throw FileWriteError(path: path, reason: "a still needs a frame") }
    return bytes
  }
}
