import Synchronization
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats

/// The one paint loop: what a sink is asked for and handed, whatever the number of painters.
@Suite struct FramePainterTests {
  struct Failure: Error, Equatable {
    var index: Int
  }

  /// A sink that records every call; frames carry their index in their one pixel.
  struct RecordingSink: FrameSink {
    var surveyedFrames: [Int]
    /// The first pass stops after this many frames.
    var surveyLimit: Int
    /// Frames below this index are "kept" from the first pass.
    var keptBelow: Int
    var surveyed: [Int] = []
    var added: [Int?] = []
    var roundStarts: [Int] = []

    mutating func survey(_ frames: [Frame]) throws -> Bool {
      surveyed += frames.map { Int($0.pixels[0]) }
      return surveyed.count < surveyLimit
    }

    func needsFrame(_ index: Int) -> Bool { index >= keptBelow }

    mutating func add(_ frames: [Frame?], from start: Int) throws {
      roundStarts.append(start)
      added += frames.map { $0.map { Int($0.pixels[0]) } }
    }

    mutating func finish() throws -> [Int?] { added }
  }

  /// The indices painted, in the order they were painted.
  final class PaintLog: Sendable {
    let indices = Mutex<[Int]>([])
  }

  static func painters(_ count: Int, painted: PaintLog? = nil, failing: Set<Int> = []) -> [(Int) throws -> Frame] {
    (0..<count).map { _ in
      { index in
        if failing.contains(index) { throw Failure(index: index) }
        painted?.indices.withLock { $0.append(index) }
        return Frame(width: 1, height: 1, pixels: [UInt32(index)])
      }
    }
  }

  @Test(arguments: [1, 2, 3, 8])
  func framesReachTheSinkInOrderWhateverThePainters(threads: Int) throws {
    var painter = FramePainter(painters: Self.painters(threads))
    var sink = RecordingSink(surveyedFrames: [0, 3, 6, 9], surveyLimit: 100, keptBelow: 0)
    let added = try painter.run(frameCount: 10, into: &sink)
    #expect(sink.surveyed == [0, 3, 6, 9])
    #expect(added == (0..<10).map { $0 })
    #expect(sink.roundStarts == Array(stride(from: 0, to: 10, by: threads)))
  }

  @Test(arguments: [1, 2, 4])
  func aSinkStopsItsFirstPassAndKeepsFramesFromIt(threads: Int) throws {
    let painted = PaintLog()
    var painter = FramePainter(painters: Self.painters(threads, painted: painted))
    var sink = RecordingSink(surveyedFrames: Array(0..<8), surveyLimit: 4, keptBelow: 3)
    let added = try painter.run(frameCount: 8, into: &sink)
    // The first pass stops at the round that reached four frames.
    #expect(sink.surveyed == Array(0..<max(4, threads)))
    // Kept frames come as nil and are not painted again.
    #expect(added == [nil, nil, nil, 3, 4, 5, 6, 7])
    let second = painted.indices.withLock { Array($0.dropFirst(sink.surveyed.count)) }
    #expect(second.sorted() == [3, 4, 5, 6, 7])
  }

  @Test(arguments: [1, 2, 5])
  func theLowestFailingFrameIsThrownAndTheSinkIsNotFinished(threads: Int) {
    var painter = FramePainter(painters: Self.painters(threads, failing: [6, 7]))
    var sink = RecordingSink(surveyedFrames: [], surveyLimit: 0, keptBelow: 0)
    #expect(throws: Failure(index: 6)) { try painter.run(frameCount: 10, into: &sink) }
    #expect(sink.added.count <= 6)
    #expect(sink.added.compactMap { $0 } == Array(0..<sink.added.count))
  }
}
