import ProgressRenderCore
import ProgressRenderRaster
import ProgressRenderSupport

/// The one frame of a still, encoded as a PNG in memory (colour-mapped when it has at most 256
/// colours, `PNGFrameEncoder`); the caller writes the bytes where they go.
public struct PNGStillSink: FrameSink {
  private var png: [UInt8]?

  /// An empty sink, waiting for its frame.
  public init() {}

  /// Encodes the first frame; a still takes one.
  public mutating func add(_ frames: [Frame?], from start: Int) throws {
    guard png == nil, frames.count == 1, let frame = frames[0] else {
      preconditionFailure("a still takes exactly one frame")
    }
    png = try PNGFrameEncoder().encode(frame)
  }

  /// - Returns: the PNG file's bytes.
  /// - Throws: `FormatError` when no frame was added.
  public mutating func finish() throws -> [UInt8] {
    guard let png else { throw FormatError.failed("a still needs a frame") }
    return png
  }
}
