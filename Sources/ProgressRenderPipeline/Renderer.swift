import ProgressRenderCore
import ProgressRenderLottie
import ProgressRenderRaster

/// Turns a style into frames: timeline at time t → scene → painter → frame.
///
/// A renderer owns one Cairo canvas and is not thread-safe; render in parallel with one
/// renderer per thread.
public final class Renderer {
  /// The style being rendered (after any overrides).
  public let style: Style
  /// Canvas, scale, rate, length and background.
  public let settings: RenderSettings
  private let timeline: Timeline
  /// The style as an animated scene, as the renderer paints it.
  public let composition: Composition
  let painter: CompositionRenderer
  /// Whether the composition reads the clock (`Composition.readsClock`), once known; when not, a
  /// frame whose track values equal the last painted frame's is that frame. Found the first time
  /// two frames' tracks agree (a scene whose tracks never hold is not walked), once for the
  /// renderer and its siblings (`clock`, shared); until then such a frame is painted again.
  private var readsClock: Bool?
  private let clock: ClockReading
  /// The last frame `frame(_:)` painted, with the track values it was painted at.
  private var lastPainted: (values: [String: Double], frame: Frame)?
  /// Where the fits of the labels of every frame this renderer paints go, when set (a render's
  /// label check, `RenderJob.run(labelWarnings:)`); a sibling records into the same log.
  var labelFitLog: LabelFitLog?

  /// Creates a renderer.
  /// - Parameters:
  ///   - style: what to draw.
  ///   - settings: how big, how fast, how long.
  ///   - baseDirectory: folder that relative paths in the style (images) are resolved against.
  /// - Throws: an error naming the failure when the canvas or an image cannot be set up.
  public init(style: Style, settings: RenderSettings, baseDirectory: String? = nil) throws {
    self.style = style
    self.settings = settings
    self.timeline = Timeline(tracks: style.tracks)
    composition = try PresetCompiler(settings: settings, style: style).composition(
      fps: settings.fps, frameCount: settings.frameCount, duration: settings.duration, background: settings.background,
      baseDirectory: baseDirectory)
    painter = try CompositionRenderer(composition: composition, settings: settings.paintSettings)
    clock = ClockReading()
  }

  /// Creates a renderer of a Lottie animation, fitted to the settings' canvas, length and rate.
  /// - Parameters:
  ///   - lottie: the animation as read.
  ///   - settings: how big, how fast, how long.
  /// - Throws: an error naming the failure when the canvas cannot be set up.
  public init(lottie: LottieImport, settings: RenderSettings) throws {
    composition = lottie.fitted(
      width: settings.size, height: settings.height ?? settings.size, duration: settings.duration,
      frameRate: settings.fps, frameCount: settings.frameCount, background: settings.background)
    style = Style(
      name: composition.name, summary: composition.name, size: settings.size, duration: settings.duration,
      fps: settings.fps, background: settings.background, tracks: [], look: Look())
    self.settings = settings
    timeline = Timeline(tracks: composition.timeline)
    painter = try CompositionRenderer(composition: composition, settings: settings.paintSettings)
    clock = ClockReading()
  }

  /// Another renderer of the same composition with a canvas of its own, for another thread: the
  /// style is not compiled again, nor its pictures decoded again.
  /// - Returns: a renderer that paints the same frames.
  /// - Throws: an error naming the failure when the canvas cannot be set up.
  public func sibling() throws -> Renderer {
    let sibling = try Renderer(
      style: style, settings: settings, timeline: timeline, composition: composition, clock: clock)
    sibling.labelFitLog = labelFitLog
    return sibling
  }

  private init(
    style: Style, settings: RenderSettings, timeline: Timeline, composition: Composition, clock: ClockReading
  ) throws {
    self.style = style
    self.settings = settings
    self.timeline = timeline
    self.composition = composition
    self.clock = clock
    painter = try CompositionRenderer(composition: composition, settings: settings.paintSettings)
  }

  /// The frame times of the output: frame i at i / fps.
  public var schedule: FrameSchedule {
    FrameSchedule(frameCount: settings.frameCount, fps: settings.fps, duration: settings.duration)
  }

  /// The scene at a time of the output. The style's timeline is stretched so that its
  /// `duration` maps onto the output's.
  /// - Parameter time: seconds since the start of the output.
  /// - Returns: every track's value at that time.
  /// - Complexity: O(tracks × log keyframes).
  public func scene(at time: Double) -> TrackValues {
    if style.tracks.isEmpty, !composition.timeline.isEmpty { return composition.values(at: time, in: timeline) }
    let timelineTime = settings.duration > 0 ? time * (style.duration / settings.duration) : 0
    return TrackValues(time: time, values: timeline.values(at: timelineTime))
  }

  /// Whether the composition reads the clock, found now if no sibling is finding it (`true`, which
  /// paints the frame, while one is).
  private func readsClockNow() -> Bool {
    if let readsClock { return readsClock }
    guard let found = clock.readsClock(composition) else { return true }
    readsClock = found
    return found
  }

  /// Paints the frame shown at a time of the output.
  /// - Parameter time: seconds since the start of the output.
  /// - Returns: the pixels, `settings.pixelSize` on each side.
  /// - Throws: a Cairo or text error naming the failure.
  public func frame(at time: Double) throws -> Frame {
    let scene = scene(at: time)
    try labelFitLog?.record(painter.textFits(scene), frame: 0)
    return try painter.paint(scene)
  }

  /// Paints frame `index` of the output.
  ///
  /// A frame at which every track has the value it had at the last frame this renderer painted
  /// (a finished progress, a hold) is that frame, not painted again, unless the scene reads the
  /// clock (or a sibling is still finding out whether it does, `ClockReading`).
  /// - Throws: a Cairo or text error naming the failure.
  public func frame(_ index: Int) throws -> Frame {
    let scene = scene(at: schedule.time(ofFrame: index))
    if let last = lastPainted, last.values == scene.values, !readsClockNow() { return last.frame }
    // The fits are kept by the painter: painting the labels lays them out no second time.
    try labelFitLog?.record(painter.textFits(scene), frame: index)
    let frame = try painter.paint(scene)
    lastPainted = (scene.values, frame)
    return frame
  }
}

extension Renderer {
  /// A warning for each centre label whose text would cross the ring at some of the given times,
  /// so that it is drawn smaller (and wrapped), or still clipped (`RenderWarning.labelTooLong`).
  /// A text that only had to be wrapped is not warned about.
  /// - Parameter times: seconds since the start of the output (a still's time, or every frame's).
  /// - Returns: at most one warning per label, for the text that had to shrink most.
  /// - Throws: `RasterError` if Pango could not lay out a label.
  /// - Complexity: O(times × labels) scene evaluations; a few layouts per distinct text.
  public func labelWarnings(at times: [Double]) throws -> [RenderWarning] {
    let log = LabelFitLog()
    for (frame, time) in times.enumerated() { log.record(try painter.textFits(scene(at: time)), frame: frame) }
    return labelWarnings(from: log)
  }

  /// The warnings of `labelWarnings(at:)` for the label fits a log holds (the frames a render's
  /// renderers painted, `labelFitLog`).
  /// - Parameter log: each label's worst fit.
  /// - Returns: at most one warning per label, for the text that had to shrink most.
  func labelWarnings(from log: LabelFitLog) -> [RenderWarning] {
    // The labels as drawn at this size (`PresetCompiler.sized`), and those left out there.
    let compiler = PresetCompiler(settings: settings, style: style)
    let labels = compiler.style.look.labels ?? []
    let small = compiler.leftOut.map { label in
      RenderWarning.labelTooSmall(
        key: .look(.label), text: label.format, fontSize: label.font.size * compiler.size / max(style.size, 1e-9),
        given: true)
    }
    // A label's worst fit is shrunk exactly when any of its fits is: one shrunk is clipped or smaller
    // than the label's size, which every fit that is not is drawn at.
    let shrunk = log.entries.filter { index, worst in
      labels.indices.contains(index) && (worst.fit.overflows || worst.fit.fontSize < labels[index].font.size)
    }
    return small
      + shrunk.sorted { $0.key < $1.key }.map { index, shown in
        let label = labels[index]
        return .labelTooLong(
          key: .look(label.role == .caption ? .caption : .label), text: shown.text, fontSize: label.font.size,
          drawnSize: shown.fit.fontSize, clipped: shown.fit.overflows)
      }
  }
}
