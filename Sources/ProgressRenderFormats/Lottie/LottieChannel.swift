import ProgressRenderCore

/// One animated number of an export as keyframes in output frames: the track's own keys when they
/// reproduce every frame (easings kept as Bézier tangents, holds as holds, repeats unrolled),
/// else one key per frame.
///
/// The exact keys are built from the track through the part's map without its clamps (`affine`),
/// then checked against the true value of every frame (`sample`, with the clamps): a clamp that
/// bites, a `paced` track, a fractional repeat or a `removed` fill fails the check and the channel
/// is sampled. A quantity that repeats with a `period` (a turn, a wavelength) may grow by whole
/// periods from cycle to cycle, so that a spinning ring keeps turning instead of jumping back.
struct LottieChannel: Equatable {
  /// One key: at `frame` the value is `value`; `easing` leads to the next key, `hold` keeps the value.
  struct Key: Equatable {
    var frame: Double
    var value: Double
    var easing: Easing?
    var hold: Bool
  }

  /// The keys in ascending frame order; one key for a constant.
  var keys: [Key]
  /// Whether the keys are the track's own (false: one per frame).
  var isExact: Bool

  /// The largest number of keys unrolled from a track (repeats times keys, steps expanded).
  static let maxExactKeys = 20_000

  /// Makes the channel of a part's number.
  /// - Parameters:
  ///   - track: the track the part reads, or `nil` (then the value is `sample(0)` throughout).
  ///   - frameCount: frames of the output; frame i shows output time i / fps.
  ///   - framesPerSecond: output frames per second of the style's timeline (fps × output duration /
  ///     style duration).
  ///   - period: the period of the part's value after `affine`, when it repeats.
  ///   - affine: the part's map of the track's value, without clamps.
  ///   - sample: the part's true value at frame i.
  /// - Complexity: O(frames + keys × repeats).
  init(
    track: Track?, frameCount: Int, framesPerSecond: Double, period: Double? = nil,
    affine: (Double) -> Double, sample: (Int) -> Double
  ) {
    let samples = (0..<max(frameCount, 1)).map(sample)
    if let track,
      let keys = LottieChannel.unrolled(
        track, framesPerSecond: framesPerSecond, endFrame: Double(frameCount), period: period, affine: affine),
      LottieChannel.reproduces(keys, samples, period: period)
    {
      self.keys = LottieChannel.merged(keys)
      isExact = true
    } else {
      keys = samples.enumerated().map { Key(frame: Double($0.offset), value: $0.element, easing: nil, hold: false) }
      keys = LottieChannel.merged(keys)
      isExact = track == nil
    }
  }

  /// Whether every key has the same value.
  var isConstant: Bool { keys.allSatisfy { $0.value == keys[0].value } }

  /// The keys as a track, evaluated as a Lottie player evaluates them (build it once, then ask it for
  /// every frame: `evaluator.value(atCyclePosition: frame)`).
  var evaluator: KeyframeTrack<Double> {
    KeyframeTrack(
      keyframes: keys.map { TrackKeyframe(time: $0.frame, value: $0.value, easing: $0.easing, hold: $0.hold) })
  }

  /// The value at a frame, as a Lottie player computes it.
  /// - Complexity: O(keys): a loop over frames builds `evaluator` once instead.
  func value(atFrame frame: Double) -> Double {
    evaluator.value(atCyclePosition: frame) ?? 0
  }

  /// Drops keys that change nothing: a run of equal values keeps its first and last key.
  private static func merged(_ keys: [Key]) -> [Key] {
    guard keys.count > 2 else { return keys }
    var kept = [keys[0]]
    for index in 1..<(keys.count - 1) {
      let key = keys[index]
      let previous = kept[kept.count - 1]
      if key.value == previous.value && key.value == keys[index + 1].value && previous.easing == nil
        && !previous.hold
      {
        continue
      }
      kept.append(key)
    }
    kept.append(keys[keys.count - 1])
    if kept.allSatisfy({ $0.value == kept[0].value }) {
      return [Key(frame: 0, value: kept[0].value, easing: nil, hold: false)]
    }
    return kept
  }

  /// Whether `keys` give `samples` at every frame (modulo `period`).
  private static func reproduces(_ keys: [Key], _ samples: [Double], period: Double?) -> Bool {
    let evaluator = LottieChannel(exactKeys: keys).evaluator
    for (frame, expected) in samples.enumerated() {
      var difference = abs((evaluator.value(atCyclePosition: Double(frame)) ?? 0) - expected)
      if let period, period > 0 {
        difference = difference.truncatingRemainder(dividingBy: period)
        difference = min(difference, period - difference)
      }
      guard difference <= 1e-6 * max(1, abs(expected)) else { return false }
    }
    return true
  }

  /// A channel of keys known to give the part's value at every frame.
  init(exactKeys: [Key]) {
    keys = exactKeys
    isExact = true
  }

  /// The track's keys in output frames, through `affine`, its cycles unrolled up to `endFrame`;
  /// `nil` when the track cannot be written as keys (paced, too many keys, a reversed hold or step,
  /// a cycle that does not end where the next starts, modulo `period`).
  private static func unrolled(
    _ track: Track, framesPerSecond: Double, endFrame: Double, period: Double?, affine: (Double) -> Double
  ) -> [Key]? {
    let evaluator = KeyframeTrack(track)
    let source = evaluator.keyframes
    guard let last = source.last, framesPerSecond.isFinite, framesPerSecond > 0,
      evaluator.calculation != .paced
    else { return nil }
    let discrete = evaluator.calculation == .discrete
    let timing = evaluator.timing
    let begin = timing.begin.flatMap { $0.isFinite ? $0 : nil } ?? 0
    let speed = timing.speed.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 1
    let length = evaluator.cycleLength
    guard length > 0, source.count > 1 else {
      return [Key(frame: 0, value: affine(last.value), easing: nil, hold: false)]
    }
    // One cycle in local time: the keys (steps expanded), then the way back when it autoreverses.
    var cycle: [Key] = []
    for (index, key) in source.enumerated() {
      let hold = discrete || key.hold == true
      guard index + 1 < source.count, !hold, case .steps = key.easing ?? .linear else {
        cycle.append(Key(frame: key.time, value: affine(key.value), easing: hold ? nil : key.easing, hold: hold))
        continue
      }
      let next = source[index + 1]
      guard case .steps(let count, _) = key.easing, count <= 1000 else { return nil }
      let easing = key.easing ?? .linear
      for step in 0..<count {
        let x = Double(step) / Double(count)
        let value = key.value.interpolated(to: next.value, amount: easing(x))
        cycle.append(Key(frame: key.time + x * (next.time - key.time), value: affine(value), easing: nil, hold: true))
      }
    }
    if timing.autoreverses == true {
      guard cycle.allSatisfy({ !$0.hold }) else { return nil }
      let forward = cycle
      cycle[cycle.count - 1].easing = forward[forward.count - 2].easing.map(reversed)
      for index in stride(from: forward.count - 2, through: 0, by: -1) {
        let easing = index > 0 ? forward[index - 1].easing.map(reversed) : nil
        cycle.append(
          Key(frame: 2 * length - forward[index].frame, value: forward[index].value, easing: easing, hold: false))
      }
    }
    let cyclePeriod = timing.autoreverses == true ? 2 * length : length
    let repeats: Int
    if timing.repeatForever == true {
      let localEnd = (endFrame / framesPerSecond - begin) * speed
      let cycles = (localEnd / cyclePeriod).rounded(.up)
      guard cycles.isFinite, cycles * Double(cycle.count) <= Double(maxExactKeys) else { return nil }
      repeats = max(1, Int(cycles))
    } else {
      let count = timing.repeatCount.flatMap { $0 > 0 ? $0 : nil } ?? 1
      guard count == count.rounded(.down) else { return nil }
      repeats = Int(min(count, 1e6))
    }
    guard repeats * cycle.count <= maxExactKeys else { return nil }
    // Each cycle starts where the last ended (a quantity with a period may grow by whole periods).
    let growth = (cycle.last?.value ?? 0) - (cycle.first?.value ?? 0)
    if repeats > 1, growth != 0 {
      guard let period, period > 0 else { return nil }
      let turns = growth / period
      guard abs(turns - turns.rounded()) < 1e-9 else { return nil }
    }
    var keys: [Key] = []
    for index in 0..<repeats {
      for key in cycle {
        let local = Double(index) * cyclePeriod + key.frame
        var placed = key
        placed.frame = (begin + local / speed) * framesPerSecond
        placed.value = key.value + Double(index) * growth
        guard placed.frame.isFinite, placed.value.isFinite else { return nil }
        if let previous = keys.last, previous.frame == placed.frame {
          guard previous.value == placed.value else { return nil }
          keys[keys.count - 1].easing = placed.easing
          keys[keys.count - 1].hold = placed.hold
          continue
        }
        keys.append(placed)
      }
    }
    return keys
  }

  /// The easing of a span played backwards.
  private static func reversed(_ easing: Easing) -> Easing {
    guard case .cubicBezier(let x1, let y1, let x2, let y2) = easing else { return easing }
    return .cubicBezier(1 - x2, 1 - y2, 1 - x1, 1 - y1)
  }
}

extension LottieChannel {
  /// The channel as a Lottie property: a static value when constant, else keyframes with each
  /// easing's control points as tangents (`cubic-bezier(x1, y1, x2, y2)` → `o` (x1, y1), `i` (x2, y2);
  /// linear → (0, 0), (1, 1)) and holds as `h: 1`.
  /// - Parameter dimensions: the property's vector for a value (`[v]` for a number, `[v, v, 100]` for a scale).
  func property(_ dimensions: (Double) -> [Double] = { [$0] }) -> LottieProperty {
    func vector(_ value: Double) -> [Double] { dimensions(value).map(LottieNumber.clean) }
    guard !isConstant else {
      let value = vector(keys[0].value)
      return value.count == 1 ? LottieProperty(.number(value[0])) : LottieProperty(.vector(value))
    }
    var frames: [LottieKeyframe<[Double]>] = []
    for (index, key) in keys.enumerated() {
      let value = vector(key.value)
      var frame = LottieKeyframe(t: LottieNumber.clean(key.frame), s: value)
      if index + 1 < keys.count {
        if key.hold {
          frame.h = 1
        } else {
          let (out, into) = LottieChannel.tangents(key.easing ?? .linear, count: value.count)
          frame.o = out
          frame.i = into
        }
      }
      frames.append(frame)
    }
    return LottieProperty(.keyframes(frames))
  }

  /// The out and in tangents of an easing (steps never get here: they are expanded into holds).
  static func tangents(_ easing: Easing, count: Int) -> (LottieTangent, LottieTangent) {
    var (x1, y1, x2, y2) = (0.0, 0.0, 1.0, 1.0)
    if case .cubicBezier(let a, let b, let c, let d) = easing {
      (x1, y1, x2, y2) = (min(max(a, 0), 1), b, min(max(c, 0), 1), d)
    }
    let n = max(count, 1)
    return (
      LottieTangent(
        x: Array(repeating: LottieNumber.clean(x1), count: n), y: Array(repeating: LottieNumber.clean(y1), count: n)),
      LottieTangent(
        x: Array(repeating: LottieNumber.clean(x2), count: n), y: Array(repeating: LottieNumber.clean(y2), count: n))
    )
  }
}
