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

  /// Compares two loaded sequences, streaming: each side's frames are read one at a time in display order
  /// (`FrameReader`), compared and dropped; the pictures of a differing pair are encoded to PNG at once.
  /// - Complexity: O(pairs × pixels) time; memory O(two frames + a difference image + the PNGs of the
  ///   differing pairs), whatever the number of frames. Bit-equal frames cost one array comparison each.
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
    var comparedPixels = 0
    let readers = (expected: FrameReader(expected), actual: FrameReader(actual))
    for (n, pair) in alignment.pairs.enumerated() {
      let e = read(pair.expectedIndex, with: readers.expected, of: expected, problems: &problems)
      let a = read(pair.actualIndex, with: readers.actual, of: actual, problems: &problems)
      var result = DiffReport.FrameResult(
        index: n, expectedFrame: pair.expectedIndex, actualFrame: pair.actualIndex,
        expectedLabel: pair.expectedIndex.map { expected.labels[$0] },
        actualLabel: pair.actualIndex.map { actual.labels[$0] }, start: pair.start.map(round2),
        end: pair.end.map(round2), status: .same, changedPixels: 0, antialiasedPixels: 0, changedPercent: 0,
        maxDelta: 0, images: nil)
      // A differing pair's pictures, when asked for: expected and actual encoded before the difference
      // image is drawn, so at most three screens are held at a time.
      var artifact = FrameArtifact(index: n, expected: nil, actual: nil, diff: nil)
      func drawSides() {
        artifact.expected = e.flatMap { try? .init($0) }
        artifact.actual = a.flatMap { try? .init($0) }
      }
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
        let drawing = collectArtifacts && e.pixels != a.pixels
        if drawing { drawSides() }
        let delta = comparator.compare(e, a, makeDiffImage: drawing)
        result.changedPixels = delta.changedPixels
        result.antialiasedPixels = delta.antialiasedPixels
        result.maxDelta = round4(delta.maxDelta)
        result.status = delta.changedPixels > 0 ? .changed : .same
        if drawing && result.status == .changed { artifact.diff = delta.diffImage.flatMap { try? .init($0) } }
      }
      let pixels = max(e?.pixels.count ?? 0, a?.pixels.count ?? 0)
      comparedPixels += pixels
      result.changedPercent = percent(result.changedPixels, of: pixels)
      if collectArtifacts && result.status != .same {
        if artifact.expected == nil && artifact.actual == nil { drawSides() }
        artifacts.append(artifact)
      }
      results.append(result)
    }
    if let sizeProblem { problems.insert(sizeProblem, at: 0) }
    if !missing.isEmpty { problems.append(listing("missing in actual", missing)) }
    if !extra.isEmpty { problems.append(listing("extra in actual (not in expected)", extra)) }
    let totals = totalsOf(results, comparedPixels: comparedPixels)
    let structural = results.contains { $0.status != .same && $0.status != .changed }
    let changedOnly = results.filter { $0.status == .changed }.reduce(0) { $0 + $1.changedPixels }
    let pass =
      problems.isEmpty && !structural && options.withinBudget(changed: changedOnly, total: totals.comparedPixels)
    let report = DiffReport(
      expected: side(expected), actual: side(actual), threshold: options.threshold,
      includeAntialiasing: options.includeAntialiasing, maxDiffPixels: options.maxDiffPixels,
      maxDiffPercent: options.maxDiffPercent, frames: results, totals: totals, problems: problems,
      notes: expected.notes + actual.notes + alignment.notes, verdict: pass ? .same : .different)
    return Outcome(report: report, artifacts: artifacts)
  }

  /// The frame at `index`, or `nil` (with a problem noted) if it cannot be read again.
  private static func read(
    _ index: Int?, with reader: FrameReader, of sequence: FrameSequence, problems: inout [String]
  ) -> Frame? {
    guard let index else { return nil }
    do {
      return try reader.frame(at: index)
    } catch {
      problems.append("\(sequence.labels[index]) of '\(sequence.source)' cannot be read again: \(error)")
      return nil
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
    return DiffReport.Totals(
      frames: results.count, differingFrames: results.filter { $0.status != .same }.count, changedPixels: changed,
      antialiasedPixels: results.reduce(0) { $0 + $1.antialiasedPixels }, comparedPixels: compared,
      changedPercent: percent(changed, of: compared), worstFrame: worst?.index,
      worstPercent: worst?.changedPercent ?? 0)
  }

  private static func side(_ sequence: FrameSequence) -> DiffReport.Side {
    DiffReport.Side(
      path: sequence.source, kind: sequence.kind, frames: sequence.count, width: sequence.width,
      height: sequence.height, duration: sequence.displayDelays?.reduce(0, +))
  }

  private static func listing(_ what: String, _ names: [String]) -> String {
    let shown = names.prefix(5).joined(separator: ", ")
    return "\(names.count) frame\(names.count == 1 ? "" : "s") \(what): \(shown)\(names.count > 5 ? ", …" : "")"
  }

  private static func round2(_ value: Double) -> Double { (value * 100).rounded() / 100 }
  private static func round4(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
