/// Which frames of two sequences are compared with which, by display time, and what about their timing
/// or frame counts differs.
///
/// The rule, by kinds of input:
/// - **GIF and GIF**: both timelines (delays as browsers play them, under 2 cs shown as 10 cs) are cut at
///   every frame boundary of either side; each piece compares the two frames showing then, and
///   consecutive pieces with the same two frames are one pair. So a GIF that merged two identical 3 cs
///   frames into one 6 cs frame lines up with one that did not. Different total durations are a problem.
/// - **GIF and frames (folder or PNG)**: the N untimed frames are spread evenly over the GIF's duration T;
///   frame i is compared with the GIF frame showing at the middle of its slot, (i + ½)·T/N. Sampling the
///   middle tolerates the ±1 cs rounding of GIF delays. A GIF frame that no slot samples means the frame
///   counts disagree: a problem.
/// - **Frames and frames**: slot by slot (numbered folders by number); a slot only one side has is a
///   missing or extra frame.
public struct FrameAlignment: Equatable, Sendable {
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
        timed: e, untimedCount: actual.frames.count, timedIsExpected: true, expected: expected, actual: actual)
    case (nil, let a?):
      alignSampled(
        timed: a, untimedCount: expected.frames.count, timedIsExpected: false, expected: expected, actual: actual)
    case (nil, nil):
      alignSlots(expected: expected, actual: actual)
    }
  }

  private mutating func alignTimed(_ e: [Int], _ a: [Int], expected: FrameSequence, actual: FrameSequence) {
    let eStarts = FrameAlignment.starts(e)
    let aStarts = FrameAlignment.starts(a)
    let eTotal = eStarts.last!
    let aTotal = aStarts.last!
    let end = min(eTotal, aTotal)
    let cuts = Set(eStarts.dropLast() + aStarts.dropLast()).filter { $0 < end }.sorted()
    var i = 0
    var j = 0
    for (n, cut) in cuts.enumerated() {
      while eStarts[i + 1] <= cut { i += 1 }
      while aStarts[j + 1] <= cut { j += 1 }
      let stop = n + 1 < cuts.count ? cuts[n + 1] : end
      if let last = pairs.last, last.expectedIndex == i, last.actualIndex == j {
        pairs[pairs.count - 1].end = Double(stop)
      } else {
        pairs.append(FramePair(expectedIndex: i, actualIndex: j, start: Double(cut), end: Double(stop)))
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
    let total = Double(starts.last!)
    var sampled = [Bool](repeating: false, count: delays.count)
    var k = 0
    for slot in 0..<untimedCount {
      let from = total * Double(slot) / Double(untimedCount)
      let to = total * Double(slot + 1) / Double(untimedCount)
      let middle = (from + to) / 2
      while k + 1 < delays.count && Double(starts[k + 1]) <= middle { k += 1 }
      sampled[k] = true
      let pair =
        timedIsExpected
        ? FramePair(expectedIndex: k, actualIndex: slot, start: from, end: to)
        : FramePair(expectedIndex: slot, actualIndex: k, start: from, end: to)
      pairs.append(pair)
    }
    let timed = timedIsExpected ? expected : actual
    let untimed = timedIsExpected ? actual : expected
    let unmatched = sampled.indices.filter { !sampled[$0] }
    if !unmatched.isEmpty {
      let list = unmatched.prefix(5).map { "\($0) (\(starts[$0])–\(starts[$0 + 1]) cs)" }.joined(separator: ", ")
      problems.append(
        "frame count differs: '\(timed.source)' has \(delays.count) frames, '\(untimed.source)' \(untimedCount); "
          + "\(unmatched.count) GIF frame\(unmatched.count == 1 ? "" : "s") match no frame: \(list)"
          + (unmatched.count > 5 ? ", …" : ""))
    } else if delays.count != untimedCount {
      notes.append(
        "'\(timed.source)' has \(delays.count) frames, '\(untimed.source)' \(untimedCount); "
          + "the \(untimedCount) frames were spread over the GIF's \(starts.last!) cs")
    }
  }

  private mutating func alignSlots(expected: FrameSequence, actual: FrameSequence) {
    let count = max(expected.frames.count, actual.frames.count)
    for slot in 0..<count {
      pairs.append(
        FramePair(
          expectedIndex: slot < expected.frames.count ? slot : nil,
          actualIndex: slot < actual.frames.count ? slot : nil))
    }
    if expected.frames.count != actual.frames.count {
      problems.append(
        "frame count differs: expected \(expected.frames.count) frames, actual \(actual.frames.count)")
    }
  }

  /// Start times of each frame, then the total: `[0, d0, d0+d1, …]`.
  private static func starts(_ delays: [Int]) -> [Int] {
    var out = [0]
    for delay in delays { out.append(out.last! + delay) }
    return out
  }
}
