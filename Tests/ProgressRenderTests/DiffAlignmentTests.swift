import Testing

@testable import ProgressRenderDiff
@testable import ProgressRenderFormats

@Suite struct DiffAlignmentTests {
  typealias S = DiffTestSupport
  static let red = S.solid(0xFF0000)
  static let blue = S.solid(0x0000FF)
  static let green = S.solid(0x00FF00)

  @Test func mergedGIFMatchesUnmergedGIF() throws {
    let merged = S.gif([Self.red, Self.blue], delays: [6, 3])
    let every = S.gif([Self.red, Self.red, Self.blue], delays: [3, 3, 3])
    let alignment = FrameAlignment(expected: merged, actual: every)
    #expect(
      alignment.pairs == [
        FramePair(.both(expected: 0, actual: 0), start: 0, end: 3),
        FramePair(.both(expected: 0, actual: 1), start: 3, end: 6),
        FramePair(.both(expected: 1, actual: 2), start: 6, end: 9),
      ])
    #expect(alignment.problems.isEmpty)
    #expect(alignment.notes.count == 1)
    #expect(try AnimationDiff.compare(expected: merged, actual: every).report.verdict == .same)
  }

  @Test func mergedGIFMatchesFolderOfEveryFrame() throws {
    let merged = S.gif([Self.red, Self.blue], delays: [6, 3])
    let folder = S.folder([Self.red, Self.red, Self.blue])
    let alignment = FrameAlignment(expected: folder, actual: merged)
    #expect(alignment.pairs.map(\.actualIndex) == [0, 0, 1])
    #expect(alignment.problems.isEmpty)
    let report = try AnimationDiff.compare(expected: folder, actual: merged).report
    #expect(report.verdict == .same)
    #expect(report.summary == "same: 3 frames")
  }

  /// 30 fps for one second: delays 3, 3, 4, … (carried rounding) must still map frame i to frame i.
  @Test func carriedRoundingDelaysMapFrameByFrame() throws {
    let frames = (0..<30).map { S.solid(UInt32($0) * 0x070301) }
    var delays: [Int] = []
    var carried = 0.0
    for _ in 0..<30 {
      carried += 100.0 / 30
      delays.append(Int(carried.rounded()) - delays.reduce(0, +))
    }
    let alignment = FrameAlignment(expected: S.folder(frames), actual: S.gif(frames, delays: delays))
    #expect(alignment.pairs.map(\.actualIndex) == Array(0..<30))
    #expect(
      try AnimationDiff.compare(expected: S.folder(frames), actual: S.gif(frames, delays: delays)).report.verdict
        == .same)
  }

  /// Item 18: a folder with exactly as many frames as the GIF (what `convert -coalesce`, Pillow and ffmpeg
  /// export) pairs frame by frame whatever the delays: irregular, 0 or 1 cs (shown as 10 cs).
  @Test(arguments: [[2, 20, 2, 20], [1, 0, 50, 3], [7, 93], [3, 3, 4, 3, 3, 4, 3, 3, 4, 70]])
  func folderWithAsManyFramesAsTheGIFPairsFrameByFrame(delays: [Int]) throws {
    let frames = delays.indices.map { S.solid(UInt32($0 + 1) * 0x150B05) }
    let gif = S.gif(frames, delays: delays, source: "a.gif")
    let folder = S.folder(frames, source: "dir")
    for (expected, actual) in [(gif, folder), (folder, gif)] {
      let alignment = FrameAlignment(expected: expected, actual: actual)
      #expect(alignment.pairs.map(\.expectedIndex) == Array(frames.indices).map { $0 })
      #expect(alignment.pairs.map(\.actualIndex) == Array(frames.indices).map { $0 })
      #expect(alignment.problems.isEmpty)
      #expect(
        try AnimationDiff.compare(expected: expected, actual: actual).report.summary == "same: \(frames.count) frames")
    }
  }

  /// Folders of different lengths pair slot by slot; a slot only one side has holds that side's frame alone.
  @Test(arguments: [
    (2, 3, [FramePair.Frames.both(expected: 0, actual: 0), .both(expected: 1, actual: 1), .onlyActual(2)]),
    (3, 1, [.both(expected: 0, actual: 0), .onlyExpected(1), .onlyExpected(2)]),
    (1, 2, [.both(expected: 0, actual: 0), .onlyActual(1)]),
  ])
  func foldersOfDifferentLengthsPairSlotBySlot(expectedCount: Int, actualCount: Int, frames: [FramePair.Frames]) {
    let expected = S.folder(Array(repeating: Self.red, count: expectedCount))
    let actual = S.folder(Array(repeating: Self.red, count: actualCount))
    let alignment = FrameAlignment(expected: expected, actual: actual)
    #expect(alignment.pairs == frames.map { FramePair($0) })
    #expect(alignment.problems == ["frame count differs: expected \(expectedCount) frames, actual \(actualCount)"])
  }

  /// A share of changed pixels too small to round to 0.01 % is `<0.01%`, never `0%`; one just short of all
  /// is `>99.99%`, never `100%`.
  @Test func onePixelOfMillionsIsNotZeroPercent() throws {
    let big = S.solid(0x808080, width: 2500, height: 2000)
    var changed = big
    changed.pixels[4321] = 0xFF00_0000
    let report = try AnimationDiff.compare(expected: S.folder([big]), actual: S.folder([changed])).report
    #expect(report.totals.changedPixels == 1)
    #expect(report.summary == "different: 1 of 1 frame differs (max <0.01% pixels, frame 0)")
    #expect(report.frames[0].changedPercent > 0 && report.totals.changedPercent > 0)
    #expect(DiffJUnitReport.xml(report).contains("1 changed pixels (&lt;0.01%)"))
  }

  @Test(arguments: [
    (0.0, "0%"), (0.0001, "<0.01%"), (0.004, "<0.01%"), (0.01, "0.01%"), (1.2, "1.2%"), (4.1667, "4.17%"),
    (99.99, "99.99%"), (99.996, ">99.99%"), (100.0, "100%"),
  ])
  func percentText(value: Double, text: String) {
    #expect(DiffReport.percentText(value) == text)
  }

  @Test func durationDifferenceIsAProblem() throws {
    let report = try AnimationDiff.compare(
      expected: S.gif([Self.red, Self.blue], delays: [3, 3]), actual: S.gif([Self.red, Self.blue], delays: [3, 5])
    ).report
    #expect(report.verdict == .different)
    #expect(report.problems == ["duration differs: expected 6 cs (2 frames), actual 8 cs (2 frames)"])
  }

  @Test func shiftedTimingShowsAsChangedFrames() throws {
    let report = try AnimationDiff.compare(
      expected: S.gif([Self.red, Self.blue], delays: [3, 3]), actual: S.gif([Self.red, Self.blue], delays: [4, 2])
    ).report
    #expect(report.frames.map(\.status) == [.same, .changed, .same])
    #expect(report.frames[1].start == 3 && report.frames[1].end == 4)
  }

  @Test func missingFrameInNumberedFolderIsReported() throws {
    let gif = S.gif([Self.red, Self.green, Self.blue, Self.red], delays: [3, 3, 3, 3])
    var folder = S.folder([Self.red, Self.green, nil, Self.red])
    folder.labels[2] = "frame-0002.png"
    let report = try AnimationDiff.compare(expected: gif, actual: folder).report
    #expect(report.verdict == .different)
    #expect(report.frames[2].status == .missing)
    #expect(report.problems == ["1 frame missing in actual: frame-0002.png"])
    #expect(report.summary == "different: 1 frame missing in actual: frame-0002.png")
  }

  @Test func extraGIFFrameIsAFrameCountProblem() throws {
    let gif = S.gif([Self.red, Self.green, Self.blue, Self.red], delays: [3, 3, 3, 3], source: "a.gif")
    let folder = S.folder([Self.red, Self.green, Self.blue], source: "dir")
    let report = try AnimationDiff.compare(expected: folder, actual: gif).report
    #expect(report.verdict == .different)
    #expect(report.problems.first?.hasPrefix("frame count differs: 'a.gif' has 4 frames, 'dir' has 3") == true)
  }

  @Test func foldersOfDifferentLengthReportExtraFrames() throws {
    let report = try AnimationDiff.compare(
      expected: S.folder([Self.red, Self.blue]), actual: S.folder([Self.red, Self.blue, Self.green])
    ).report
    #expect(report.frames.map(\.status) == [.same, .same, .extra])
    #expect(
      report.problems == [
        "frame count differs: expected 2 frames, actual 3", "1 frame extra in actual (not in expected): frame-2.png",
      ])
  }

  @Test func sizeMismatchNamesBothSizes() throws {
    let report = try AnimationDiff.compare(
      expected: S.folder([S.solid(0xFF0000, width: 10, height: 10)]),
      actual: S.folder([S.solid(0xFF0000, width: 12, height: 10)])
    ).report
    #expect(report.verdict == .different)
    #expect(report.frames[0].status == .sizeMismatch)
    #expect(report.summary == "different: size differs: expected 10×10, actual 12×10")
  }

  @Test func colourChangeSummaryNamesWorstFrame() throws {
    var changed = Self.red
    changed.pixels[0] = 0xFF00_00FF
    changed.pixels[1] = 0xFF00_00FF
    let report = try AnimationDiff.compare(
      expected: S.folder([Self.red, Self.red, Self.red]), actual: S.folder([Self.red, changed, Self.red])
    ).report
    #expect(report.summary == "different: 1 of 3 frames differs (max 4.17% pixels, frame 1)")
    #expect(report.totals.changedPixels == 2)
    #expect(report.totals.worstFrame == 1)
  }

  @Test(arguments: [
    (nil as Int?, nil as Double?, DiffReport.Verdict.different),
    (2, nil, .same), (1, nil, .different),
    (nil, 1.4, .same), (nil, 1.3, .different),
    (5, 1.3, .different), (5, 2.0, .same),
  ])
  func budgetsApplyToTheWholeComparison(pixels: Int?, percent: Double?, verdict: DiffReport.Verdict) throws {
    var changed = Self.red
    changed.pixels[0] = 0xFF00_00FF
    changed.pixels[1] = 0xFF00_00FF
    // 2 of 3 × 48 = 144 pixels changed: 1.39 %.
    let options = DiffOptions(maxDiffPixels: pixels, maxDiffPercent: percent)
    let report = try AnimationDiff.compare(
      expected: S.folder([Self.red, Self.red, Self.red]), actual: S.folder([Self.red, changed, Self.red]),
      options: options
    ).report
    #expect(report.verdict == verdict)
  }

  @Test(arguments: [
    (["frame-10.png", "frame-2.png", "frame-1.png"], ["frame-1.png", "frame-2.png", "frame-10.png"]),
    (["b.png", "a10.png", "a9.png"], ["a9.png", "a10.png", "b.png"]),
  ])
  func naturalOrder(names: [String], sorted: [String]) {
    #expect(names.sorted(by: NaturalOrder.areInIncreasingOrder) == sorted)
  }

  @Test func numberingFindsGaps() {
    let numbering = FrameNumbering(names: ["f-001.png", "f-002.png", "f-004.png"])
    #expect(numbering.slots == [0, 1, 3])
    #expect(numbering.labels == ["f-001.png", "f-002.png", "f-003.png", "f-004.png"])
    #expect(FrameNumbering(names: ["a.png", "b.png"]).labels == ["a.png", "b.png"])
  }
}
