import Foundation
import ProgressRenderCore
import ProgressRenderRaster

extension LottieExporter {
  /// Degrees per radian.
  static let degrees = 180 / Double.pi

  func discShape(_ disc: Disc) -> LottieShape {
    let c = geometry.center
    let d = 2 * geometry.outerRadius
    return .group("disc", [.ellipse(x: c, y: c, width: d, height: d), .fill(disc.color)])
  }

  func trackShape(_ track: RingStroke) -> LottieShape {
    let c = geometry.center
    let d = 2 * geometry.ringRadius
    return .group(
      "track", [.ellipse(x: c, y: c, width: d, height: d), .stroke(track.color, width: track.width, cap: .butt)])
  }

  /// The fraction of a turn the arc covers (the thumb rides its end): `max(progress, minProgress)`.
  private func arcFraction(_ arc: Arc?) -> LottieChannel {
    let floor = min(max(arc?.minProgress ?? 0, 0), 1)
    return channel(TrackUse.arc(arc), affine: { $0 }) { value in
      max(value.isNaN ? 0 : min(max(value, 0), 1), floor)
    }
  }

  /// The arc: a circle from the start angle in the arc's direction, stroked and trimmed to the
  /// progress. With a `minProgress` and an opaque colour, a second stroke trimmed to it lies under
  /// the first, so that the progress keeps its track's keys (together they show
  /// `max(progress, minProgress)`); a translucent arc would darken where they overlap, so it is
  /// trimmed to `max(progress, minProgress)` itself, frame by frame where the floor bites.
  func arcShape(_ arc: Arc) -> LottieShape {
    let c = geometry.center
    let covers = style.look.disc != nil || style.look.image != nil
    let reachesEdge = geometry.ringRadius + arc.width / 2 >= geometry.outerRadius - 1e-9
    let pad = covers && reachesEdge ? 1.0 : 0
    let circle = LottieShape.path(
      .path(
        LottiePaths.circle(
          centerX: c, centerY: c, radius: geometry.ringRadius + pad / 2, start: (arc.startAngle ?? -90) * .pi / 180,
          clockwise: arc.clockwise != false)))
    let stroke = arcStroke(arc, width: arc.width + pad)
    let turn = turnTransform(of: "arc")
    if let tail = TrackUse.tail(arc) {
      return .group("arc", [circle, tailTrim(arc, tail: tail), stroke], transform: turn)
    }
    let floor = min(max(arc.minProgress ?? 0, 0), 1)
    guard floor > 0, arc.color.alpha >= 1, arc.colors == nil else {
      let end = arcFraction(arc).scaled(by: 100)
      return .group("arc", [circle, .trim(end: end.property()), stroke], transform: turn)
    }
    let progress = channel(TrackUse.arc(arc), affine: { 100 * $0 }) { value in
      100 * (value.isNaN ? 0 : min(max(value, 0), 1))
    }
    return .group(
      "arc",
      [
        .group("progress", [circle, .trim(end: progress.property()), stroke]),
        .group("minimum", [circle, .trim(end: .number(100 * floor)), stroke]),
      ], transform: turn)
  }

  /// The pie: `1 − progress` of the circle counter-clockwise from 12 o'clock, as a stroke as wide as
  /// the radius on a circle of half the radius, trimmed.
  func pieShape(_ pie: Pie) -> LottieShape {
    let c = geometry.center
    let r = geometry.outerRadius
    let rest = channel(.pie(pie), affine: { 100 * (1 - $0) }) { value in
      100 * (1 - (value.isNaN ? 0 : min(max(value, 0), 1)))
    }
    let circle = LottiePaths.circle(centerX: c, centerY: c, radius: r / 2, start: -.pi / 2, clockwise: false)
    return .group("pie", [.path(.path(circle)), .trim(end: rest.property()), .stroke(pie.color, width: r, cap: .butt)])
  }

  /// The thumb: a disc on the ring at 3 o'clock, turned about the centre to the arc's end.
  func thumbShape(_ thumb: Thumb) -> LottieShape {
    let c = geometry.center
    let arc = style.look.arc
    let start = (arc?.startAngle ?? -90)
    let sign = arc?.clockwise == false ? -1.0 : 1.0
    var turn = arcFraction(arc).mapped { start + sign * 360 * $0 }
    if TrackUse.tail(arc) != nil {
      // Both ends move: the angle the painter gives each frame, unwrapped so that it keeps turning.
      var angles: [Double] = []
      for index in 0..<frameCount {
        let (from, sweep) = Painter.arcAngles(arc, scene(atFrame: index))
        var angle = (from + sweep) * Self.degrees
        if let last = angles.last { angle -= 360 * ((angle - last) / 360).rounded() }
        angles.append(angle)
      }
      turn = LottieChannel(
        track: nil, frameCount: frameCount, framesPerSecond: framesPerTimelineSecond, affine: { $0 },
        sample: { angles[$0] })
    }
    let d = max(0, thumb.diameter)
    let x = c + geometry.ringRadius
    var items: [LottieShape] = [.ellipse(x: x, y: c, width: d, height: d), .fill(thumb.fill)]
    if let stroke = thumb.stroke, max(0, thumb.strokeWidth ?? 1) > 0 {
      items = [
        .group(
          "thumb outline",
          [
            .ellipse(x: x, y: c, width: d, height: d),
            .stroke(stroke, width: max(0, thumb.strokeWidth ?? 1), cap: .butt),
          ]), .group("thumb fill", items),
      ]
    }
    let thumb = LottieShape.group(
      "thumb", items, transform: .transform(anchor: [c, c], position: [c, c], rotation: turn.property()))
    let spin = turnTransform(of: "thumb")
    return TrackUse.tail(arc) != nil || spin == .transform() ? thumb : .group("thumb turn", [thumb], transform: spin)
  }

  /// Where the thumb's centre is at frame `index`, as the painter puts it.
  func thumbCenter(atFrame index: Int) -> (x: Double, y: Double) {
    let arc = style.look.arc
    let (start, sweep) = Painter.arcAngles(arc, scene(atFrame: index))
    let angle = start + sweep
    return (geometry.center + geometry.ringRadius * cos(angle), geometry.center + geometry.ringRadius * sin(angle))
  }
}

extension LottieChannel {
  /// The channel with every value multiplied by `factor` (keys, easings and holds kept).
  func scaled(by factor: Double) -> LottieChannel { mapped { $0 * factor } }

  /// The channel through an affine map (keys, easings and holds kept).
  func mapped(_ map: (Double) -> Double) -> LottieChannel {
    var copy = self
    copy.keys = keys.map { key in
      var key = key
      key.value = map(key.value)
      return key
    }
    return copy
  }
}
