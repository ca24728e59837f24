// render-custom-timeline: the ProgressRender library used directly, without the command line.
//
// A ring that stalls at 60 %, then finishes with a snap, written to `custom.gif` (or the path given):
//
//   swift run render-custom-timeline [out.gif]
import Foundation
import ProgressRender

let style = Style(
  name: "stall-and-snap", summary: "Fills to 60 %, waits, then snaps to 100 %", size: 96, duration: 2, fps: 25,
  background: .white,
  tracks: [
    Track(
      name: "progress",
      keyframes: [
        TrackKeyframe(time: 0, value: 0, easing: .easeOut),
        TrackKeyframe(time: 0.8, value: 0.6),
        TrackKeyframe(time: 1.4, value: 0.6, easing: .easeIn),
        TrackKeyframe(time: 1.8, value: 1),
      ])
  ],
  look: Look(
    track: RingStroke(color: RGBAColor(r: 229, g: 229, b: 234), width: 8),
    arc: Arc(color: RGBAColor(r: 0, g: 122, b: 255), width: 8, cap: .round, startAngle: -90, clockwise: true),
    labels: [
      LookLabel(format: "%.0f%%", source: "progress", multiplier: 100, font: FontSpec(size: 18), color: .black)
    ]))

let out = CommandLine.arguments.dropFirst().first ?? "custom.gif"
do {
  let job = RenderJob(style: style, settings: RenderSettings(defaultsOf: style), output: try OutputTarget(path: out))
  try job.preflight()  // the output's folder, before any work
  let summary = try job.run()
  print("wrote \(summary.path): \(summary.frameCount) frames, \(summary.bytes) bytes")
} catch {
  print("render-custom-timeline: error: \(error)")
  exit(ErrorKind(of: error) == .badInput ? 2 : 1)
}
