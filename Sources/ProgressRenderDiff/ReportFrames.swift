import ProgressRenderSupport

/// Which differing frames a report shows in full (expected, actual and difference images): the worst
/// few, or all of them. Every frame is in the report's timeline strip and `report.json` either way.
public enum ReportFrames: Equatable, Sendable {
  /// The `count` frames with the largest share of changed pixels (missing, extra and resized frames
  /// count as wholly changed), ties broken by position.
  case worst(Int)
  /// Every differing frame.
  case all

  /// The default: the worst 12.
  public static let standard = ReportFrames.worst(12)

  /// The most pairs one report draws, whatever was asked: 250 pairs are 750 pictures, drawn in about
  /// a second at 100 px (issue 22: `all` on two 10,000-frame files drew 30,000 in minutes; 1,000 pairs
  /// still took 5 s beside the comparison itself).
  public static let maxDrawn = 250

  /// The most frame pixels one report draws, summed over its pairs (each pair is three pictures of
  /// that size): 4 pairs of 2048 × 2048, 1 of 4096 × 4096, every pair of the default 12 up to
  /// 1182 × 1182. At least one pair is always drawn. Issue 22: the 12 worst pairs of 4096 × 4096 took
  /// 7 s and 900 MB to draw, for a page no browser shows whole.
  public static let maxDrawnPixels = 16 << 20

  /// The pairs a report of frames of `framePixels` pixels draws at most: `worst(n)` at most `n`, `all`
  /// every differing one; either within `maxDrawn` pairs and `maxDrawnPixels`.
  func limit(framePixels: Int = 1) -> Int {
    let cap = min(Self.maxDrawn, max(1, Self.maxDrawnPixels / max(framePixels, 1)))
    switch self {
    case .worst(let count): return min(max(0, count), cap)
    case .all: return cap
    }
  }

  /// A note for the report when more pairs differ than it draws because of `maxDrawn` or
  /// `maxDrawnPixels`, else `nil`.
  func cappedNote(differing: Int, framePixels: Int = 1) -> String? {
    let asked = if case .worst(let count) = self { count } else { Int.max }
    let drawn = limit(framePixels: framePixels)
    guard differing > drawn, asked > drawn else { return nil }
    let why =
      drawn == Self.maxDrawn
      ? "the most a report draws" : "at most \(Self.maxDrawnPixels) frame pixels are drawn in one report"
    return "\(differing) frames differ; the report draws \(drawn) of them (\(why)), "
      + "chosen as --report-frames \(drawn) chooses; report.json lists every frame"
  }

  /// Parses `12` or `all`.
  /// - Parameter text: the value as written.
  /// - Returns: the selection, or `nil` for anything but a whole number ≥ 1 or `all`.
  public static func parse(_ text: String) -> ReportFrames? {
    let trimmed = text.trimmingSpaces
    if trimmed == "all" { return .all }
    guard let count = NumberText.wholeNumber(trimmed), count >= 1 else { return nil }
    return .worst(count)
  }

  /// The positions in `frames` to show, in display order.
  /// - Complexity: O(n log n) for n frames.
  ///
  /// When more frames differ than are shown, the ones shown are distinct moments: worst first, each at
  /// least `frames.count / (2 × limit)` pairs from every one already chosen (so twelve neighbouring
  /// frames that all show the same held "100" are not all shown, crowding out the rest); the strip
  /// still shows every frame's changed pixels.
  func select(_ frames: [DiffReport.FrameResult], framePixels: Int = 1) -> [Int] {
    let limit = limit(framePixels: framePixels)
    let differing = frames.filter { $0.status != .same && $0.status != .withinBudget }
    let ranked = differing.sorted {
      ($0.changedPercent, $1.index) > ($1.changedPercent, $0.index)
    }
    guard ranked.count > limit, limit > 0 else { return ranked.prefix(limit).map(\.index).sorted() }
    let gap = max(1, frames.count / (2 * limit))
    var chosen: [Int] = []
    for frame in ranked where chosen.count < limit {
      if chosen.allSatisfy({ abs($0 - frame.index) >= gap }) { chosen.append(frame.index) }
    }
    return chosen.sorted()
  }
}
