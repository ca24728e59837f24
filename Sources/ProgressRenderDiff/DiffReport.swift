import ProgressRenderFormats

/// The outcome of comparing two animations: per compared frame pair, totals, problems and the verdict.
/// Encodes to the deterministic `report.json`.
public struct DiffReport: Equatable, Codable, Sendable {
  /// One side of the comparison.
  public struct Side: Equatable, Codable, Sendable {
    /// The path given.
    public var path: String
    /// GIF, PNG or folder.
    public var kind: FrameSequence.Kind
    /// Number of frames (slots, for a numbered folder).
    public var frames: Int
    /// Frame width in pixels.
    public var width: Int
    /// Frame height in pixels.
    public var height: Int
    /// Total display time in hundredths of a second (GIF only).
    public var duration: Int?
    /// Frames displayed, when a GIF stores fewer images (identical frames merged); see
    /// `FrameSequence.displayedCount`.
    public var displayedFrames: Int?

    /// `90 frames (72 stored)`, `72 frames`, `1 frame`: as `render` says it.
    public var framesText: String {
      if let displayedFrames { return "\(displayedFrames) frames (\(frames) stored)" }
      return "\(frames) frame\(frames == 1 ? "" : "s")"
    }
  }

  /// What one compared pair turned out to be.
  public enum Status: String, Codable, Sendable {
    /// No pixel beyond the threshold (anti-aliasing aside).
    case same
    /// Some pixels changed.
    case changed
    /// Some pixels changed, but no more than the per-frame budget allows: it does not fail.
    case withinBudget = "within-budget"
    /// The two frames have different sizes.
    case sizeMismatch = "size-mismatch"
    /// The expected side has a frame here, the actual side none.
    case missing
    /// The actual side has a frame here, the expected side none.
    case extra
  }

  /// One compared pair.
  public struct FrameResult: Equatable, Codable, Sendable {
    /// Position in the comparison, from 0.
    public var index: Int
    /// Frame index on the expected side.
    public var expectedFrame: Int?
    /// Frame index on the actual side.
    public var actualFrame: Int?
    /// File name or `frame N` on the expected side.
    public var expectedLabel: String?
    /// File name or `frame N` on the actual side.
    public var actualLabel: String?
    /// Display start in hundredths of a second, when a side is timed.
    public var start: Double?
    /// Display end in hundredths of a second.
    public var end: Double?
    /// The outcome.
    public var status: Status
    /// Changed pixels (all pixels for a size mismatch, missing or extra frame).
    public var changedPixels: Int
    /// Anti-aliased pixels counted apart.
    public var antialiasedPixels: Int
    /// Changed pixels in percent of the frame.
    public var changedPercent: Double
    /// Largest colour delta in threshold units (0…1).
    public var maxDelta: Double
    /// Artifact file names relative to the output folder, once written.
    public var images: [String: String]?
  }

  /// Sums over every pair.
  public struct Totals: Equatable, Codable, Sendable {
    /// Pairs compared.
    public var frames: Int
    /// Pairs whose status is not `same`.
    public var differingFrames: Int
    /// Changed pixels summed over all pairs.
    public var changedPixels: Int
    /// Anti-aliased pixels summed over all pairs.
    public var antialiasedPixels: Int
    /// Pixels compared (the larger frame of each pair).
    public var comparedPixels: Int
    /// `changedPixels` in percent of `comparedPixels`.
    public var changedPercent: Double
    /// The pair with the largest share of changed pixels, if any pixel changed.
    public var worstFrame: Int?
    /// That pair's share, in percent.
    public var worstPercent: Double
    /// Frames displayed, when the pairs hold merged frames of one length on both sides (GIFs whose
    /// identical frames were merged); `nil` when every pair is one frame or the length is unknown.
    public var displayedFrames: Int?
    /// Of those, the frames of failing pairs.
    public var displayedDifferingFrames: Int?
  }

  /// same or different.
  public enum Verdict: String, Codable, Sendable {
    /// Within tolerance and budget, no structural problem.
    case same
    /// Something differs beyond tolerance.
    case different
  }

  /// The baseline.
  public var expected: Side
  /// The candidate.
  public var actual: Side
  /// The per-pixel threshold used.
  public var threshold: Double
  /// Whether anti-aliased pixels counted as changed.
  public var includeAntialiasing: Bool
  /// Pixel budget, if any.
  public var maxDiffPixels: Int?
  /// Percent budget, if any.
  public var maxDiffPercent: Double?
  /// Per-frame pixel budget, if any.
  public var maxDiffPixelsPerFrame: Int?
  /// Per-frame percent budget, if any.
  public var maxDiffPercentPerFrame: Double?
  /// Regions not compared, if any.
  public var ignore: [IgnoreRegion]?
  /// Every compared pair, in display order.
  public var frames: [FrameResult]
  /// Sums.
  public var totals: Totals
  /// What made the comparison fail besides changed pixels: sizes, frame counts, timing, missing frames.
  public var problems: [String]
  /// Differences that do not fail it.
  public var notes: [String]
  /// The verdict.
  public var verdict: Verdict

  /// The one-line summary printed on stdout: the verdict, a colon and `detail`, e.g. `different: 3 of 120
  /// frames differ (max 1.2% pixels, frame 17)` or `same: 120 frames`.
  public var summary: String { verdict.rawValue + ": " + detail }

  /// The summary without the verdict: `3 of 120 frames differ (max 1.2% pixels, frame 17)`, `120 frames`.
  public var detail: String {
    let total = totals.frames
    let noun = total == 1 ? "frame" : "frames"
    if verdict == .same {
      var extras: [String] = []
      if totals.changedPixels > 0 {
        extras.append("\(totals.changedPixels) changed pixels within budget")
      }
      if totals.antialiasedPixels > 0 { extras.append("\(totals.antialiasedPixels) anti-aliased pixels ignored") }
      return countText + (extras.isEmpty ? "" : " (\(extras.joined(separator: ", ")))")
    }
    var parts: [String] = []
    let changed = frames.filter { $0.status == .changed }
    if !changed.isEmpty, let worst = totals.worstFrame {
      let max = "max \(DiffReport.percentText(totals.worstPercent)) pixels, frame \(worst)"
      if let displayed = totals.displayedFrames, let differing = totals.displayedDifferingFrames {
        let what = "frame\(displayed == 1 ? "" : "s") \(differing == 1 ? "differs" : "differ")"
        parts.append("\(differing) of \(displayed) \(what) (\(total) \(pairsWord); \(max))")
      } else {
        parts.append("\(changed.count) of \(total) \(noun) \(changed.count == 1 ? "differs" : "differ") (\(max))")
      }
    }
    parts += problems
    return parts.joined(separator: "; ")
  }

  /// `600 frames (592 stored)` when pairs hold merged frames, else `592 frames`.
  private var countText: String {
    let total = totals.frames
    if let displayed = totals.displayedFrames { return "\(displayed) frames (\(total) \(pairsWord))" }
    return "\(total) frame\(total == 1 ? "" : "s")"
  }

  /// `stored` when both sides store one image per pair, else `compared`.
  private var pairsWord: String {
    expected.frames == totals.frames && actual.frames == totals.frames ? "stored" : "compared"
  }

  /// A percentage with at most two decimals: `1.2%`, `0.05%`, `100%`; a share that would round to 0 or
  /// 100 without being so is `<0.01%` or `>99.99%`.
  static func percentText(_ value: Double) -> String {
    if value > 0 && value < 0.01 { return "<0.01%" }
    if value > 99.99 && value < 100 { return ">99.99%" }
    let hundredths = Int((value * 100).rounded())
    var text = "\(hundredths / 100)"
    let fraction = hundredths % 100
    if fraction != 0 {
      text += "." + (fraction < 10 ? "0\(fraction)" : (fraction % 10 == 0 ? "\(fraction / 10)" : "\(fraction)"))
    }
    return text + "%"
  }
}
