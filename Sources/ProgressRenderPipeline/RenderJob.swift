import Dispatch
import Foundation
import ProgressRenderCore
import ProgressRenderFormats
import ProgressRenderRaster
import ProgressRenderSupport

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
  /// Threads that paint frames; `nil` uses every core (at most 8). The bytes written do not
  /// depend on it.
  public var workers: Int?

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
  /// - Throws: `RenderJobError` naming the first bad value.
  public func validate() throws(RenderJobError) {
    do {
      try settings.validate()
    } catch {
      throw .settings(error)
    }
    do {
      try StyleLoader.validate(style, source: "style '\(style.name)'")
    } catch {
      throw .style(error)
    }
    do {
      try gif.validate()
    } catch {
      throw .gif(error)
    }
  }

  /// Validates the job (`validate()`), renders and writes the output.
  /// - Returns: what was written.
  /// - Throws: `RenderJobError` for values out of range (nothing is written), else an error naming
  ///   the failure (image, Cairo, encoder, file system); nothing partial is left.
  /// - Complexity: O(frames × pixels); memory O(pixels) for GIFs and frame folders.
  @discardableResult
  public func run() throws -> RenderSummary {
    try validate()
    if case .lottie(let path) = output { return try writeLottie(to: path) }
    let renderer = try Renderer(style: style, settings: settings, baseDirectory: baseDirectory)
    let edge = settings.pixelSize
    switch output {
    case .gif(let path):
      let encoder = try GIFEncoder(width: edge, height: edge, options: gif)
      var spare: Renderer? = renderer
      let summary = try encoder.write(to: path, delays: renderer.schedule.gifDelays, workers: workerCount) {
        let worker = try spare ?? Renderer(style: style, settings: settings, baseDirectory: baseDirectory)
        spare = nil
        return { try worker.frame($0) }
      }
      return RenderSummary(
        path: path, frameCount: settings.frameCount, storedFrameCount: summary.framesWritten,
        bytes: summary.byteCount, pixelSize: edge)
    case .still(let path):
      let bytes = try PNGCodec.encode(renderer.frame(at: stillSeconds))
      try AtomicFile.write(bytes, to: path)
      return RenderSummary(path: path, frameCount: 1, storedFrameCount: 1, bytes: bytes.count, pixelSize: edge)
    case .pngFrames:
      return try writeFrames(renderer: renderer)
    case .lottie(let path):
      return try writeLottie(to: path)
    case .webp(let path):
      return try writeAnimation(.webp(quality: webpQuality), to: path, renderer: renderer)
    case .apng(let path):
      return try writeAnimation(.apng, to: path, renderer: renderer)
    }
  }

  /// Renders every frame (in rounds of one frame per worker, consumed in order) into an animated WebP or
  /// APNG, timed in milliseconds by the schedule, and writes it atomically.
  /// - Complexity: memory O(workers × pixels) plus the compressed file.
  private func writeAnimation(_ format: AnimationEncoder.Format, to path: String, renderer: Renderer) throws
    -> RenderSummary
  {
    let edge = settings.pixelSize
    let times = renderer.schedule.millisecondBoundaries
    let count = settings.frameCount
    var renderers = [renderer]
    while renderers.count < max(1, min(workerCount, count)) {
      renderers.append(try Renderer(style: style, settings: settings, baseDirectory: baseDirectory))
    }
    /// Renders every frame in order, a round of one frame per worker at a time; stops when `use` says no.
    func eachFrame(_ use: (Int, Frame) throws -> Bool) throws {
      var start = 0
      while start < count {
        let round = min(renderers.count, count - start)
        let first = start
        let frames = try parallelMap(count: round, workers: &renderers) { k, worker in try worker.frame(first + k) }
        for (k, frame) in frames.enumerated() where try !use(first + k, frame) { return }
        start += round
      }
    }
    // An APNG of at most 256 colours (transparent included) is stored colour-mapped: a first pass counts them.
    var colors: Set<UInt32>? = format == .apng ? [0] : nil
    if colors != nil {
      try eachFrame { _, frame in
        AnimationEncoder.collect(frame, into: &colors)
        return colors != nil
      }
    }
    var encoder = try AnimationEncoder(format: format, width: edge, height: edge, loop: gif.loop, colors: colors)
    try eachFrame { index, frame in
      try encoder.add(frame, start: times[index])
      return true
    }
    let bytes = try encoder.finish(end: times[count])
    try AtomicFile.write(bytes, to: path)
    return RenderSummary(
      path: path, frameCount: count, storedFrameCount: encoder.framesWritten, bytes: bytes.count, pixelSize: edge)
  }

  private var workerCount: Int {
    max(1, workers ?? min(8, ProcessInfo.processInfo.activeProcessorCount))
  }

  /// Renders every frame into a staging folder and replaces the target folder with it as a whole
  /// (`FolderReplacement`): a reader sees the old frames or the new ones, never a mix, and no
  /// `frame-NNNN.png` of the old set survives. Other files of the old folder are carried over.
  private func writeFrames(renderer: Renderer) throws -> RenderSummary {
    let replacement = try FolderReplacement(target: output.path) { name in
      !OutputTarget.isFrameName(name) && !(name.hasPrefix(".frame-") && name.hasSuffix(".tmp"))
    }
    let staging = OutputTarget.pngFrames(directory: replacement.stagingPath)
    let count = settings.frameCount
    let bytes = try paintFrames(count: count, first: renderer) { index, frame in
      let png = try PNGCodec.encode(frame)
      try AtomicFile.write(png, to: staging.framePath(index))
      return png.count
    }
    try replacement.commit()
    return RenderSummary(
      path: output.path, frameCount: count, storedFrameCount: count, bytes: bytes, pixelSize: settings.pixelSize)
  }

  /// Paints frames `0..<count` and hands each to `write` (encode and store it), on every worker
  /// (`parallelMap`), each with a renderer of its own (a Cairo canvas is not thread-safe). Each
  /// frame is written on its own, so the files do not depend on the number of workers, and no frame
  /// is kept once written.
  /// - Returns: the sum of what `write` returned (bytes written).
  /// - Throws: the error of the lowest failing frame.
  /// - Complexity: memory O(workers × pixels).
  private func paintFrames(
    count: Int, first: Renderer, write: @escaping @Sendable (Int, Frame) throws -> Int
  ) throws -> Int {
    let workers = max(1, min(workerCount, count))
    var renderers = [first]
    while renderers.count < workers {
      renderers.append(try Renderer(style: style, settings: settings, baseDirectory: baseDirectory))
    }
    return try parallelMap(count: count, workers: &renderers) { index, renderer in
      try write(index, renderer.frame(index))
    }.reduce(0, +)
  }
}
