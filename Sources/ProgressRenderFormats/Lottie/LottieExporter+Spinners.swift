import Foundation
import ProgressRenderCore
import ProgressRenderRaster

/// The indeterminate spinners' parts as Lottie: the arc's turn, tail and cycling colour, the spokes
/// and the dots.
///
/// - turn: the arc's (and thumb's) group turns about the centre by the `rotation` track in degrees,
///   unrolled so that it keeps turning.
/// - tail: the trim's offset (degrees along the path) follows the tail track and its end the head's
///   lead over the tail (`100 × (head − tail)`); when both tracks share their key times, easings and
///   timing, that lead is a track of its own with the same easings, else it is sampled per frame.
/// - colour: the stroke's colour and opacity follow the `colorSource` track's keys, each key's value
///   through the painter's blend; sampled per frame where a span between keys crosses a colour.
/// - spokes: one round-capped stroke per spoke, its opacity held from frame to frame where it steps.
/// - dots: one ellipse per dot, scaled about its centre and faded by its track.
extension LottieExporter {
  /// The transform turning a part about the centre by the `rotation` track (identity without one).
  func turnTransform(of part: String) -> LottieShape {
    let turn = channel(TrackUse.rotation(of: part), period: 360, affine: { $0 * Self.degrees }) { value in
      value.isFinite ? value.truncatingRemainder(dividingBy: 2 * .pi) * Self.degrees : 0
    }
    guard !(turn.isConstant && turn.keys[0].value == 0) else { return .transform() }
    let c = geometry.center
    return .transform(anchor: [c, c], position: [c, c], rotation: turn.property())
  }

  /// An indeterminate arc's trim: from its tail to its head, both in turns past the path's start.
  func tailTrim(_ arc: Arc, tail: TrackUse) -> LottieShape {
    let head = TrackUse.arc(arc)
    let floor = min(max(arc.minProgress ?? 0, 0), 1)
    let offset = channel(tail, period: 360, affine: { 360 * $0 }) { 360 * Painter.finite($0, else: 0) }
    let lead = LottieChannel(
      track: leadTrack(head: track(for: head), tail: track(for: tail)), frameCount: frameCount,
      framesPerSecond: framesPerTimelineSecond, affine: { 100 * $0 }
    ) { index in
      let scene = scene(atFrame: index)
      let from = Painter.finite(Painter.value(tail, in: scene), else: 0)
      let to = Painter.finite(Painter.value(head, in: scene), else: 0)
      return 100 * max(min(max(to - from, 0), 1), floor)
    }
    var trim = LottieShape.trim(end: lead.property())
    trim.o = offset.property()
    return trim
  }

  /// The head's lead over the tail as one track, when the two tracks share key times, easings,
  /// holds, mode and timing (then the difference eases as they do); else `nil`.
  private func leadTrack(head: Track?, tail: Track?) -> Track? {
    guard let head, let tail, head.keyframes.count == tail.keyframes.count, head.timing == tail.timing,
      head.calculation == tail.calculation
    else { return nil }
    var keys: [TrackKeyframe<Double>] = []
    for (to, from) in zip(head.keyframes, tail.keyframes) {
      guard to.time == from.time, to.easing == from.easing, to.hold == from.hold else { return nil }
      var key = to
      // Rounded to 1e-12 so that a lead that comes back (0.0139 − (−0.0139) = 3.0139 − 2.9861) repeats
      // unchanged; the channel still checks every frame against the painter.
      key.value = ((to.value - from.value) * 1e12).rounded() / 1e12
      keys.append(key)
    }
    return Track(name: head.name, keyframes: keys, calculation: head.calculation, timing: head.timing)
  }

  /// The arc's stroke: its colour, or with `colors` the colour the `colorSource` track picks.
  func arcStroke(_ arc: Arc, width: Double) -> LottieShape {
    var stroke = LottieShape.stroke(arc.color, width: width, cap: arc.cap ?? .butt)
    guard let colors = arc.colors, !colors.isEmpty, let use = TrackUse.color(arc) else { return stroke }
    let color = { (value: Double) in Painter.arcColor(arc, TrackValues(time: 0, values: [use.track: value])) }
    let samples = (0..<frameCount).map { Painter.finite(Painter.value(use, in: scene(atFrame: $0)), else: 0) }
    let truth = samples.map(color)
    var picks = channel(use, period: Double(colors.count), affine: { $0 }) { Painter.finite($0, else: 0) }
    // Keys of the track blend colours linearly only between keys that pick neighbouring colours.
    let components: [(RGBAColor) -> Double] = [\.red, \.green, \.blue, \.alpha]
    let blends = components.allSatisfy { component in
      let played = picks.mapped { component(color($0)) }
      return truth.indices.allSatisfy { abs(played.value(atFrame: Double($0)) - component(truth[$0])) <= 1e-6 }
    }
    if !blends {
      picks = LottieChannel(
        track: nil, frameCount: frameCount, framesPerSecond: framesPerTimelineSecond, affine: { $0 },
        sample: { samples[$0] })
    }
    stroke.c = picks.property { value in
      let rgba = color(value)
      return [rgba.red, rgba.green, rgba.blue, 1]
    }
    let alpha = colors[0].alpha
    stroke.o =
      colors.allSatisfy { $0.alpha == alpha } ? .number(100 * alpha) : picks.property { [100 * color($0).alpha] }
    return stroke
  }

  /// The spokes: one round-capped stroke per spoke from the inner to the outer radius, its
  /// opacity held between the frames where it steps; listed top first (the last spoke painted).
  func spokesShapes(_ spokes: Spokes) -> [LottieShape] {
    let count = min(max(spokes.count, 1), 64)
    let c = geometry.center
    let outer = geometry.ringRadius
    let inner = outer * Painter.clamped(spokes.inner)
    let opacities = (0..<frameCount).map { Painter.spokeOpacities(spokes, scene(atFrame: $0)) }
    let shapes = (0..<count).map { index -> LottieShape in
      let angle = -Double.pi / 2 + Double(index) * 2 * .pi / Double(count)
      let line = LottieBezier(
        c: false, i: [[0, 0], [0, 0]], o: [[0, 0], [0, 0]],
        v: [
          [c + inner * cos(angle), c + inner * sin(angle)].map(LottieNumber.clean),
          [c + outer * cos(angle), c + outer * sin(angle)].map(LottieNumber.clean),
        ])
      var stroke = LottieShape.stroke(spokes.color, width: max(0, spokes.width), cap: .round)
      stroke.o = heldChannel { 100 * spokes.color.alpha * opacities[$0][index] }.property()
      return .group("spoke \(index + 1)", [.path(.path(line)), stroke])
    }
    return shapes.reversed()
  }

  /// A number per frame as hold keys: a key where the value changes, held until the next.
  private func heldChannel(_ sample: (Int) -> Double) -> LottieChannel {
    let values = (0..<frameCount).map(sample)
    var channel = LottieChannel(
      track: nil, frameCount: frameCount, framesPerSecond: framesPerTimelineSecond, affine: { $0 },
      sample: { values[$0] })
    channel.keys = values.enumerated().compactMap { index, value in
      index > 0 && values[index - 1] == value
        ? nil : LottieChannel.Key(frame: Double(index), value: value, easing: nil, hold: true)
    }
    return channel
  }

  /// The dots: one ellipse each, scaled about its centre and faded by its track; top first.
  func dotsShapes(_ dots: Dots) -> [LottieShape] {
    let c = geometry.center
    let (radius, centers) = Painter.dotRow(dots, geometry: geometry)
    let smallest = Painter.clamped(dots.minScale ?? 1)
    let faintest = Painter.clamped(dots.minOpacity ?? 1)
    let alpha = dots.color.alpha
    let shapes = zip(TrackUse.dots(dots), centers).enumerated().map { index, pair -> LottieShape in
      let (use, x) = pair
      let scale = channel(use, affine: { 100 * (smallest + (1 - smallest) * $0) }) {
        100 * (smallest + (1 - smallest) * Painter.clamped($0))
      }
      let opacity = channel(use, affine: { 100 * alpha * (faintest + (1 - faintest) * $0) }) {
        100 * alpha * (faintest + (1 - faintest) * Painter.clamped($0))
      }
      var fill = LottieShape.fill(dots.color)
      fill.o = opacity.property()
      return .group(
        "dot \(index + 1)", [.ellipse(x: x, y: c, width: 2 * radius, height: 2 * radius), fill],
        transform: .transform(anchor: [x, c], position: [x, c], scale: scale.property { [$0, $0, 100] }))
    }
    return shapes.reversed()
  }
}
