import ProgressRenderSupport
import Synchronization

/// A `GIFFileWriter` on a thread of its own: each frame handed to it is copied and compressed
/// (giflib's LZW) there, in order, while the caller works out the next one. The bytes are the
/// writer's, frame for frame.
///
/// At most `depth` frames wait at a time, their index buffers reused from frame to frame. A
/// failure (the sink's, giflib's) is thrown by the next `writeFrame` or by `close`.
final class GIFWriterStage: GIFFrameOutput {
  private let stage: SerialStage<GIFFileWriter>
  private let spares = SpareBuffers()
  private var closed: GIFFileWriter?

  /// Index buffers the stage is done with.
  private final class SpareBuffers: Sendable {
    private let buffers = Mutex<[[UInt8]]>([])
    func take() -> [UInt8]? { buffers.withLock { $0.popLast() } }
    func giveBack(_ buffer: [UInt8]) { buffers.withLock { $0.append(buffer) } }
  }

  /// - Parameters:
  ///   - writer: the open file; handed back to no one: `close` closes it.
  ///   - depth: the most frames waiting at once (at least 1).
  init(_ writer: GIFFileWriter, depth: Int = 2) {
    stage = SerialStage(writer, depth: depth)
  }

  /// Bytes written, once `close` has returned (0 before).
  var bytesWritten: Int { closed?.bytesWritten ?? 0 }

  /// Copies the frame's indices and queues it (see `GIFFileWriter.writeFrame`).
  /// - Throws: the error of an earlier frame's writing, if one failed.
  func writeFrame(
    x: Int, y: Int, width: Int, height: Int, pixels: UnsafeMutableBufferPointer<UInt8>,
    delay: Int, disposal: GIFDisposal, transparentIndex: Int?, localColors: [UInt32]?
  ) throws {
    var copy = spares.take() ?? []
    copy.removeAll(keepingCapacity: true)
    copy.append(contentsOf: pixels)
    let (parcel, spares) = (Parcel(&copy), spares)
    try stage.submit { writer in
      var indices = parcel.take()
      defer { spares.giveBack(indices) }
      // giflib masks the indices in place, so they are handed over writable.
      try indices.withUnsafeMutableBufferPointer { buffer in
        try writer.writeFrame(
          x: x, y: y, width: width, height: height, pixels: buffer, delay: delay, disposal: disposal,
          transparentIndex: transparentIndex, localColors: localColors)
      }
    }
  }

  /// Waits for every queued frame, then writes the trailer and closes the file.
  /// - Throws: the first frame's error, else `GIFFileWriter.close`'s.
  func close() throws {
    let writer = try stage.finish()
    closed = writer
    try writer.close()
  }
}
