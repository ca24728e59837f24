import Testing

@testable import ProgressRenderFormats
@testable import ProgressRenderSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct GIFFileWriterTests {
  @Test(arguments: [(0 as Int?, 0 as Int?), (3, 3), (65535, 65535), (nil, nil)])
  func loopExtension(loop: Int?, expected: Int?) throws {
    let sink = MemorySink()
    let writer = try GIFFileWriter(sink: sink, width: 3, height: 2, colors: [0xFF0000, 0x00FF00], loopCount: loop)
    var pixels: [UInt8] = [0, 1, 0, 1, 0, 1]
    try pixels.withUnsafeMutableBufferPointer {
      try writer.writeFrame(
        x: 0, y: 0, width: 3, height: 2, pixels: $0, delay: 7, disposal: .keep, transparentIndex: nil)
    }
    try writer.close()
    let gif = try GIFTestDecoder(sink.bytes)
    #expect(Array(sink.bytes.prefix(6)) == Array("GIF89a".utf8))
    #expect(gif.loopCount == expected)
    #expect(gif.images.count == 1 && gif.images[0].indices == [0, 1, 0, 1, 0, 1] && gif.images[0].delay == 7)
    #expect(sink.bytes.last == 0x3B)
    #expect(writer.bytesWritten == sink.bytes.count)
  }

  @Test(arguments: [(1, 2), (2, 2), (3, 4), (5, 8), (16, 16), (129, 256), (256, 256)])
  func colourTableIsPaddedToAPowerOfTwo(colors: Int, tableSize: Int) throws {
    let sink = MemorySink()
    let palette = (0..<colors).map { UInt32($0 * 0x010203 & 0xFFFFFF) }
    let writer = try GIFFileWriter(sink: sink, width: 1, height: 1, colors: palette, loopCount: 0)
    var pixel: [UInt8] = [UInt8(colors - 1)]
    try pixel.withUnsafeMutableBufferPointer {
      try writer.writeFrame(
        x: 0, y: 0, width: 1, height: 1, pixels: $0, delay: 2, disposal: .keep, transparentIndex: nil)
    }
    try writer.close()
    let gif = try GIFTestDecoder(sink.bytes)
    #expect(writer.colorTableSize == tableSize)
    #expect(gif.palette == palette + Array(repeating: 0, count: tableSize - colors))
    #expect(try gif.composite()[0] == [0xFF00_0000 | palette[colors - 1]])
  }

  @Test func framesCarryRectangleDisposalDelayAndTransparency() throws {
    let sink = MemorySink()
    let writer = try GIFFileWriter(
      sink: sink, width: 6, height: 5, colors: [0x000000, 0xFFFFFF, 0x808080], loopCount: 0, backgroundIndex: 2)
    var full = [UInt8](repeating: 0, count: 30)
    var part: [UInt8] = [1, 2, 1, 2, 1, 2]
    try full.withUnsafeMutableBufferPointer {
      try writer.writeFrame(
        x: 0, y: 0, width: 6, height: 5, pixels: $0, delay: 3, disposal: .restoreBackground, transparentIndex: 2)
    }
    try part.withUnsafeMutableBufferPointer {
      try writer.writeFrame(
        x: 2, y: 3, width: 3, height: 2, pixels: $0, delay: 65535, disposal: .keep, transparentIndex: 2)
    }
    try writer.close()
    let gif = try GIFTestDecoder(sink.bytes)
    #expect(gif.width == 6 && gif.height == 5 && gif.backgroundIndex == 2)
    #expect(gif.images.map(\.disposal) == [2, 1])
    #expect(gif.images.map(\.delay) == [3, 65535])
    #expect(gif.images.map(\.transparentIndex) == [2, 2])
    let second = gif.images[1]
    #expect([second.x, second.y, second.width, second.height] == [2, 3, 3, 2])
    #expect(second.indices == [1, 2, 1, 2, 1, 2])
    // Frame 1 was disposed to background (transparent), so only frame 2's opaque pixels show.
    let screen = try gif.composite()[1]
    #expect(screen.filter { $0 != 0 }.count == 3)
    #expect(screen[3 * 6 + 2] == 0xFFFF_FFFF && screen[4 * 6 + 3] == 0xFFFF_FFFF && screen[3 * 6 + 3] == 0)
  }

  @Test func aFailingSinkIsReportedWithItsOwnError() throws {
    final class FullDisk: ByteSink {
      let name = "out/full.gif"
      var budget = 40
      func write(_ bytes: UnsafeRawBufferPointer) throws {
        budget -= bytes.count
        if budget < 0 { throw FileWriteError(path: name, errno: ENOSPC) }
      }
    }
    let expected = FileWriteError(path: "out/full.gif", errno: ENOSPC)
    #expect(expected.description == "cannot write 'out/full.gif': No space left on device")
    #expect(throws: expected) {
      let writer = try GIFFileWriter(sink: FullDisk(), width: 64, height: 64, colors: [0, 0xFFFFFF], loopCount: 0)
      var pixels: [UInt8] = (0..<4096).map { (i: Int) -> UInt8 in UInt8((i / 3 + i / 64) & 1) }
      try pixels.withUnsafeMutableBufferPointer {
        try writer.writeFrame(
          x: 0, y: 0, width: 64, height: 64, pixels: $0, delay: 2, disposal: .keep, transparentIndex: nil)
      }
      try writer.close()
    }
  }
}
