import ProgressRenderSupport
import Synchronization

/// A `GIFFileWriter` fed from threads of its own: each frame handed to it is copied and compressed
/// (giflib's LZW) there while the caller works out the next one, and its bytes are written to the
/// file in frame order. The bytes are the writer's, frame for frame.
///
/// With more than one compressor, frame `n` is compressed by compressor `n % compressors`, each a
/// writer of the same screen into memory (`GIFFileWriter.compressor()`): giflib starts each frame's
/// code stream afresh, so frames compress independently. Whichever compressor finishes the frame
/// the file waits for writes it, and every finished frame after it.
///
/// At most `depth` frames wait at each compressor, their index buffers reused from frame to frame.
/// A failure (the sink's, giflib's) is thrown by a later `writeFrame` or by `close`.
final class GIFWriterStage: GIFFrameOutput {
  private let stages: [SerialStage<Compressor>]
  private let file: OrderedFile
  private let spares = SpareBuffers()
  private var submitted = 0
  private var closed: Int?

  /// One compressor's state: a writer into memory, or the file's own writer when there is one compressor.
  private struct Compressor {
    let writer: GIFFileWriter
    /// The memory `writer` writes to, `nil` for the file's own writer.
    let memory: MemorySink?
  }

  /// The file and the compressed frames waiting for the frames before them.
  ///
  /// `@unchecked Sendable` is sound here: with several compressors the writer is touched only under
  /// `order`'s lock; with one, only by that compressor's thread (it writes the frames itself); and
  /// `close` runs after every compressor has finished.
  private final class OrderedFile: @unchecked Sendable {
    let writer: GIFFileWriter
    /// The next frame to write, and the compressed frames that came before it.
    private let order = Mutex<(next: Int, waiting: [Int: [UInt8]])>((0, [:]))

    init(_ writer: GIFFileWriter) { self.writer = writer }

    /// Writes frame `index`'s bytes once every frame before it is written.
    func deliver(_ bytes: [UInt8], frame index: Int) throws {
      try order.withLock { order in
        order.waiting[index] = bytes
        while let ready = order.waiting.removeValue(forKey: order.next) {
          try ready.withUnsafeBytes { try writer.writeCompressedFrame($0) }
          order.next += 1
        }
      }
    }
  }

  /// Index buffers the compressors are done with.
  private final class SpareBuffers: Sendable {
    private let buffers = Mutex<[[UInt8]]>([])
    func take() -> [UInt8]? { buffers.withLock { $0.popLast() } }
    func giveBack(_ buffer: [UInt8]) { buffers.withLock { $0.append(buffer) } }
  }

  /// - Parameters:
  ///   - writer: the open file; handed back to no one: `close` closes it.
  ///   - depth: the most frames waiting at each compressor at once (at least 1).
  ///   - compressors: threads compressing frames, 1…16 (the bytes are the same for any number).
  /// - Throws: `FileWriteError` when giflib cannot open a compressor.
  init(_ writer: GIFFileWriter, depth: Int = 2, compressors: Int = 1) throws {
    let count = max(1, min(compressors, 16))
    if count == 1 {
      stages = [SerialStage(Compressor(writer: writer, memory: nil), depth: depth)]
    } else {
      stages = try (0..<count).map { _ in
        let made = try writer.compressor()
        made.memory.removeAll()
        return SerialStage(Compressor(writer: made.writer, memory: made.memory), depth: depth)
      }
    }
    file = OrderedFile(writer)
  }

  /// Bytes written, once `close` has returned (0 before).
  var bytesWritten: Int { closed ?? 0 }

  /// Copies the frame's indices and queues it (see `GIFFileWriter.writeFrame`).
  /// - Throws: the error of an earlier frame's writing, if one failed.
  func writeFrame(
    x: Int, y: Int, width: Int, height: Int, pixels: UnsafeMutableBufferPointer<UInt8>,
    delay: Int, disposal: GIFDisposal, transparentIndex: Int?, localColors: [UInt32]?
  ) throws {
    var copy = spares.take() ?? []
    copy.removeAll(keepingCapacity: true)
    copy.append(contentsOf: pixels)
    let (parcel, spares, file, index) = (Parcel(&copy), spares, file, submitted)
    submitted += 1
    try stages[index % stages.count].submit { compressor in
      var indices = parcel.take()
      defer { spares.giveBack(indices) }
      // giflib masks the indices in place, so they are handed over writable.
      try indices.withUnsafeMutableBufferPointer { buffer in
        try compressor.writer.writeFrame(
          x: x, y: y, width: width, height: height, pixels: buffer, delay: delay, disposal: disposal,
          transparentIndex: transparentIndex, localColors: localColors)
      }
      guard let memory = compressor.memory else { return }
      defer { memory.removeAll() }
      try file.deliver(memory.bytes, frame: index)
    }
  }

  /// Waits for every queued frame, then writes the trailer and closes the file.
  /// - Throws: the first frame's error, else `GIFFileWriter.close`'s.
  func close() throws {
    var failure: (any Error)?
    for stage in stages {
      do { _ = try stage.finish() } catch { failure = failure ?? error }
    }
    if let failure { throw failure }
    try file.writer.close()
    closed = file.writer.bytesWritten
  }
}
