/// Compares two animations frame by frame as they are displayed: aligns them by time
/// (`FrameAlignment`), compares each pair (`PixelComparator`) and builds the `DiffReport`.
public enum AnimationDiff {
  /// The report and, when asked for, the pictures of every differing pair.
  public struct Outcome: Equatable, Sendable {
    /// The report.
    public var report: DiffReport
    /// Pictures of the differing pairs (empty unless `collectArtifacts`).
    public var artifacts: [FrameArtifact]
  }

  /// Loads and compares two inputs (GIF, PNG or folder of PNG frames).
  /// - Parameters:
  ///   - expectedPath: The baseline.
  ///   - actualPath: The candidate.
  ///   - options: Threshold, anti-aliasing, budgets and read limits.
  ///   - collectArtifacts: Keep expected, actual and diff pictures of differing pairs.
  /// - Returns: The outcome.
  /// - Throws: `ImageInputError` or `PNGError` naming an unreadable input.
  public static func compare(
    expectedPath: String, actualPath: String, options: DiffOptions = DiffOptions(), collectArtifacts: Bool = false
  ) throws -> Outcome {
    let expected = try FrameSequenceLoader.load(expectedPath, limits: options.limits)
    let actual = try FrameSequenceLoader.load(actualPath, limits: options.limits)
    return compare(expected: expected, actual: actual, options: options, collectArtifacts: collectArtifacts)
  }

  /// Compares two loaded sequences.
  /// - Complexity: O(pairs × pixels); bit-equal frames cost one array comparison each.
  public static func compare(
    expected: FrameSequence, actual: FrameSequence, options: DiffOptions = DiffOptions(),
    collectArtifacts: Bool = false
  ) -> Outcome {
    let alignment = FrameAlignment(expected: expected, actual: actual)
    let comparator = PixelComparator(threshold: options.threshold, includeAntialiasing: options.includeAntialiasing)
    var results: [DiffReport.FrameResult] = []
    var artifacts: [FrameArtifact] = []
    var problems = alignment.problems
    var sizeProblem: String?
    var missing: [String] = []
    var extra: [String] = []
    var cache: [Pair: FrameDelta] = [:]
    for (n, pair) in alignment.pairs.enumerated() {
      let e = pair.expectedIndex.flatMap { expected.frames[$0] }
      let a = pair.actualIndex.flatMap { actual.frames[$0] }
      var result = DiffReport.FrameResult(
        index: n, expectedFrame: pair.expectedIndex, actualFrame: pair.actualIndex,
        expectedLabel: pair.expectedIndex.map { expected.labels[$0] },
        actualLabel: pair.actualIndex.map { actual.labels[$0] }, start: pair.start.map(round2),
        end: pair.end.map(round2), status: .same, changedPixels: 0, antialiasedPixels: 0, changedPercent: 0,
        maxDelta: 0, images: nil)
      var diffImage: Frame?
      switch (e, a) {
      case (nil, nil):
        break
      case (let e?, nil):
        result.status = .missing
        result.changedPixels = e.pixels.count
        missing.append(pair.actualIndex.map { actual.labels[$0] } ?? expected.labels[pair.expectedIndex!])
      case (nil, let a?):
        result.status = .extra
        result.changedPixels = a.pixels.count
        extra.append(pair.expectedIndex.map { expected.labels[$0] } ?? actual.labels[pair.actualIndex!])
      case (let e?, let a?) where e.width != a.width || e.height != a.height:
        result.status = .sizeMismatch
        result.changedPixels = max(e.pixels.count, a.pixels.count)
        sizeProblem = sizeProblem ?? "size differs: expected \(e.width)×\(e.height), actual \(a.width)×\(a.height)"
      case (let e?, let a?):
        let key = Pair(expected: pair.expectedIndex!, actual: pair.actualIndex!)
        let delta = cache[key] ?? comparator.compare(e, a, makeDiffImage: collectArtifacts)
        cache[key] = delta
        result.changedPixels = delta.changedPixels
        result.antialiasedPixels = delta.antialiasedPixels
        result.maxDelta = round4(delta.maxDelta)
        result.status = delta.changedPixels > 0 ? .changed : .same
        diffImage = delta.diffImage
      }
      let pixels = max(e?.pixels.count ?? 0, a?.pixels.count ?? 0)
      result.changedPercent = pixels == 0 ? 0 : round4(Double(result.changedPixels) * 100 / Double(pixels))
      if collectArtifacts && result.status != .same {
        artifacts.append(FrameArtifact(index: n, expected: e, actual: a, diff: diffImage))
      }
      results.append(result)
    }
    if let sizeProblem { problems.insert(sizeProblem, at: 0) }
    if !missing.isEmpty { problems.append(listing("missing in actual", missing)) }
    if !extra.isEmpty { problems.append(listing("extra in actual (not in expected)", extra)) }
    let totals = totalsOf(results, expected: expected, actual: actual)
    let structural = results.contains { $0.status != .same && $0.status != .changed }
    let changedOnly = results.filter { $0.status == .changed }.reduce(0) { $0 + $1.changedPixels }
    let pass =
      problems.isEmpty && !structural && options.withinBudget(changed: changedOnly, total: totals.comparedPixels)
    let report = DiffReport(
      expected: side(expected), actual: side(actual), threshold: options.threshold,
      includeAntialiasing: options.includeAntialiasing, maxDiffPixels: options.maxDiffPixels,
      maxDiffPercent: options.maxDiffPercent, frames: results, totals: totals, problems: problems,
      notes: alignment.notes, verdict: pass ? .same : .different)
    return Outcome(report: report, artifacts: artifacts)
  }

  private struct Pair: Hashable {
    var expected: Int
    var actual: Int
  }

  private static func totalsOf(
    _ results: [DiffReport.FrameResult], expected: FrameSequence, actual: FrameSequence
  ) -> DiffReport.Totals {
    var compared = 0
    for result in results {
      let e = result.expectedFrame.flatMap { expected.frames[$0] }
      let a = result.actualFrame.flatMap { actual.frames[$0] }
      compared += max(e?.pixels.count ?? 0, a?.pixels.count ?? 0)
    }
    let changed = results.reduce(0) { $0 + $1.changedPixels }
    let worst = results.filter { $0.changedPixels > 0 }.max { $0.changedPercent < $1.changedPercent }
    return DiffReport.Totals(
      frames: results.count, differingFrames: results.filter { $0.status != .same }.count, changedPixels: changed,
      antialiasedPixels: results.reduce(0) { $0 + $1.antialiasedPixels }, comparedPixels: compared,
      changedPercent: compared == 0 ? 0 : round4(Double(changed) * 100 / Double(compared)), worstFrame: worst?.index,
      worstPercent: worst?.changedPercent ?? 0)
  }

  private static func side(_ sequence: FrameSequence) -> DiffReport.Side {
    DiffReport.Side(
      path: sequence.source, kind: sequence.kind, frames: sequence.frames.count, width: sequence.width,
      height: sequence.height, duration: sequence.displayDelays?.reduce(0, +))
  }

  private static func listing(_ what: String, _ names: [String]) -> String {
    let shown = names.prefix(5).joined(separator: ", ")
    return "\(names.count) frame\(names.count == 1 ? "" : "s") \(what): \(shown)\(names.count > 5 ? ", …" : "")"
  }

  private static func round2(_ value: Double) -> Double { (value * 100).rounded() / 100 }
  private static func round4(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
