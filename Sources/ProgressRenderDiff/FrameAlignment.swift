import ProgressRenderFormats

/// Which frames of two sequences are compared with which, by display time, and what about their timing
/// or frame counts differs.
///
/// The rule, by kinds of input:
/// - **GIF and GIF**: both timelines (delays as browsers play them, under 2 cs shown as 10 cs) are cut at
///   every frame boundary of either side; each piece compares the two frames showing then, and
///   consecutive pieces with the same two frames are one pair. So a GIF that merged two identical 3 cs
///   frames into one 6 cs frame lines up with one that did not. Different total durations are a problem.
/// - **GIF and frames (folder or PNG)**: when there are exactly as many untimed frames as GIF frames (what
///   `convert -coalesce`, Pillow and ffmpeg export), frame i is compared with GIF frame i, whatever the
///   delays. Otherwise the N untimed frames are spread evenly over the GIF's duration T; frame i is
///   compared with the GIF frame showing at the middle of its slot, (i + ½)·T/N. Sampling the middle
///   tolerates the ±1 cs rounding of GIF delays. A GIF frame that no slot samples means the frames do not
///   match the GIF's timing: a problem.
/// - **Frames and frames**: slot by slot (numbered folders by number); a slot only one side has is a
///   missing or extra frame.
package struct FrameAlignment: Equatable, Sendable {
  /// The pairs to compare, in display order.
  public var pairs: [FramePair]
  /// Timing and frame-count differences that make the comparison fail.
  public var problems: [String]
  /// Differences that do not change what is displayed (for example merged frames), for information.
  public var notes: [String]

  /// Aligns two sequences.
  /// - Complexity: O(frames of both sides).
  public init(expected: FrameSequence, actual: FrameSequence) {
    pairs = []
    problems = []
    notes = []
    switch (expected.displayDelays, actual.displayDelays) {
    case (let e?, let a?):
      alignTimed(e, a, expected: expected, actual: actual)
    case (let e?, nil):
      alignSampled(
        timed: e, untimedCount: actual.count, timedIsExpected: true, expected: expected, actual: actual)
    case (nil, let a?):
      alignSampled(
        timed: a, untimedCount: expected.count, timedIsExpected: false, expected: expected, actual: actual)
    case (nil, nil):
      alignSlots(expected: expected, actual: actual)
    }
  }

  private mutating func alignTimed(_ e: [Int], _ a: [Int], expected: FrameSequence, actual: FrameSequence) {
    let eStarts = FrameAlignment.starts(e)
    let aStarts = FrameAlignment.starts(a)
    let eTotal = eStarts.last ?? 0
    let aTotal = aStarts.last ?? 0
    let end = min(eTotal, aTotal)
    let cuts = Set(eStarts.dropLast() + aStarts.dropLast()).filter { $0 < end }.sorted()
    var i = 0
    var j = 0
    for (n, cut) in cuts.enumerated() {
      while eStarts[i + 1] <= cut { i += 1 }
      while aStarts[j + 1] <= cut { j += 1 }
      let stop = n + 1 < cuts.count ? cuts[n + 1] : end
      if let last = pairs.last, last.frames == .both(expected: i, actual: j) {
        pairs[pairs.count - 1].end = Double(stop)
      } else {
        pairs.append(FramePair(.both(expected: i, actual: j), start: Double(cut), end: Double(stop)))
      }
    }
    if eTotal != aTotal {
      problems.append(
        "duration differs: expected \(eTotal) cs (\(e.count) frames), actual \(aTotal) cs (\(a.count) frames)")
    } else if expected.delays != actual.delays {
      notes.append(
        "frame delays differ (expected \(e.count) frames, actual \(a.count)) but both last \(eTotal) cs; "
          + "compared by display time")
    }
  }

  private mutating func alignSampled(
    timed delays: [Int], untimedCount: Int, timedIsExpected: Bool, expected: FrameSequence, actual: FrameSequence
  ) {
    let starts = FrameAlignment.starts(delays)
    let total = Double(starts.last ?? 0)
    let timed = timedIsExpected ? expected : actual
    let untimed = timedIsExpected ? actual : expected
    let shown = FrameAlignment.sampledFrames(delays: delays, slots: untimedCount)
    for (slot, k) in shown.enumerated() {
      let (from, to) =
        untimedCount == delays.count
        ? (Double(starts[k]), Double(starts[k + 1]))
        : (total * Double(slot) / Double(untimedCount), total * Double(slot + 1) / Double(untimedCount))
      let pair =
        timedIsExpected
        ? FramePair(.both(expected: k, actual: slot), start: from, end: to)
        : FramePair(.both(expected: slot, actual: k), start: from, end: to)
      pairs.append(pair)
    }
    let unmatched = Set(delays.indices).subtracting(shown).sorted()
    if !unmatched.isEmpty {
      let list = unmatched.prefix(5).map { "\($0) (\(starts[$0])–\(starts[$0 + 1]) cs)" }.joined(separator: ", ")
      problems.append(
        "frame count differs: '\(timed.source)' has \(delays.count) frames, '\(untimed.source)' has \(untimedCount); "
          + "spread over the GIF's \(starts.last ?? 0) cs, \(untimedCount) frames show no image for "
          + "\(unmatched.count) GIF frame\(unmatched.count == 1 ? "" : "s"): \(list)"
          + (unmatched.count > 5 ? ", …" : ""))
    } else if delays.count != untimedCount {
      notes.append(
        "'\(timed.source)' has \(delays.count) frames, '\(untimed.source)' \(untimedCount); "
          + "the \(untimedCount) frames were spread over the GIF's \(starts.last ?? 0) cs")
    }
  }

  /// Which GIF frame each of `slots` untimed frames is compared with: frame by frame when the counts are
  /// equal, else the frame showing at the middle of each of `slots` equal parts of the duration.
  /// - Parameters:
  ///   - delays: The GIF's display delays (each ≥ 1).
  ///   - slots: The number of untimed frames.
  /// - Returns: One GIF frame index per slot, non-decreasing.
  /// - Complexity: O(delays + slots).
  static func sampledFrames(delays: [Int], slots: Int) -> [Int] {
    if slots == delays.count { return Array(delays.indices) }
    let starts = FrameAlignment.starts(delays)
    let total = Double(starts.last ?? 0)
    var k = 0
    return (0..<slots).map { slot in
      let middle = total * (Double(slot) + 0.5) / Double(slots)
      while k + 1 < delays.count && Double(starts[k + 1]) <= middle { k += 1 }
      return k
    }
  }

  private mutating func alignSlots(expected: FrameSequence, actual: FrameSequence) {
    let count = max(expected.count, actual.count)
    for slot in 0..<count {
      let frames: FramePair.Frames =
        slot >= actual.count
        ? .onlyExpected(slot) : slot >= expected.count ? .onlyActual(slot) : .both(expected: slot, actual: slot)
      pairs.append(FramePair(frames))
    }
    if expected.count != actual.count {
      problems.append(
        "frame count differs: expected \(expected.count) frames, actual \(actual.count)")
    }
  }

  /// How many untimed frames show a GIF as it is displayed: its display slots. A GIF whose encoder merged
  /// identical frames (one image of 7 cs for two frames of 3 and 4 cs) stores fewer images than it shows
  /// frames; the slots are the finest even grid its frame boundaries lie on.
  ///
  /// The result is the smallest N from the image count up to 4 × that count such that every boundary lies
  /// less than 1 cs (the rounding of GIF delays) from a multiple of T/N and every image is the one showing
  /// in the middle of some slot; failing that, the image count (then frames pair one to one).
  /// - Parameter delays: The display delays (each ≥ 1).
  /// - Returns: N ≥ 1; N untimed frames, frame i showing what `sampledFrames` picks, compare `same`.
  /// - Complexity: O(images²) at worst.
  static func displaySlots(delays: [Int]) -> Int {
    let starts = FrameAlignment.starts(delays)
    let total = Double(starts.last ?? 0)
    guard delays.count > 1, total > 0 else { return max(1, delays.count) }
    for slots in delays.count...(4 * delays.count) {
      let step = total / Double(slots)
      let onGrid = starts.allSatisfy { start in
        abs(Double(start) - (Double(start) / step).rounded() * step) < 1
      }
      if onGrid && Set(sampledFrames(delays: delays, slots: slots)).count == delays.count { return slots }
    }
    return delays.count
  }

  /// Start times of each frame, then the total: `[0, d0, d0+d1, …]`.
  static func starts(_ delays: [Int]) -> [Int] {
    var out = [0]
    for delay in delays { out.append((out.last ?? 0) + delay) }
    return out
  }
}
