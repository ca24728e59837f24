import ProgressRenderCore
import ProgressRenderRaster

/// A composition's timeline at every output frame, and its numbers as keyframes: what the vector
/// writers (Lottie, SVG) share. Frame i of the output is frame i of the written animation.
struct CompositionSampler {
  /// The scene.
  let composition: Composition
  /// The values of the timeline at each output frame.
  let frames: [TrackValues]
  /// Frames of the output (at least 1).
  let frameCount: Int

  /// Samples a composition.
  /// - Complexity: O(frames × tracks).
  init(_ composition: Composition) {
    self.composition = composition
    frameCount = max(composition.frameCount, 1)
    let timeline = Timeline(tracks: composition.timeline)
    frames = (0..<frameCount).map { composition.values(at: composition.time(ofFrame: $0), in: timeline) }
  }

  /// Output frames per second of the timeline.
  var framesPerTimelineSecond: Double {
    composition.timeScale > 0 && composition.duration > 0 ? composition.frameRate / composition.timeScale : .infinity
  }

  /// A number as an expression.
  func expression(_ number: AnimatedNumber) -> NumberExpression {
    switch number {
    case .constant(let value): .constant(value)
    case .expression(let expression): expression
    }
  }

  /// A number as keyframes: the track's own keys when the number is an affine map of one track
  /// (clamps and remainders checked frame by frame), else one key per frame.
  func channel(_ number: AnimatedNumber, scale: Double = 1, period: Double? = nil) -> LottieChannel {
    let e = expression(number)
    var track: Track?
    var affine: (Double) -> Double = { $0 * scale }
    if let form = LinearForm(e), form.terms.count == 1, let (name, coefficient) = form.terms.first {
      track = self.track(read: e.reading(name))
      affine = { (coefficient * $0 + form.constant) * scale }
    }
    let frames = self.frames
    var made = LottieChannel(
      track: track, frameCount: frameCount, framesPerSecond: framesPerTimelineSecond, period: period, affine: affine,
      sample: { e.value(in: frames[$0]) * scale })
    // A number that steps (it rounds down) holds each frame's value until the next key.
    if e.steps, track == nil || !made.isExact {
      for index in made.keys.indices { made.keys[index].hold = true }
    }
    return made
  }

  /// The track a reading gives the value of: the track of its name, else its fallback track (a
  /// part that reads `level` in a style that keys only `progress`), else none.
  private func track(read: NumberExpression) -> Track? {
    guard case .track(let name, let fallback, _) = read else { return nil }
    return composition.timeline.last { $0.name == name }
      ?? fallback.flatMap { f in composition.timeline.last { $0.name == f } }
  }

  /// An angle as channels whose sum is the angle modulo `period` at every frame: one channel per
  /// track the angle reads when it reads several (a spinner's constant turn and an arc's own
  /// offset), each the track's own keys and so periodic on its own, the constant part in the first;
  /// else, or when the parts do not add up to the angle at some frame, the one `channel`.
  /// - Complexity: O(frames × tracks).
  func turnChannels(_ number: AnimatedNumber, scale: Double, period: Double = 360) -> [LottieChannel] {
    let whole = { [channel(number, scale: scale, period: period)] }
    let e = expression(number)
    guard let form = LinearForm(e), form.terms.count >= 2 else { return whole() }
    let terms = e.tracks.compactMap { name in
      form.terms[name].map { NumberExpression.product(.constant($0), e.reading(name)) }
    }
    guard terms.count == form.terms.count else { return whole() }
    let parts = terms.enumerated().map { index, term in
      index == 0 ? NumberExpression.sum(.constant(form.constant), term) : term
    }
    for values in frames {
      var difference = (parts.reduce(0) { $0 + $1.value(in: values) } - e.value(in: values)) * scale
      difference = abs(difference.truncatingRemainder(dividingBy: period))
      guard min(difference, period - difference) < 1e-6 else { return whole() }
    }
    let channels = parts.map { channel(.expression($0), scale: scale, period: period) }
    return channels.allSatisfy(\.isExact) ? channels : whole()
  }

  /// A number that reads several tracks as one channel: where the tracks move one at a time (an
  /// indeterminate arc's head, then its tail), their own keys merged, each stretch eased as the track
  /// that moves in it; else `channel`. Each track's keys may grow by whole units from cycle to cycle;
  /// the sum is checked against the number frame by frame.
  /// - Complexity: O(frames × keys).
  func mergedChannel(_ number: AnimatedNumber, scale: Double = 1) -> LottieChannel {
    let whole = channel(number, scale: scale)
    let e = expression(number)
    guard let form = LinearForm(e), form.terms.count >= 2 else { return whole }
    let parts = e.tracks.compactMap { name in
      // Each track may start its cycles anew (a head and a tail jumping back a whole turn together).
      form.terms[name].map { coefficient in
        channel(
          .expression(.product(.constant(coefficient), e.reading(name))), scale: scale,
          period: abs(coefficient * scale))
      }
    }
    guard parts.count == form.terms.count, parts.allSatisfy(\.isExact) else { return whole }
    let frames = Set(parts.flatMap { $0.keys.map(\.frame) }).sorted()
    var keys: [LottieChannel.Key] = []
    for (index, frame) in frames.enumerated() {
      let next = index + 1 < frames.count ? frames[index + 1] : nil
      var value = form.constant * scale
      var lead: LottieChannel.Key?
      for part in parts {
        // The part's key at or before this frame: at it, or flat from it to the next frame.
        guard let at = part.keys.lastIndex(where: { $0.frame <= frame + 1e-9 }) else { return whole }
        let key = part.keys[at]
        value += key.value
        guard let next, at + 1 < part.keys.count else { continue }
        let following = part.keys[at + 1]
        if following.value == key.value, !key.hold { continue }
        // It moves: from a key of its own here to its next key at the next frame, alone.
        guard key.frame == frame, following.frame == next, lead == nil else { return whole }
        lead = key
      }
      keys.append(LottieChannel.Key(frame: frame, value: value, easing: lead?.easing, hold: lead?.hold ?? false))
    }
    let made = LottieChannel(exactKeys: keys)
    let evaluator = made.evaluator
    for (index, values) in self.frames.enumerated() {
      let expected = e.value(in: values) * scale
      guard abs((evaluator.value(atCyclePosition: Double(index)) ?? 0) - expected) <= 1e-6 * max(1, abs(expected))
      else { return whole }
    }
    return made
  }

  /// Whether an arc drawn from `start` to `end` turns clockwise: the end after the start at the first
  /// frame they differ.
  func clockwise(_ start: AnimatedNumber, _ end: AnimatedNumber) -> Bool {
    let (from, to) = (expression(start), expression(end))
    return frames.first { from.value(in: $0) != to.value(in: $0) }.map { to.value(in: $0) > from.value(in: $0) }
      ?? true
  }

  /// The colour a writer without gradients paints: a solid colour itself, a linear or radial
  /// gradient its first colour, a conic one its head colour (both warned about, naming the part).
  static func color(of paint: PaintSource, name: String, warnings: inout [String]) -> AnimatedColor {
    switch paint {
    case .solid(let solid): return solid
    case .linearGradient(_, _, let stops), .radialGradient(_, _, _, let stops):
      warnings.append("the gradient of '\(name)' is written as its first colour")
      return .constant(stops.first?.color ?? .clear)
    case .gradient(let gradient):
      warnings.append("the gradient of '\(name)' is written as its first colour")
      return .constant(gradient.stops(in: TrackValues(time: 0, values: [:])).first?.color ?? .clear)
    case .conicGradient(let sweep, _):
      warnings.append("the colour fade of '\(name)' is written as its head colour")
      return .constant(sweep.to)
    }
  }

  /// A conic-gradient stroke cut into `pieces` arcs of the circle through its centre line, each in the
  /// gradient's colour at its middle, first piece first (what writers without conic gradients draw).
  static func conicPieces(_ sweep: ConicSweep, center: Point, radius: Double, pieces: Int)
    -> [(path: LottieBezier, color: RGBAColor)]
  {
    let gradient = ConicGradient(
      centerX: sweep.center.x, centerY: sweep.center.y, start: sweep.start, end: sweep.end, from: sweep.from,
      to: sweep.to)
    let step = (sweep.end - sweep.start) / Double(max(pieces, 1))
    return (0..<max(pieces, 1)).map { index in
      let from = sweep.start + step * Double(index)
      let path = LottiePaths.arc(centerX: center.x, centerY: center.y, radius: radius, from: from, to: from + step)
      return (path, gradient.color(atAngle: from + step / 2) ?? sweep.to)
    }
  }

  /// A sine region's motion: moved sideways by `shift` (the crests move left by phase ÷ k, periodic
  /// in the wavelength) and up by `rise` (the baseline).
  func sineChannels(_ wave: SineRegion) -> (shift: LottieChannel, rise: LottieChannel) {
    let k = 2 * Double.pi / max(wave.wavelength, 1e-9)
    let shift = channel(
      .expression(.quotient(.product(.constant(-1), expression(wave.phase)), .constant(k))), period: wave.wavelength)
    return (shift, channel(wave.baseline))
  }

  /// A sine region as one static path wide enough for its travel under `sineChannels`.
  func sineMotion(_ wave: SineRegion) -> (path: LottieBezier, shift: LottieChannel, rise: LottieChannel) {
    let (shift, rise) = sineChannels(wave)
    let shifts = shift.keys.map(\.value)
    let path = LottiePaths.sineRegion(
      left: wave.left - (shifts.max() ?? 0) - wave.wavelength,
      right: wave.right - (shifts.min() ?? 0) + wave.wavelength,
      origin: wave.left, amplitude: wave.amplitude, wavelength: wave.wavelength,
      bottom: wave.bottom - (rise.keys.map(\.value).min() ?? 0))
    return (path, shift, rise)
  }
}
