/// The five built-in styles, each read off its source blog post (see `shared/notes/styles.md`).
///
/// Every preset is plain data; `progress-render describe NAME` prints it as JSON and
/// `--style-file` renders such JSON. Each one's progress reaches 1 before the end of its
/// default duration and holds, so a looping GIF always shows the finished state.
public enum Presets {
  /// All presets, in the order `progress-render styles` lists them.
  public static let all: [Style] = [thumb, download, countdown, upload, wave]

  /// The names of all presets.
  public static var names: [String] { all.map(\.name) }

  /// The preset with this name, if any.
  /// - Parameter name: a preset name such as `wave`.
  /// - Returns: the style, or `nil` when there is no such preset.
  public static func named(_ name: String) -> Style? {
    all.first { $0.name == name }
  }

  /// Didi-style 60 s countdown ring: a white arc with a thumb carrying the elapsed time and
  /// a CJK caption (source `000_…`, CCProgressView).
  public static let thumb = Style(
    name: "thumb",
    summary: "Didi-style 60 s countdown ring; a thumb rides the arc with an mm:ss timer, CJK caption in the centre",
    size: 272,  // a 240 pt ring (the source's view) plus room for the 30 pt thumb
    duration: 61,  // the 60 s countdown, then 1 s on the finished ring
    fps: 10,  // the source's timer ticks every 0.1 s
    background: RGBAColor(r: 0x1f, g: 0x23, b: 0x29),
    tracks: [
      Track(name: "progress", keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 60, value: 1)]),
      Track(name: "elapsed", keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 60, value: 60)]),
    ],
    look: Look(
      // rgba(0.86, 0.86, 0.86, 0.4) and UIKit's lightGray (2/3 white), in 8-bit steps so JSON round-trips exactly
      track: RingStroke(color: RGBAColor(r: 219, g: 219, b: 219, a: 102), width: 2),
      arc: Arc(color: .white, width: 4, cap: .square, startAngle: -90, clockwise: true),
      thumb: Thumb(
        diameter: 30, fill: RGBAColor(r: 170, g: 170, b: 170), stroke: RGBAColor(r: 170, g: 170, b: 170),
        strokeWidth: 1,
        label: Label(
          format: "mm:ss", source: "elapsed", font: FontSpec(size: 10), color: RGBAColor(r: 255, g: 0, b: 0),
          role: .value)),
      labels: [
        Label(format: "已推送至 3 家", font: FontSpec(size: 18), color: .white, role: .caption)
      ]))

  /// Download ring: black track, light grey arc with a round cap and a bold percent number
  /// (source `001_…`, Swift ProgressView).
  public static let download = Style(
    name: "download",
    summary: "Download ring: black track, rgb(214,214,214) round-capped arc from 12 o'clock, bold percent number",
    size: 120,
    duration: 3,
    fps: 30,
    background: .white,
    tracks: [
      Track(
        name: "progress",
        keyframes: [
          Keyframe(time: 0, value: 0, easing: .easeInOut),
          Keyframe(time: 2.5, value: 1),
        ])
    ],
    look: Look(
      track: RingStroke(color: .black, width: 8),
      arc: Arc(
        color: RGBAColor(r: 214, g: 214, b: 214), width: 12, cap: .round, startAngle: -90, clockwise: true,
        minProgress: 0.01),
      labels: [
        Label(
          format: "%.0f", source: "progress", multiplier: 100, font: FontSpec(size: 14, weight: .bold),
          color: .black, role: .value)
      ]))

  /// Ad countdown: an orange ring from 3 o'clock fills over 3 s, then pulses in scale
  /// (source `002_…`, QQCircleLoaderView). The seconds left (3, 2, 1) show in the centre and
  /// disappear when the countdown is over and the ring pulses.
  public static let countdown = Style(
    name: "countdown",
    summary: "Ad countdown: orange ring from 3 o'clock fills over 3 s, then pulses once 1.0→1.1→1.0 (ease-in-out)",
    size: 80,
    duration: 3.8,  // 3 s countdown, a 0.6 s pulse, 0.2 s on the finished ring
    fps: 30,
    background: .white,
    tracks: [
      Track(name: "progress", keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 3, value: 1)]),
      Track(
        name: "remaining",
        keyframes: [
          Keyframe(time: 0, value: 3), Keyframe(time: 1, value: 2), Keyframe(time: 2, value: 1),
          Keyframe(time: 3, value: 0),
        ],
        calculation: .discrete),
      Track(
        name: "scale",
        keyframes: [Keyframe(time: 0, value: 1, easing: .easeInOut), Keyframe(time: 0.3, value: 1.1)],
        timing: Timing(begin: 3, repeatCount: 1, autoreverses: true)),
    ],
    look: Look(
      arc: Arc(color: RGBAColor(r: 253, g: 117, b: 17), width: 4, cap: .butt, startAngle: 0, clockwise: true),
      labels: [
        Label(
          format: "%.0f", source: "remaining", font: FontSpec(size: 22, weight: .bold),
          color: RGBAColor(r: 253, g: 117, b: 17), hiddenAtZero: true, role: .value)
      ]))

  /// Upload pie: a picture clipped to a circle under a 40 % black pie that shrinks
  /// counter-clockwise as the upload advances (source `004_…`, ZRUploadProgressView).
  public static let upload = Style(
    name: "upload",
    summary: "Upload: a picture in a circle under a translucent pie that shrinks as progress grows, %.1f%% label",
    size: 120,
    duration: 3,
    fps: 30,
    background: .white,
    tracks: [
      Track(name: "progress", keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 2.5, value: 1)])
    ],
    look: Look(
      image: ImageFill(),
      pie: Pie(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.4)),
      labels: [
        Label(
          format: "%.1f%%", source: "progress", multiplier: 100, font: FontSpec(size: 16),
          color: RGBAColor(r: 255, g: 255, b: 0), hiddenAtZero: true, role: .value)
      ]))

  /// Wave loader: a turning outer ring with a gap around a circle filled by a moving sine wave
  /// whose level rises with progress (source `003_…`, LoadingWave).
  ///
  /// Flat on purpose: a solid ring (its gap shows the rotation) and one opaque-looking wave keep
  /// the animation to a few hundred colours, so one GIF palette renders it almost losslessly and
  /// small. `Examples/styles/wave-dark.json` shows the richer two-wave, gradient-ring variant.
  public static let wave = Style(
    name: "wave",
    summary: "Wave loader: a turning ring with a gap around a circle filled by a moving wave that rises with progress",
    size: 200,
    duration: 4,
    fps: 30,
    background: .white,
    tracks: [
      // Each progress update animates over its span with UIKit's default ease-in-ease-out.
      Track(
        name: "progress",
        keyframes: [
          Keyframe(time: 0, value: 0, easing: .easeInOut),
          Keyframe(time: 0.9, value: 0.3, easing: .easeInOut),
          Keyframe(time: 1.7, value: 0.55, easing: .easeInOut),
          Keyframe(time: 2.5, value: 0.8, easing: .easeInOut),
          Keyframe(time: 3.3, value: 1),
        ]),
      Track(
        name: "rotation", keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 2, value: 2 * Double.pi)],
        timing: Timing(repeatForever: true)),
      Track(
        name: "phase", keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 2 * Double.pi)],
        timing: Timing(repeatForever: true)),
    ],
    look: Look(
      wave: Wave(
        ring: WaveRing(color: RGBAColor(r: 0x2f, g: 0x80, b: 0xed), width: 6, gap: 70),
        inset: 0.09,
        fill: RGBAColor(r: 0xea, g: 0xf2, b: 0xfd),
        layers: [
          WaveLayer(color: RGBAColor(r: 0x2f, g: 0x80, b: 0xed, a: 0xe6), amplitude: 0.04, wavelength: 1.1, speed: 1)
        ])))
}
