/// Where `FrameDifferencer` writes finished frames: a `GIFFileWriter`, or a `GIFWriterStage` that
/// compresses them on a thread of its own.
protocol GIFFrameOutput {
  /// Writes one frame: its graphics control extension, image descriptor and pixels (see
  /// `GIFFileWriter.writeFrame`).
  /// - Throws: `FileWriteError` naming the sink.
  func writeFrame(
    x: Int, y: Int, width: Int, height: Int, pixels: UnsafeMutableBufferPointer<UInt8>,
    delay: Int, disposal: GIFDisposal, transparentIndex: Int?, localColors: [UInt32]?
  ) throws
}

extension GIFFileWriter: GIFFrameOutput {}
