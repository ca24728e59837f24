import Testing

@testable import ProgressRenderFormats
@testable import ProgressRenderSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `GIFWriterStage` compresses on threads of its own and writes what `GIFFileWriter` writes, byte
/// for byte, whatever the queue's depth and the number of compressors; the caller's buffer is
/// copied, so it may be refilled at once; a failing sink's error comes out of `writeFrame` or `close`.
@Suite struct GIFWriterStageTests {
  /// Frames of every kind: full and partial rectangles, local tables, transparency, both disposals.
  private static func writeFrames(to output: some GIFFrameOutput) throws {
    var buffer = [UInt8](repeating: 0, count: 48 * 40)
    for frame in 0..<40 {
      let (x, y, w, h) = (frame % 7, frame % 5, 48 - frame % 7, 40 - frame % 5 - frame % 3)
      for i in 0..<w * h { buffer[i] = UInt8((i * (frame + 1) / 11 + frame) % (frame % 4 == 3 ? 5 : 3)) }
      try buffer.withUnsafeMutableBufferPointer { all in
        try output.writeFrame(
          x: x, y: y, width: w, height: h, pixels: UnsafeMutableBufferPointer(rebasing: all[0..<w * h]),
          delay: frame * 3, disposal: frame % 6 == 5 ? .restoreBackground : .keep,
          transparentIndex: frame % 2 == 0 ? 2 : nil,
          localColors: frame % 4 == 3 ? [0x102030, 0x405060, 0x708090, 0xA0B0C0, 0xD0E0F0] : nil)
      }
      buffer.withUnsafeMutableBufferPointer { $0.update(repeating: 0xFF) }  // refilled while queued
    }
  }

  @Test(arguments: [(1, 1), (2, 1), (8, 1), (1, 2), (2, 2), (1, 3), (3, 4)])
  func writesTheWritersBytes(depth: Int, compressors: Int) throws {
    let direct = MemorySink()
    let writer = try GIFFileWriter(
      sink: direct, width: 48, height: 40, colors: [0, 0xFFFFFF, 0x808080], loopCount: 0, backgroundIndex: 2)
    try Self.writeFrames(to: writer)
    try writer.close()
    let staged = MemorySink()
    let stage = try GIFWriterStage(
      try GIFFileWriter(
        sink: staged, width: 48, height: 40, colors: [0, 0xFFFFFF, 0x808080], loopCount: 0, backgroundIndex: 2),
      depth: depth, compressors: compressors)
    try Self.writeFrames(to: stage)
    #expect(stage.bytesWritten == 0)
    try stage.close()
    #expect(staged.bytes == direct.bytes)
    #expect(stage.bytesWritten == direct.bytes.count)
    #expect(try GIFTestDecoder(staged.bytes).images.count == 40)
  }

  @Test(arguments: [1, 2])
  func aFailingSinkIsReportedWithItsOwnError(compressors: Int) throws {
    final class FullDisk: ByteSink, @unchecked Sendable {
      let name = "out/full.gif"
      var budget = 400
      func write(_ bytes: UnsafeRawBufferPointer) throws {
        budget -= bytes.count
        if budget < 0 { throw FileWriteError(path: name, errno: ENOSPC) }
      }
    }
    #expect(throws: FileWriteError(path: "out/full.gif", errno: ENOSPC)) {
      let stage = try GIFWriterStage(
        try GIFFileWriter(sink: FullDisk(), width: 48, height: 40, colors: [0, 0xFFFFFF, 0x808080], loopCount: 0),
        compressors: compressors)
      try Self.writeFrames(to: stage)
      try stage.close()
    }
  }
}
