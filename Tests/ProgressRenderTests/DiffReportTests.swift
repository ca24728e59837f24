import Foundation
import Testing

@testable import ProgressRenderDiff
@testable import ProgressRenderPipeline

/// The compact diff report and what feeds it: which frames are drawn (`ReportFrames`), regions to
/// ignore, per-frame budgets, the JUnit case, frame counts said as `render` says them.
struct DiffReportTests {
  typealias S = DiffTestSupport

  @Test(
    arguments: [
      ("12", ReportFrames.worst(12)), ("all", .all), (" 3 ", .worst(3)), ("1", .worst(1)), ("0", nil), ("-2", nil),
      ("x", nil), ("", nil), ("ALL", nil), ("1.5", nil),
    ] as [(String, ReportFrames?)])
  func reportFramesParse(text: String, expected: ReportFrames?) {
    #expect(ReportFrames.parse(text) == expected)
  }

  /// A result with a share of changed pixels (status `changed` unless 0).
  static func result(_ index: Int, _ percent: Double) -> DiffReport.FrameResult {
    DiffReport.FrameResult(
      index: index, expectedFrame: index, actualFrame: index, expectedLabel: nil, actualLabel: nil, start: nil,
      end: nil, status: percent > 0 ? .changed : .same, changedPixels: Int(percent * 10), antialiasedPixels: 0,
      changedPercent: percent, maxDelta: 0, images: nil)
  }

  @Test(arguments: [
    ([Double](), ReportFrames.worst(2), [Int]()),
    ([0, 0, 0], .worst(2), []),
    ([0, 5, 0], .worst(2), [1]),
    ([1, 5, 3, 5, 2], .worst(2), [1, 3]),  // the two 5s; display order
    ([1, 5, 3, 4, 2], .worst(3), [1, 2, 3]),
    ([5, 5, 5, 5], .worst(2), [0, 1]),  // ties: earlier first
    ([1, 0, 2], .all, [0, 2]),
  ])
  func worstFramesAreSelected(percents: [Double], frames: ReportFrames, expected: [Int]) {
    let results = percents.enumerated().map { Self.result($0.offset, $0.element) }
    #expect(frames.select(results) == expected)
  }

  /// Issue 23: when more frames differ than are shown, the ones shown are distinct moments, not the
  /// twelve neighbouring frames of a held end that all differ alike.
  @Test func worstFramesAreDistinctMoments() {
    // 120 frames: a ramp over 0–59 (up to 5 %), then 60–71 all at 10 % (the held "100"), then less.
    let percents: [Double] = (0..<120).map { (i: Int) -> Double in
      if i < 60 { return Double(i + 1) / 12 }
      return i < 72 ? 10 : 1
    }
    let results = percents.enumerated().map { Self.result($0.offset, $0.element) }
    let chosen = ReportFrames.worst(12).select(results)
    #expect(chosen.count == 12)
    #expect(chosen.contains(60))
    #expect(chosen.filter { (60..<72).contains($0) }.count <= 3)
    let gaps: [Int] = zip(chosen, chosen.dropFirst()).map { $0.1 - $0.0 }
    #expect(gaps.allSatisfy { $0 >= 5 }, "\(chosen)")
  }

  /// Issue 22: `all` (or a larger number) on 10,000 differing frames draws `maxDrawn` pairs, not
  /// 30,000 pictures, and the report says so; within the cap nothing is said.
  @Test(arguments: [
    (ReportFrames.all, 3000, ReportFrames.maxDrawn, true), (.worst(5000), 3000, ReportFrames.maxDrawn, true),
    (.worst(12), 3000, 12, false), (.all, 40, 40, false), (.worst(250), 3000, 250, false),
  ])
  func drawnPairsAreCapped(frames: ReportFrames, differing: Int, drawn: Int, noted: Bool) {
    let results = (0..<differing).map { Self.result($0, Double($0 % 97) + 1) }
    #expect(frames.select(results).count == drawn)
    let note = frames.cappedNote(differing: differing)
    #expect((note != nil) == noted)
    if let note { #expect(note.hasPrefix("\(differing) frames differ; the report draws 250 of them")) }
  }

  /// Issue 22: large frames are drawn within `maxDrawnPixels` (12 pairs of 4096 × 4096 took 7 s and
  /// 900 MB), at least one pair, and the report says so; small frames draw what was asked.
  @Test(arguments: [
    (ReportFrames.worst(12), 4096 * 4096, 1, true), (.worst(12), 2048 * 2048, 4, true),
    (.worst(12), 1182 * 1182, 12, false), (.all, 8192 * 8192, 1, true), (.worst(3), 2048 * 2048, 3, false),
    (.all, 512 * 512, 64, true),
  ])
  func largeFramesAreDrawnWithinThePixelBudget(frames: ReportFrames, pixels: Int, drawn: Int, noted: Bool) {
    let results = (0..<100).map { Self.result($0, Double($0 % 97) + 1) }
    #expect(frames.select(results, framePixels: pixels).count == drawn)
    let note = frames.cappedNote(differing: 100, framePixels: pixels)
    #expect((note != nil) == noted)
    if let note {
      #expect(
        note
          == "100 frames differ; the report draws \(drawn) of them (at most 16777216 frame pixels are drawn in one "
          + "report), chosen as --report-frames \(drawn) chooses; report.json lists every frame")
    }
  }

  @Test(
    arguments: [
      ("0,0,4,3", IgnoreRegion(x: 0, y: 0, width: 4, height: 3)),
      (" 1, 2 ,3,4", IgnoreRegion(x: 1, y: 2, width: 3, height: 4)),
      ("0,0,0,3", nil), ("-1,0,2,2", nil), ("1,2,3", nil), ("1,2,3,4,5", nil), ("a,b,c,d", nil), ("1,,2,3", nil),
      ("", nil), ("1.5,0,2,2", nil), ("0x10,0,2,2", nil),
    ] as [(String, IgnoreRegion?)])
  func ignoreRegionParse(text: String, expected: IgnoreRegion?) {
    #expect(IgnoreRegion.parse(text) == expected)
  }

  @Test(arguments: [
    ("0,0,8,6", true), ("7,5,1,1", true), ("0,0,9,6", false), ("8,0,1,1", false), ("0,6,1,1", false),
    ("1,1,\(Int.max),1", false), ("\(Int.max),0,1,1", false),
  ])
  func ignoreRegionMustFitTheFrame(text: String, fits: Bool) throws {
    let region = try #require(IgnoreRegion.parse(text))
    #expect(region.fits(width: 8, height: 6) == fits)
    #expect((region.problem(named: "'\(text)'", width: 8, height: 6) == nil) == fits)
    if !fits {
      #expect(throws: DiffError.self) { try DiffError.check([region], width: 8, height: 6) }
      #expect("\(DiffError.regionOutside(region, width: 8, height: 6))".contains("outside the 8×6 frame"))
    }
  }

  @Test func changesInsideIgnoredRegionsAreNotCounted() {
    let expected = S.solid(0x336699)
    var actual = expected
    for (x, y) in [(0, 0), (1, 0), (6, 4), (7, 5)] { actual.pixels[y * 8 + x] = 0xFFFF_FFFF }
    let comparator = PixelComparator()
    #expect(comparator.compare(expected, actual).changedPixels == 4)
    let faded = PixelComparator.faded(expected.pixels[0])
    let cases: [(regions: [IgnoreRegion], changed: Int, pixel22: UInt32)] = [
      ([IgnoreRegion(x: 0, y: 0, width: 2, height: 1)], 2, faded),
      ([IgnoreRegion(x: 0, y: 0, width: 2, height: 1), IgnoreRegion(x: 6, y: 4, width: 2, height: 2)], 0, faded),
      ([IgnoreRegion(x: 2, y: 2, width: 2, height: 2)], 4, PixelComparator.ignoredColor),
    ]
    for (regions, changed, pixel22) in cases {
      let delta = comparator.compare(expected, actual, makeDiffImage: true, ignoring: regions)
      #expect(delta.changedPixels == changed)
      #expect(delta.diffImage?.pixels[2 * 8 + 2] == pixel22)  // ignored pixels are light blue in the diff
    }
  }

  @Test(
    arguments: [
      // pixels changed in frame 1 of 48, per-frame pixels, per-frame percent, verdict, status
      (3, nil, nil, DiffReport.Verdict.different, DiffReport.Status.changed),
      (3, 3, nil, .same, .withinBudget),
      (3, 2, nil, .different, .changed),
      (3, nil, 6.25, .same, .withinBudget),  // 3 of 48 = 6.25 %
      (3, nil, 6.2, .different, .changed),
      (3, 5, 1.0, .different, .changed),  // every budget given must hold
    ] as [(Int, Int?, Double?, DiffReport.Verdict, DiffReport.Status)])
  func perFrameBudget(
    changed: Int, pixels: Int?, percent: Double?, verdict: DiffReport.Verdict, status: DiffReport.Status
  ) throws {
    var other = S.solid(0x00FF00)
    for i in 0..<changed { other.pixels[i] = 0xFFFF_FFFF }
    let options = DiffOptions(maxDiffPixelsPerFrame: pixels, maxDiffPercentPerFrame: percent)
    let report = try AnimationDiff.compare(
      expected: S.folder([S.solid(0xFF0000), S.solid(0x00FF00)]),
      actual: S.folder([S.solid(0xFF0000), other]), options: options
    ).report
    #expect(report.verdict == verdict)
    #expect(report.frames[1].status == status)
    #expect(report.frames[1].changedPixels == changed)
    #expect(report.totals.differingFrames == (status == .changed ? 1 : 0))
  }

  @Test(arguments: [
    ([Int](), ""), ([3], "3"), ([0, 1, 2, 5, 7, 8], "0–2, 5, 7–8"), ([1, 3, 5], "1, 3, 5"), ([4, 5], "4–5"),
  ])
  func junitListsFramesAsRanges(indices: [Int], text: String) {
    #expect(DiffJUnitReport.ranges(indices) == text)
  }

  @Test func junitHasOneCaseNamingTheDifferingFrames() throws {
    let frames = (0..<40).map { S.solid($0 == 7 || $0 >= 30 ? 0xFFFFFF : 0x101010) }
    let base = (0..<40).map { _ in S.solid(0x101010) }
    let report = try AnimationDiff.compare(expected: S.folder(base), actual: S.folder(frames)).report
    let xml = DiffJUnitReport.xml(report)
    #expect(xml.components(separatedBy: "<testcase ").count - 1 == 1)
    #expect(xml.contains("tests=\"1\" failures=\"1\""))
    #expect(xml.contains("differing frames: 7, 30–39\""))
    #expect(!xml.contains("more differing frames"))  // 11 differ; up to 20 are detailed
    let same = try AnimationDiff.compare(expected: S.folder(base), actual: S.folder(base)).report
    let passing = DiffJUnitReport.xml(same)
    #expect(passing.contains("tests=\"1\" failures=\"0\"") && !passing.contains("<failure"))
  }

  @Test(
    arguments: [
      ([10, 10, 20], 10, 4), ([3, 6, 3], 3, 4), ([10, 10], 10, nil), ([3, 4, 3], nil, nil), ([1, 20], 10, 3),
      ([0, 5, 20], 5, 7),
    ] as [([Int], Int?, Int?)])
  func displayedFramesFromDelays(delays: [Int], unit: Int?, displayed: Int?) {
    let sequence = S.gif(delays.map { _ in S.solid(0) }, delays: delays)
    #expect(sequence.displayUnit == unit)
    #expect(sequence.displayedCount == displayed)
  }

  @Test(arguments: [(90, 72, "90 frames (72 stored)"), (90, 90, "90 frames"), (1, 1, "1 frame")])
  func renderSummarySaysStoredFrames(frames: Int, stored: Int, text: String) {
    let summary = RenderSummary(path: "a.gif", frameCount: frames, storedFrameCount: stored, bytes: 1, pixelSize: 1)
    #expect(summary.framesText == text)
  }

  @Test func mergedFramesAreCountedAsDisplayed() throws {
    let red = S.solid(0xFF0000)
    let blue = S.solid(0x0000FF)
    // 4 frames of 10 cs, the middle two merged: 3 images.
    let expected = S.gif([red, red, blue], delays: [10, 20, 10])
    let actual = S.gif([red, blue, blue], delays: [10, 20, 10])
    let report = try AnimationDiff.compare(expected: expected, actual: actual).report
    #expect(report.summary == "different: 2 of 4 frames differ (3 stored; max 100% pixels, frame 1)")
    #expect(report.detail == "2 of 4 frames differ (3 stored; max 100% pixels, frame 1)")
    #expect(report.expected.framesText == "4 frames (3 stored)")
  }
}
