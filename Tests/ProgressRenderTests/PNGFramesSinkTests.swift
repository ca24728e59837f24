import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats

/// A folder of PNG frames: each frame is painted, compressed and written on one thread when the
/// painters pair with the sink's workers, and the files are the same however many there are.
@Suite struct PNGFramesSinkTests {
  /// Frame `index`: 24 × 16 px, a colour of its own across a band whose width grows with the index,
  /// and 288 translucent colours in its last 12 rows on every third frame (a true-colour file).
  static func frame(_ index: Int) -> Frame {
    var pixels = [UInt32](repeating: 0xFF20_4060, count: 24 * 16)
    for y in 0..<16 {
      for x in 0..<min(24, index + 1) { pixels[y * 24 + x] = 0xFF00_0000 | UInt32(index) &* 0x0103_07 }
    }
    if index % 3 == 0 {
      for i in 0..<288 { pixels[96 + i] = 0xFE00_0000 | UInt32(i % 200) << 8 | UInt32(i / 200 + index) }
    }
    return Frame(width: 24, height: 16, pixels: pixels)
  }

  /// Writes `count` frames painted by `painters` threads into a sink of `workers`.
  /// - Returns: the files' bytes, frame by frame.
  static func render(count: Int, painters: Int, workers: Int) throws -> [[UInt8]] {
    let folder = try AtomicFileTests.scratchDirectory("png-frames-\(painters)-\(workers)")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var painter = FramePainter(painters: (0..<painters).map { _ in { Self.frame($0) } })
    var sink = PNGFramesSink(workers: workers) { folder + "/frame-\($0).png" }
    let written = try painter.run(frameCount: count, into: &sink)
    let files = try (0..<count).map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/frame-\($0).png"))) }
    #expect(written == files.map(\.count).reduce(0, +))
    return files
  }

  @Test(arguments: [(1, 1), (2, 2), (3, 3), (2, 3), (3, 1)])
  func eachFileIsItsFramesWhateverTheThreads(painters: Int, workers: Int) throws {
    let files = try Self.render(count: 10, painters: painters, workers: workers)
    for (index, file) in files.enumerated() {
      #expect(file == (try PNGFrameEncoder().encode(Self.frame(index))), "frame \(index)")
    }
  }
}
