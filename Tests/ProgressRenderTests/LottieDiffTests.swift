import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderDiff
@testable import ProgressRenderFormats
@testable import ProgressRenderRaster

/// `diff` with Lottie sides (issue 21): two Lottie files painted alike, a Lottie file against frames
/// at their size and times, the options that apply, and the errors (the command line: `LottieDiffCommandTests`).
@Suite(.serialized) struct LottieDiffTests {
  typealias S = DiffTestSupport

  /// A 40 × 40 Lottie document (times `scale`) at `fr` fps lasting `op` frames: a white page and a
  /// red 10 × 10 box moving right from x 0 to `travel` over the length.
  static func document(fr: Int = 20, op: Int = 20, scale: Int = 1, travel: Int = 30) -> String {
    let (side, box, y, travel) = (40 * scale, 10 * scale, 15 * scale, travel * scale)
    let moving =
      ##"{"ty":1,"nm":"box","ind":1,"ip":0,"op":\##(op),"st":0,"sc":"#ff0000","sw":\##(box),"sh":\##(box),"ks":{"p":"##
      + ##"{"a":1,"k":[{"t":0,"s":[0,\##(y)],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":\##(op),"s":"##
      + ##"[\##(travel),\##(y)]}]}}}"##
    let page =
      ##"{"ty":1,"nm":"page","ind":2,"ip":0,"op":\##(op),"st":0,"sc":"#ffffff","sw":\##(side),"sh":\##(side),"##
      + ##""ks":{}}"##
    return ##"{"v":"5.7.0","fr":\##(fr),"ip":0,"op":\##(op),"w":\##(side),"h":\##(side),"nm":"t","assets":[],"##
      + ##""layers":[\##(moving),\##(page)]}"##
  }

  /// What a run reported, or the error it threw.
  struct Outcome {
    var report: DiffReport?
    var notes: [String] = []
    var error = ""
  }

  static func run(_ expected: String, _ actual: String, in folder: String, options: DiffOptions = DiffOptions())
    -> Outcome
  {
    var outcome = Outcome()
    do {
      _ = try DiffRun(expected: folder + "/" + expected, actual: folder + "/" + actual, options: options).run {
        message in
        switch message {
        case .report(let report): outcome.report = report
        case .note(let note): outcome.notes.append(note.replacingOccurrences(of: folder + "/", with: ""))
        case .line: break
        }
      }
    } catch {
      outcome.error = "\(error)".replacingOccurrences(of: folder + "/", with: "")
    }
    return outcome
  }

  /// A scratch folder holding `a.json` (`document()`) and the given documents.
  static func folder(_ name: String, _ files: [String: String] = [:]) throws -> String {
    let folder = try S.scratch("lottie-" + name)
    for (file, text) in files.merging(["a.json": document()], uniquingKeysWith: { first, _ in first }) {
      try S.write(Array(text.utf8), to: folder + "/" + file)
    }
    return folder
  }

  struct PairCase: Sendable, CustomTestStringConvertible {
    var name: String
    var actual: String
    var width: Int? = nil
    var height: Int? = nil
    var fps: Double? = nil
    /// The frames compared, and those that differ.
    var frames: Int
    var differing: [Int]
    var size: [Int] = [40, 40]
    var problems: [String] = []
    var notes: [String] = []
    var testDescription: String { name }
  }

  static let pairs: [PairCase] = [
    PairCase(name: "the same file", actual: document(), frames: 20, differing: []),
    PairCase(name: "a box that travels less", actual: document(travel: 20), frames: 20, differing: Array(2..<20)),
    PairCase(
      name: "a longer file", actual: document(op: 30), frames: 30, differing: Array(2..<30),
      problems: [
        "frame count differs: expected 20 frames, actual 30",
        "10 frames extra in actual (not in expected): frame 20, frame 21, frame 22, frame 23, frame 24, …",
      ],
      notes: ["lengths differ: 'a.json' 1 s (20 frames), 'b.json' 1.5 s (30 frames)"]),
    PairCase(
      name: "--fps 10", actual: document(), fps: 10, frames: 10, differing: [],
      notes: ["both painted at 40×40 px and 10 fps ('a.json' 40×40 at 20 fps, 'b.json' 40×40 at 20 fps)"]),
    PairCase(
      name: "--size 80x40", actual: document(travel: 20), width: 80, height: 40, frames: 20,
      differing: Array(2..<20), size: [80, 40],
      notes: ["both painted at 80×40 px and 20 fps ('a.json' 40×40 at 20 fps, 'b.json' 40×40 at 20 fps)"]),
    PairCase(
      name: "a file at twice the size, painted at the first's", actual: document(scale: 2),
      frames: 20, differing: [],
      notes: ["both painted at 40×40 px and 20 fps ('a.json' 40×40 at 20 fps, 'b.json' 80×80 at 20 fps)"]),
    PairCase(
      name: "a file at another rate", actual: document(fr: 40, op: 40), frames: 20, differing: [],
      notes: ["both painted at 40×40 px and 20 fps ('a.json' 40×40 at 20 fps, 'b.json' 40×40 at 40 fps)"]),
  ]

  /// Two Lottie files: painted on one canvas at one rate, compared frame by frame; a longer one has
  /// extra frames, reported as the frame count that differs.
  @Test(arguments: pairs)
  func twoLottieFiles(_ pair: PairCase) throws {
    let folder = try Self.folder("pair", ["b.json": pair.actual])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var options = DiffOptions()
    (options.lottieWidth, options.lottieHeight, options.lottieFPS) = (pair.width, pair.height, pair.fps)
    let outcome = Self.run("a.json", "b.json", in: folder, options: options)
    let report = try #require(outcome.report, "\(outcome.error)")
    #expect(report.totals.frames == pair.frames)
    #expect(report.frames.filter { $0.status != .same }.map(\.index) == pair.differing)
    #expect(report.verdict == (pair.differing.isEmpty && pair.problems.isEmpty ? .same : .different))
    #expect([report.expected.width, report.expected.height] == pair.size)
    #expect(report.expected.kind == .lottie && report.actual.kind == .lottie)
    #expect(report.problems == pair.problems)
    #expect(outcome.notes == pair.notes)
  }

  /// The labels are the file's own frame numbers, counted from `ip`, at whatever rate it is painted.
  @Test func labelsAreTheFilesFrameNumbers() throws {
    let folder = try Self.folder("labels", ["b.json": Self.document(fr: 40, op: 40, travel: 20)])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let report = try #require(Self.run("a.json", "b.json", in: folder).report)
    #expect(report.frames.prefix(3).map(\.expectedLabel) == ["frame 0", "frame 1", "frame 2"])
    #expect(report.frames.prefix(3).map(\.actualLabel) == ["frame 0", "frame 2", "frame 4"])
  }

  struct TimedCase: Sendable, CustomTestStringConvertible {
    var fr: Int
    var op: Int
    var delays: [Int]
    var painted: [Int]
    var testDescription: String { "\(op) frames at \(fr) fps against \(delays)" }
  }

  /// Against a GIF, a Lottie file is painted at the start of each of its frames while it lasts; its
  /// last frame lasts until it ends.
  @Test(arguments: [
    TimedCase(fr: 20, op: 20, delays: [5, 5, 5, 5], painted: [5, 5, 5, 85]),
    TimedCase(fr: 20, op: 20, delays: [50, 50], painted: [50, 50]),
    TimedCase(fr: 40, op: 10, delays: [10, 10, 10, 10], painted: [10, 10, 5]),
    TimedCase(fr: 20, op: 20, delays: [3, 3, 4, 3, 3, 4], painted: [3, 3, 4, 3, 3, 84]),
    TimedCase(fr: 100, op: 1, delays: [10, 10], painted: [2]),
  ])
  func timedLikeTheOtherSide(_ timed: TimedCase) throws {
    let folder = try Self.folder("timed", ["l.json": Self.document(fr: timed.fr, op: timed.op)])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let side = try LottieSide(path: folder + "/l.json")
    let gif = S.gif(timed.delays.map { _ in S.solid(0xFFFFFF, width: 12, height: 10) }, delays: timed.delays)
    let sequence = try side.frames(timedAs: gif, delays: timed.delays, limits: .standard)
    #expect(sequence.delays == timed.painted)
    #expect(sequence.width == 12 && sequence.height == 10)
    guard case .painted(let painted) = sequence.storage else { throw CancellationError() }
    let starts: [Double] = FrameAlignment.starts(timed.painted).dropLast().map { Double($0) / 100 }
    #expect(painted.times == starts)
  }

  /// A Lottie file against the GIF, WebP, APNG, PNG and frames folder made from its own frames: the
  /// same; against those of another file: the frames that differ.
  @Test func againstFramesOfEveryKind() throws {
    let folder = try Self.folder("kinds", ["b.json": Self.document(travel: 20)])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let side = try LottieSide(path: folder + "/a.json")
    let own = try side.frames(width: 40, height: 40, fps: 20, limits: .standard)
    let frames = try own.frames.map { try #require($0) }
    let delays = [Int](repeating: 5, count: frames.count)
    _ = try GIFEncoder(width: 40, height: 40).write(to: folder + "/a.gif", delays: delays) { frames[$0] }
    try S.writeFolder(frames, to: folder + "/frames")
    let still = try side.still(width: 40, height: 40, limits: .standard)
    try S.write(try PNGCodec.encode(try #require(still.frames[0])), to: folder + "/still.png")
    for (other, count) in [("a.gif", 20), ("frames", 20), ("still.png", 1)] {
      let same = Self.run("a.json", other, in: folder)
      #expect(same.report?.verdict == .same, "\(other): \(same.error)")
      #expect(same.report?.totals.frames == count)
      let reversed = Self.run(other, "a.json", in: folder)
      #expect(reversed.report?.verdict == .same, "\(other): \(reversed.error)")
      let different = Self.run(other, "b.json", in: folder)
      #expect(different.report?.verdict == .different, "\(other): \(different.error)")
    }
    #expect(Self.run("a.gif", "b.json", in: folder).report?.totals.differingFrames == 18)
  }

  /// The options that do not apply to these sides, a bad file, and a Lottie baseline that rendered
  /// frames cannot update: refused before anything is compared, naming the option or the file.
  @Test(
    arguments: [
      (
        "a.gif", "a.gif", 10, nil,
        "applies only to Lottie sides (.json or .lottie files); neither side is a Lottie file"
      ),
      (
        "a.gif", "a.gif", nil, 10.0,
        "applies only to Lottie sides (.json or .lottie files); neither side is a Lottie file"
      ),
      (
        "a.json", "a.gif", 10, nil,
        "applies when both sides are Lottie files; 'a.json' is painted at the size of 'a.gif' (40×40)"
      ),
      (
        "a.gif", "a.json", nil, 10.0,
        "applies to two Lottie files or a Lottie file and a frames folder; 'a.json' is painted at the size of 'a.gif' "
          + "(40×40), at its frame times"
      ),
      (
        "a.json", "bad.json", nil, nil,
        "bad.json: the animation has no 'fr'; a Lottie file gives its frame rate, out point, width and height"
      ),
      ("a.json", "broken.json", nil, nil, "broken.json: not valid JSON"),
    ] as [(String, String, Int?, Double?, String)])
  func refusals(expected: String, actual: String, size: Int?, fps: Double?, message: String) throws {
    let folder = try Self.folder("refusals", ["bad.json": #"{"v":"5.7.0","w":40}"#, "broken.json": "{ not json"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let frame = S.solid(0xFFFFFF, width: 40, height: 40)
    _ = try GIFEncoder(width: 40, height: 40).write(to: folder + "/a.gif", delays: [100]) { _ in frame }
    var options = DiffOptions()
    (options.lottieWidth, options.lottieHeight, options.lottieFPS) = (size, size, fps)
    let outcome = Self.run(expected, actual, in: folder, options: options)
    #expect(outcome.report == nil)
    #expect(outcome.error.hasPrefix(message), "\(outcome.error)")
  }

  /// `--update` copies a Lottie file over a Lottie baseline, and re-encodes a GIF baseline from a
  /// Lottie file's frames as `render` writes them; a missing baseline takes the kind its name says;
  /// a Lottie baseline is not made from a GIF.
  @Test func updates() throws {
    let folder = try Self.folder("update", ["b.json": Self.document(travel: 20)])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let frame = S.solid(0xFFFFFF, width: 40, height: 40)
    _ = try GIFEncoder(width: 40, height: 40).write(to: folder + "/w.gif", delays: [100]) { _ in frame }
    let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.json"))
    let refused = try #require(
      Result { try DiffRun(expected: folder + "/a.json", actual: folder + "/w.gif", update: true).run { _ in } }
        .failure)
    #expect(
      "\(refused)"
        == "cannot make the gif '\(folder)/w.gif' the Lottie baseline '\(folder)/a.json': a Lottie file is updated "
        + "only from a Lottie file; pass a .json or .lottie file as ACTUAL")
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/a.json")) == before)
    let copied = try DiffRun(expected: folder + "/a.json", actual: folder + "/b.json", update: true).run { _ in }
    #expect(copied == .updated)
    #expect(Self.run("a.json", "b.json", in: folder).report?.verdict == .same)
    let encoded = try DiffRun(expected: folder + "/w.gif", actual: folder + "/b.json", update: true).run { _ in }
    #expect(encoded == .updated)
    let again = Self.run("w.gif", "b.json", in: folder).report
    #expect(again?.verdict == .same && again?.totals.frames == 20)
    for (name, kind) in [("new.gif", FrameSequence.Kind.gif), ("new.webp", .webp), ("new.json", .lottie)] {
      let recorded = try DiffRun(expected: folder + "/" + name, actual: folder + "/b.json", update: true).run { _ in }
      #expect(recorded == .recorded)
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
      #expect((FrameSequenceLoader.kind(of: bytes) ?? .lottie) == kind, "\(name)")
      let report = Self.run(name, "b.json", in: folder).report
      #expect(report?.verdict == .same && report?.totals.frames == 20, "\(name)")
    }
  }
}

extension Result {
  /// The error, if this is one.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
