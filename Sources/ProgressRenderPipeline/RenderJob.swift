import Dispatch
import Foundation
import ProgressRenderCore
import ProgressRenderFormats
import ProgressRenderLottie
import ProgressRenderRaster
import ProgressRenderSupport
import Synchronization

/// One render from start to finish: a style, its settings and an output target.
///
/// Every output is all or nothing: a GIF or still is written to a temporary file and renamed;
/// a frames folder is filled in a staging folder and swapped in as a whole when all frames are
/// rendered (see `FolderReplacement`), so a failure leaves what was there before untouched.
public struct RenderJob: Sendable {
  /// What to draw.
  public var style: Style
  /// Canvas, scale, rate, length and background.
  public var settings: RenderSettings
  /// Where the result goes.
  public var output: OutputTarget
  /// GIF palette, dithering, matte and loop.
  public var gif: GIFOptions
  /// When a still is taken.
  public var at: StillTime
  /// Folder that relative paths in the style (images) are resolved against.
  public var baseDirectory: String?
  /// Lossy WebP quality (0…100); `nil` writes a lossless WebP. Used only for a WebP.
  public var webpQuality: Int?
  /// An SVG's title; `nil` uses the style's summary. Used only for an SVG.
  public var title: String?
  /// Threads that paint frames; `nil` uses every core (at most 8). The bytes written do not
  /// depend on it.
  public var workers: Int?
  /// A Lottie animation painted instead of the style (`style` then only carries its defaults).
  public var lottie: LottieImport?

  /// Creates a job.
  /// - Parameters:
  ///   - style: the style, overrides already applied.
  ///   - settings: validated settings.
  ///   - output: the target.
  ///   - at: still time (default: the end, the finished state).
  ///   - baseDirectory: where relative image paths are resolved.
  ///   - gif: GIF encoding options, the loop count included (`GIFOptions(loop: 3)`; default: forever).
  ///   - workers: painting threads (default: every core, at most 8).
  public init(
    style: Style, settings: RenderSettings, output: OutputTarget, at: StillTime? = nil,
    baseDirectory: String? = nil, gif: GIFOptions = GIFOptions(), workers: Int? = nil
  ) {
    self.workers = workers
    self.style = style
    self.settings = settings
    self.output = output
    self.gif = gif
    self.at = at ?? .end
    self.baseDirectory = baseDirectory
  }

  /// Checks the job's values before anything is rendered, with the rules the style loader and the
  /// request planner apply: the settings' limits (`RenderSettings.validate()`, e.g. 1000 fps or
  /// 100,000 frames), the style's (`StyleLoader.validate`: negative widths, a label reading a
  /// missing track, keyframes out of order…) and the GIF options' ranges.
  /// - Throws: `RenderError` naming the first bad value.
  public func validate() throws(RenderError) {
    try settings.validate()
    do {
      try StyleLoader.validate(style, source: "style '\(style.name)'")
    } catch {
      throw .style(error)
    }
    do {
      try gif.validate()
    } catch {
      throw .gifOptions(error)
    }
  }

  /// Validates the job (`validate()`), renders and writes the output.
  /// - Parameter labelWarnings: called once with the label warnings (`labelWarnings()`), before the
  ///   output is written. For a painted output they come from the render itself: each renderer
  ///   records the fits of the labels it lays out as it paints (`LabelFitLog`), so the check costs
  ///   no layouts of its own and the first frame waits for no check; they are reported once every
  ///   frame is painted. `nil` skips the check.
  /// - Returns: what was written.
  /// - Throws: `RenderError` for values out of range (nothing is written), else an error naming
  ///   the failure (image, Cairo, encoder, file system); nothing partial is left.
  /// - Complexity: O(frames × pixels); memory O(pixels) for GIFs and frame folders.
  @discardableResult
  public func run(labelWarnings: (([RenderWarning]) -> Void)? = nil) throws -> RenderSummary {
    try validate()
    let first = try paintsFrames ? makeRenderer() : nil
    // Reports the label warnings the painted frames' fits give, once they are painted (nothing
    // without a check, or when there is nothing painted to record them).
    var reportFits: () -> Void = {}
    if let report = labelWarnings {
      if let first, hasFittedLabels {
        let log = LabelFitLog()
        first.labelFitLog = log
        reportFits = { report(first.labelWarnings(from: log)) }
      } else {
        // A vector output is checked on a renderer of its own; painted labels that are not fitted
        // give no warning.
        report(first == nil ? try self.labelWarnings() : [])
      }
    }
    switch output {
    case .gif(let path):
      let renderer = try first ?? makeRenderer()
      return try AtomicFile.write(to: path) { file in
        let summary = try encodeGIF(renderer, into: file)
        reportFits()
        return summary
      }
    case .pngFrames:
      let renderer = try first ?? makeRenderer()
      let replacement = try FolderReplacement(target: output.path) { name in
        !OutputTarget.isFrameName(name) && !(name.hasPrefix(".frame-") && name.hasSuffix(".tmp"))
      }
      let staging = OutputTarget.pngFrames(directory: replacement.stagingPath)
      var painter = framePainter(first: renderer, frames: settings.frameCount)
      var sink = PNGFramesSink(workers: painter.threads) { staging.framePath($0) }
      let bytes = try replacement.filling { try painter.run(frameCount: settings.frameCount, into: &sink) }
      reportFits()
      try replacement.commit()
      return RenderSummary(
        path: output.path, frameCount: settings.frameCount, storedFrameCount: settings.frameCount, bytes: bytes,
        pixelSize: settings.pixelSize, pixelHeight: settings.pixelHeight)
    default:
      let file = try encodedFile(first: first)
      reportFits()
      try AtomicFile.write(file.bytes, to: output.path)
      return file.summary
    }
  }

  /// Renders the job into memory: the bytes `run()` would write at the output's path (a GIF,
  /// WebP, APNG, PNG still, Lottie, dotLottie or SVG, chosen by `output`), written nowhere.
  /// - Returns: the file's bytes and what they hold; the summary's path is the output's.
  /// - Throws: `RenderError` for values out of range or a frames folder (`.framesInMemory`), else
  ///   an error naming the failure (image, Cairo, encoder).
  /// - Complexity: O(frames × pixels) time; memory O(pixels + the file's bytes).
  public func renderedFile() throws -> RenderedFile {
    try validate()
    switch output {
    case .pngFrames(let path):
      throw RenderError.framesInMemory(path: path)
    case .gif:
      let memory = MemorySink(name: output.path)
      let summary = try encodeGIF(try makeRenderer(), into: memory)
      return RenderedFile(bytes: memory.bytes, summary: summary)
    default:
      return try encodedFile()
    }
  }

  /// Paints the GIF with `renderer` (and one more per thread) and streams its bytes into `sink`.
  private func encodeGIF(_ renderer: Renderer, into sink: any ByteSink) throws -> RenderSummary {
    let (width, height, count) = (settings.pixelSize, settings.pixelHeight, settings.frameCount)
    let encoder = try GIFEncoder(width: width, height: height, options: gif)
    var painter = framePainter(first: renderer, frames: count)
    var frames = try GIFFrameSink(encoder, into: sink, delays: renderer.schedule.gifDelays, workers: painter.threads)
    let written = try painter.run(frameCount: count, into: &frames)
    return RenderSummary(
      path: output.path, frameCount: count, storedFrameCount: written.framesWritten, bytes: written.byteCount,
      pixelSize: width, pixelHeight: height)
  }

  /// The bytes of every output that is one file encoded in memory (all but a GIF and a frames folder).
  /// - Parameter first: a renderer of the job already made, if any.
  private func encodedFile(first: Renderer? = nil) throws -> RenderedFile {
    if lottie != nil, !paintsFrames { return try importedVector() }
    switch output {
    case .lottie: return try lottieFile()
    case .dotLottie: return try lottieFile(archived: true)
    case .svg: return try svgFile()
    case .still:
      let renderer = try first ?? makeRenderer()
      let seconds = stillSeconds
      var painter = FramePainter(painters: [{ _ in try renderer.frame(at: seconds) }])
      var sink = PNGStillSink()
      let bytes = try painter.run(frameCount: 1, into: &sink)
      return RenderedFile(
        bytes: bytes,
        summary: RenderSummary(
          path: output.path, frameCount: 1, storedFrameCount: 1, bytes: bytes.count, pixelSize: settings.pixelSize,
          pixelHeight: settings.pixelHeight))
    case .webp, .apng:
      let renderer = try first ?? makeRenderer()
      let format: AnimationEncoder.Format = output.format == .apng ? .apng : .webp(quality: webpQuality)
      var painter = framePainter(first: renderer, frames: settings.frameCount)
      var sink = AnimationFrameSink(
        format: format, width: settings.pixelSize, height: settings.pixelHeight, loop: gif.loop,
        times: renderer.schedule.millisecondBoundaries)
      let (bytes, stored) = try painter.run(frameCount: settings.frameCount, into: &sink)
      return RenderedFile(
        bytes: bytes,
        summary: RenderSummary(
          path: output.path, frameCount: settings.frameCount, storedFrameCount: stored, bytes: bytes.count,
          pixelSize: settings.pixelSize, pixelHeight: settings.pixelHeight))
    case .gif, .pngFrames:
      preconditionFailure("a GIF is streamed and a frames folder is many files")
    }
  }

  /// Paints every frame of the animation as `run()` paints them (the same renderers and threads)
  /// and encodes and writes nothing: the draw-only time `scripts/bench` compares outputs with.
  /// - Returns: the number of frames painted.
  /// - Throws: `RenderError` for values out of range, else an error naming the failure.
  /// - Complexity: O(frames × pixels).
  package func paintFrames() throws -> Int {
    try validate()
    let renderer = try Renderer(style: style, settings: settings, baseDirectory: baseDirectory)
    var painter = framePainter(first: renderer, frames: settings.frameCount)
    var sink = DiscardingSink()
    return try painter.run(frameCount: settings.frameCount, into: &sink)
  }

  /// The paint loop of this job: one renderer per thread (a Cairo canvas is not thread-safe), `first`
  /// among them, as many as there are workers and frames. The others are `first`'s siblings, each
  /// made on the thread that paints with it when it paints its first frame, while `first` paints.
  private func framePainter(first: Renderer, frames: Int) -> FramePainter {
    let others = (1..<max(1, min(workerCount, frames))).map { _ in LazyRenderer { try first.sibling() } }
    return FramePainter(painters: [{ try first.frame($0) }] + others.map { lazy in { try lazy.renderer().frame($0) } })
  }

  /// A renderer of the job's Lottie animation, or of its style.
  private func makeRenderer() throws -> Renderer {
    if let lottie { return try Renderer(lottie: lottie, settings: settings) }
    return try Renderer(style: style, settings: settings, baseDirectory: baseDirectory)
  }

  /// Every core (at most 8), unless the frames are large: each thread holds its own canvas and
  /// buffers, so threads × canvas pixels stay within 4 megapixels (one thread at 2048 × 2048).
  private var workerCount: Int {
    let pixels = max(1, settings.pixelSize * settings.pixelHeight)
    return max(1, workers ?? min(8, ProcessorCount.available, max(1, (4 << 20) / pixels)))
  }
}

extension RenderJob {
  /// The labels whose text does not fit inside the ring in this render, even wrapped
  /// (`Renderer.labelWarnings(at:)`): checked at the still's time, or at every frame's. Call it
  /// after `preflight()`; it paints nothing. None for a Lottie file, which is not fitted.
  /// - Returns: at most one warning per label.
  /// - Throws: an error naming the failure when the canvas, the picture or a text layout cannot be set up.
  /// - Complexity: O(frames × labels) scene evaluations; a few text layouts per distinct text.
  public func labelWarnings() throws -> [RenderWarning] {
    guard hasFittedLabels else { return [] }
    let renderer = try makeRenderer()
    let times: [Double]
    if case .still = output {
      times = [stillSeconds]
    } else {
      let schedule = renderer.schedule
      times = (0..<settings.frameCount).map { schedule.time(ofFrame: $0) }
    }
    return try renderer.labelWarnings(at: times)
  }

  /// Whether the output is painted (GIF, WebP, APNG, PNG still or frames), not serialized as vectors.
  private var paintsFrames: Bool {
    switch output.format {
    case .lottie, .dotLottie, .svg: return false
    default: return true
    }
  }

  /// Whether the job draws labels that are fitted inside the ring (a Lottie file's are not:
  /// players draw a text at its own size; the writer warns about that).
  private var hasFittedLabels: Bool {
    lottie == nil && output.format != .lottie && style.look.drawsText
  }

  /// The time of a still in seconds of the output, within it.
  var stillSeconds: Double {
    min(max(at.seconds(inDuration: settings.duration, secondsPerFrame: secondsPerFrame), 0), settings.duration)
  }

  /// The output seconds one frame of `StillTime.frame` lasts: for a Lottie animation one of its own
  /// frames (1 / `fr`), stretched as its time is to the output's length; else one output frame.
  var secondsPerFrame: Double { RenderJob.secondsPerFrame(lottie: lottie, settings: settings) }

  /// `secondsPerFrame` of a job painting `lottie` (or a style, for `nil`) with `settings`.
  static func secondsPerFrame(lottie: LottieImport?, settings: RenderSettings) -> Double {
    guard let source = lottie?.composition, source.frameRate > 0, source.duration > 0 else { return 1 / settings.fps }
    return settings.duration / source.duration / source.frameRate
  }
}

extension RenderJob {
  /// The style as a Lottie animation (`LottieExporter`) at the settings' size, rate and length.
  /// - Parameter archived: whether to make a dotLottie file (`DotLottieArchive`) instead of the JSON.
  /// - Returns: the file and what it holds (the frame count is the animation's), the exporter's warnings included.
  /// - Throws: `RenderError` for a canvas that is not square, `FormatError` or an image error.
  private func lottieFile(archived: Bool = false) throws -> RenderedFile {
    if let height = settings.height, height != settings.size {
      throw RenderError.lottie(
        .badValue(
          "a canvas that is not square (\(NumberText.short(settings.size))x\(NumberText.short(height))) is not "
            + "written as Lottie yet: give one --size"))
    }
    let exporter = LottieExporter(
      style: style, size: settings.size, fps: settings.fps, duration: settings.duration,
      frameCount: settings.frameCount, background: settings.background, baseDirectory: baseDirectory)
    let (document, warnings) = try exporter.write()
    let json = try document.json()
    guard archived else { return vectorFile(json, warnings: warnings) }
    return vectorFile(DotLottieArchive.archive(json: json, id: archiveID), warnings: warnings)
  }

  /// The animation's id inside a dotLottie file: the output's name without `.lottie`.
  private var archiveID: String {
    let name = String((output.path.split(separator: "/").last ?? "animation").dropLast(".lottie".count))
    return name.isEmpty || name == "-" ? "animation" : name
  }

  /// A vector file's bytes and what they hold.
  private func vectorFile(_ bytes: [UInt8], warnings: [String]) -> RenderedFile {
    var summary = RenderSummary(
      path: output.path, frameCount: settings.frameCount, storedFrameCount: settings.frameCount, bytes: bytes.count,
      pixelSize: Int(settings.size.rounded()), pixelHeight: Int((settings.height ?? settings.size).rounded()))
    summary.warnings = warnings
    return RenderedFile(bytes: bytes, summary: summary)
  }

  /// The style as an animated SVG (`SVGWriter`) at the settings' size, rate and length, looping
  /// as the GIF would.
  /// - Returns: the file and what it holds, the writer's warnings included.
  /// - Throws: `FormatError`, an image or text error.
  private func svgFile() throws -> RenderedFile {
    try LottieExporter.checkParts(of: style)
    let compiler = PresetCompiler(
      style: style, pixelWidth: Int(settings.size.rounded()),
      pixelHeight: Int((settings.height ?? settings.size).rounded()), scale: 1)
    let composition = try compiler.composition(
      fps: settings.fps, frameCount: settings.frameCount, duration: settings.duration,
      background: settings.background, baseDirectory: baseDirectory)
    let writer = SVGWriter(composition: composition, title: title ?? style.summary, loopCount: plays)
    let (bytes, warnings) = try writer.document()
    return vectorFile(bytes, warnings: warnings)
  }

  /// The GIF's loop as plays: `nil` plays once, 0 forever, n repeats n times after the first play.
  private var plays: Int? { gif.loop.map { $0 == 0 ? nil : $0 + 1 } ?? 1 }
}

extension RenderJob {
  /// Checks what the render needs from the disk, before anything is rendered: the picture the
  /// style paints can be decoded, and the output can be written (`OutputTarget.preflight()`,
  /// which creates and removes a probe file). Planning a job touches nothing; this is the step
  /// between planning and running.
  /// - Throws: `RenderError`, the picture checked first.
  /// - Complexity: one decode of the picture, the first time its path is asked about.
  public func preflight() throws(RenderError) {
    if let path = imagePath, let problem = RenderJob.imageProblem(path) {
      throw .image(key: .styleFile, description: problem)
    }
    try output.preflight()
  }

  /// The picture the style paints, resolved against `baseDirectory`, or `nil` when it paints none.
  public var imagePath: String? {
    guard let image = style.look.image?.path else { return nil }
    guard !image.hasPrefix("/"), let base = baseDirectory, base != "." else { return image }
    return (base.hasSuffix("/") ? base : base + "/") + image
  }

  /// Why the picture at `path` cannot be painted, read as the painter reads it (a regular file, a
  /// valid PNG within `PresetCompiler.maxImagePixels`, at most 32767 pixels a side as Cairo requires), or
  /// `nil` when it can.
  /// - Complexity: one decode of the file, the first time a path is asked about (a batch whose
  ///   entries share a picture decodes it once).
  public static func imageProblem(_ path: String) -> String? {
    if let known = checkedImages.withLock({ $0[path] }) { return known }
    let problem = readImageProblem(path)
    checkedImages.withLock { $0[path] = .some(problem) }
    return problem
  }

  /// `imageProblem` of each path asked about so far.
  private static let checkedImages = Mutex<[String: String?]>([:])

  private static func readImageProblem(_ path: String) -> String? {
    let bytes: [UInt8]
    do {
      bytes = try InputFile.readBytes(path, limit: PresetCompiler.maxImageBytes)
    } catch {
      guard error.message.contains("bytes") else { return RasterError.unreadableImage(path: path).description }
      return "\(path) \(error.message): give a PNG file of at most \(PresetCompiler.maxImageBytes) bytes"
    }
    do {
      let frame = try PNGCodec.decode(bytes, source: path, maxPixels: PresetCompiler.maxImagePixels)
      guard frame.width <= 32767, frame.height <= 32767 else {
        return "\(path): the PNG is \(frame.width)×\(frame.height) pixels, more than 32767 a side; use a smaller image"
      }
      return nil
    } catch {
      return error.description
    }
  }
}

extension RenderJob {
  /// The job's Lottie animation, fitted to the settings, as Lottie, dotLottie or SVG.
  /// - Returns: the file and what it holds, the writer's warnings included.
  /// - Throws: `FormatError`.
  private func importedVector() throws -> RenderedFile {
    guard let lottie else { preconditionFailure("a job without a Lottie animation") }
    let composition = lottie.fitted(
      width: settings.size, height: settings.height ?? settings.size, duration: settings.duration,
      frameRate: settings.fps, frameCount: settings.frameCount, background: settings.background)
    if case .svg = output {
      let (bytes, warnings) = try SVGWriter(
        composition: composition, title: title ?? composition.name, loopCount: plays
      )
      .document()
      return vectorFile(bytes, warnings: warnings)
    }
    let (document, warnings) = try LottieWriter(composition: composition).document()
    let json = try document.json()
    guard case .dotLottie = output else { return vectorFile(json, warnings: warnings) }
    return vectorFile(DotLottieArchive.archive(json: json, id: archiveID), warnings: warnings)
  }
}
