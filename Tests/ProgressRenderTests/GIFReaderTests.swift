import Foundation
import Testing

@testable import ProgressRender

@Suite struct GIFReaderTests {
  @Test func decodesSolidFramesWithDelays() throws {
    let file = GIFReaderTestFile.solid(width: 5, height: 4, indices: [1, 2, 3], delays: [3, 4, 0])
    let sequence = try GIFDecoder.decode(file.bytes(), source: "solid.gif")
    #expect(sequence.kind == .gif)
    #expect(sequence.width == 5 && sequence.height == 4)
    #expect(sequence.delays == [3, 4, 0])
    #expect(sequence.displayDelays == [3, 4, 10])
    #expect(sequence.frames.map { $0?.pixels.first } == [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF])
    #expect(sequence.frames.allSatisfy { Set($0!.pixels).count == 1 })
  }
}
