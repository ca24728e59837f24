import ProgressRenderCore
import ProgressRenderFormats

/// Compares two animations frame by frame as they are displayed: aligns them by time
/// (`FrameAlignment`), compares each pair (`PixelComparator`) and builds the `DiffReport`.
public enum AnimationDiff {
  /// The report and, when asked for, the pictures of the differing pairs a report shows.
  public struct Outcome: Equatable, Sendable {
    /// The report.
    public var report: DiffReport
    /// Pictures of the pairs the report shows in full (empty without `reportFrames`), in display order.
    package var artifacts: [FrameArtifact]
  }

  /// The note of a report that draws fewer pairs than asked because of `ReportFrames.maxDrawn` or
  /// `ReportFrames.maxDrawnPixels`.
  private static func capped(_ frames: ReportFrames?, _ results: [DiffReport.FrameResult], framePixels: Int)
    -> [String]
  {
    guard let frames else { return [] }
    let differing = results.filter { $0.status != .same && $0.status != .withinBudget }.count
    return frames.cappedNote(differing: differing, framePixels: framePixels).map { [$0] } ?? []
  }

  /// Loads and compares two inputs (GIF, WebP, APNG, PNG, folder of PNG frames or Lottie file, as
  /// `DiffSideLoader` reads them).
  /// - Parameters:
  ///   - expectedPath: The baseline.
  ///   - actualPath: The candidate.
  ///   - options: Threshold, anti-aliasing, budgets, ignored regions and read limits.
  ///   - reportFrames: Which differing pairs to draw (expected, actual and diff pictures); `nil` draws none.
  /// - Returns: The outcome.
  /// - Throws: `FormatError`, `RasterError` or `LottieImportError` naming an unreadable input,
  ///   `DiffError` for a Lottie option that does not apply.
  public static func compare(
    expectedPath: String, actualPath: String, options: DiffOptions = DiffOptions(), reportFrames: ReportFrames? = nil
  ) throws -> Outcome {
    let (expected, actual) = try DiffSideLoader.load(expected: expectedPath, actual: actualPath, options: options)
    return try compare(expected: expected, actual: actual, options: options, reportFrames: reportFrames)
  }

  /// Compares two loaded sequences, streaming: each side's frames are read one at a time in display order
  /// (`FrameReader`), compared and dropped. The pairs `reportFrames` selects (the worst few, by default)
  /// are read again afterwards and drawn: only they cost a difference image and PNG encoding.
  /// - Complexity: O(pairs × pixels) time; memory O(two frames + the PNGs of the drawn pairs), whatever
  ///   the number of frames. Bit-equal frames cost one array comparison each.
  /// - Throws: `FormatError` or `RasterError` naming the file of a frame that cannot be decoded (the
  ///   loaders check structure and headers; each frame is decoded for the first time here).
  public static func compare(
    expected: FrameSequence, actual: FrameSequence, options: DiffOptions = DiffOptions(),
    reportFrames: ReportFrames? = nil
  ) throws -> Outcome {
    let alignment = FrameAlignment(expected: expected, actual: actual)
    let framePixels = max(expected.width * expected.height, actual.width * actual.height)
    let comparator = PixelComparator(threshold: options.threshold, includeAntialiasing: options.includeAntialiasing)
    var results: [DiffReport.FrameResult] = []
    var problems = alignment.problems
    var sizeProblem: String?
    var missing: [String] = []
    var extra: [String] = []
    var comparedPixels = 0
    var readers = PairReader(expected: expected, actual: actual)
    for (n, pair) in alignment.pairs.enumerated() {
      let (e, a) = try readers.read(pair)
      var result = DiffReport.FrameResult(
        index: n, expectedFrame: pair.expectedIndex, actualFrame: pair.actualIndex,
        expectedLabel: pair.expectedIndex.map { expected.labels[$0] },
        actualLabel: pair.actualIndex.map { actual.labels[$0] }, start: pair.start.map(round2),
        end: pair.end.map(round2), status: .same, changedPixels: 0, antialiasedPixels: 0, changedPercent: 0,
        maxDelta: 0, images: nil)
      switch (e, a) {
      case (nil, nil):
        break
      case (let e?, nil):
        result.status = .missing
        result.changedPixels = e.pixels.count
        missing.append(result.actualLabel ?? result.expectedLabel ?? "frame \(n)")
      case (nil, let a?):
        result.status = .extra
        result.changedPixels = a.pixels.count
        extra.append(result.expectedLabel ?? result.actualLabel ?? "frame \(n)")
      case (let e?, let a?) where e.width != a.width || e.height != a.height:
        result.status = .sizeMismatch
        result.changedPixels = max(e.pixels.count, a.pixels.count)
        sizeProblem = sizeProblem ?? "size differs: expected \(e.width)×\(e.height), actual \(a.width)×\(a.height)"
      case (let e?, let a?):
        let delta = comparator.compare(e, a, ignoring: options.ignore)
        result.changedPixels = delta.changedPixels
        result.antialiasedPixels = delta.antialiasedPixels
        result.maxDelta = round4(delta.maxDelta)
        if delta.changedPixels > 0 {
          let tolerated = options.frameWithinBudget(changed: delta.changedPixels, total: e.pixels.count)
          result.status = tolerated ? .withinBudget : .changed
        }
      }
      let pixels = max(e?.pixels.count ?? 0, a?.pixels.count ?? 0)
      comparedPixels += pixels
      result.changedPercent = percent(result.changedPixels, of: pixels)
      results.append(result)
    }
    // The last frames read are let go before the pairs to draw are read again.
    readers = PairReader(expected: expected, actual: actual)
    if let sizeProblem { problems.insert(sizeProblem, at: 0) }
    if !missing.isEmpty { problems.append(listing("missing in actual", missing)) }
    if !extra.isEmpty { problems.append(listing("extra in actual (not in expected)", extra)) }
    var totals = totalsOf(results, comparedPixels: comparedPixels)
    if let unit = expected.displayUnit, actual.displayUnit == unit {
      let weights = results.map { frame in
        max(1, Int((((frame.end ?? 0) - (frame.start ?? 0)) / Double(unit)).rounded()))
      }
      let displayed = weights.reduce(0, +)
      if displayed != results.count {
        totals.displayedFrames = displayed
        totals.displayedDifferingFrames = zip(results, weights).reduce(0) {
          $0 + ($1.0.status == .changed ? $1.1 : 0)
        }
      }
    }
    let structural = results.contains { ![.same, .changed, .withinBudget].contains($0.status) }
    let changedOnly = results.filter { $0.status == .changed }.reduce(0) { $0 + $1.changedPixels }
    let pass =
      problems.isEmpty && !structural && options.withinBudget(changed: changedOnly, total: totals.comparedPixels)
    let report = DiffReport(
      expected: side(expected), actual: side(actual), threshold: options.threshold,
      includeAntialiasing: options.includeAntialiasing, maxDiffPixels: options.maxDiffPixels,
      maxDiffPercent: options.maxDiffPercent, maxDiffPixelsPerFrame: options.maxDiffPixelsPerFrame,
      maxDiffPercentPerFrame: options.maxDiffPercentPerFrame, ignore: options.ignore.isEmpty ? nil : options.ignore,
      frames: results, totals: totals, problems: problems,
      notes: expected.notes + actual.notes + alignment.notes + capped(reportFrames, results, framePixels: framePixels),
      verdict: pass ? .same : .different)
    let drawn = reportFrames.map { $0.select(results, framePixels: framePixels) } ?? []
    let artifacts = draw(
      drawn, of: alignment.pairs, expected: expected, actual: actual, comparator: comparator, ignoring: options.ignore)
    return Outcome(report: report, artifacts: artifacts)
  }

  /// Reads the pairs at `indices` (ascending) again and draws their pictures: both sides and, for two
  /// frames of one size, the difference image. Each is encoded to PNG at once.
  /// - Complexity: one more pass over each side up to the last index; O(drawn pairs × pixels) drawing.
  private static func draw(
    _ indices: [Int], of pairs: [FramePair], expected: FrameSequence, actual: FrameSequence,
    comparator: PixelComparator, ignoring regions: [IgnoreRegion]
  ) -> [FrameArtifact] {
    guard !indices.isEmpty else { return [] }
    var readers = PairReader(expected: expected, actual: actual)
    return indices.map { n in
      // Read once already: a file changed since is drawn without the side it lost.
      let (e, a) = (try? readers.read(pairs[n])) ?? (nil, nil)
      var artifact = FrameArtifact(
        index: n, expected: e.flatMap { try? .init($0) }, actual: a.flatMap { try? .init($0) }, diff: nil)
      if let e, let a, e.width == a.width, e.height == a.height {
        let delta = comparator.compare(e, a, makeDiffImage: true, ignoring: regions)
        artifact.diff = delta.diffImage.flatMap { try? .init($0) }
      }
      return artifact
    }
  }

  /// `part` in percent of `whole`, to four decimals; never 0 for a non-zero part (the smallest shown is
  /// 0.0001, printed as `<0.01%`).
  static func percent(_ part: Int, of whole: Int) -> Double {
    guard whole > 0, part > 0 else { return 0 }
    return max(0.0001, round4(Double(part) * 100 / Double(whole)))
  }

  private static func totalsOf(_ results: [DiffReport.FrameResult], comparedPixels compared: Int) -> DiffReport.Totals {
    let changed = results.reduce(0) { $0 + $1.changedPixels }
    let worst = results.filter { $0.changedPixels > 0 }.max { $0.changedPercent < $1.changedPercent }
    let differing = results.filter { $0.status != .same && $0.status != .withinBudget }.count
    return DiffReport.Totals(
      frames: results.count, differingFrames: differing, changedPixels: changed,
      antialiasedPixels: results.reduce(0) { $0 + $1.antialiasedPixels }, comparedPixels: compared,
      changedPercent: percent(changed, of: compared), worstFrame: worst?.index,
      worstPercent: worst?.changedPercent ?? 0, displayedFrames: nil, displayedDifferingFrames: nil)
  }

  private static func side(_ sequence: FrameSequence) -> DiffReport.Side {
    DiffReport.Side(
      path: sequence.source, kind: sequence.kind, frames: sequence.count, width: sequence.width,
      height: sequence.height, duration: sequence.displayDelays?.reduce(0, +), displayedFrames: sequence.displayedCount)
  }

  private static func listing(_ what: String, _ names: [String]) -> String {
    let shown = names.prefix(5).joined(separator: ", ")
    return "\(names.count) frame\(names.count == 1 ? "" : "s") \(what): \(shown)\(names.count > 5 ? ", …" : "")"
  }

  private static func round2(_ value: Double) -> Double { (value * 100).rounded() / 100 }
  private static func round4(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
