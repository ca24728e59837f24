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
  /// - Returns: what was written.
  /// - Throws: `RenderError` for values out of range (nothing is written), else an error naming
  ///   the failure (image, Cairo, encoder, file system); nothing partial is left.
  /// - Complexity: O(frames × pixels); memory O(pixels) for GIFs and frame folders.
  @discardableResult
  public func run() throws -> RenderSummary {
    try validate()
    if case .lottie(let path) = output { return try writeLottie(to: path) }
    let renderer = try Renderer(style: style, settings: settings, baseDirectory: baseDirectory)
    let edge = settings.pixelSize
    let count = settings.frameCount
    switch output {
    case .gif(let path):
      let encoder = try GIFEncoder(width: edge, height: edge, options: gif)
      var painter = try framePainter(first: renderer, frames: count)
      let summary = try AtomicFile.write(to: path) { file in
        var sink = try GIFFrameSink(encoder, into: file, delays: renderer.schedule.gifDelays, workers: painter.threads)
        return try painter.run(frameCount: count, into: &sink)
      }
      return RenderSummary(
        path: path, frameCount: count, storedFrameCount: summary.framesWritten, bytes: summary.byteCount,
        pixelSize: edge)
    case .still(let path):
      let seconds = stillSeconds
      var painter = FramePainter(painters: [{ _ in try renderer.frame(at: seconds) }])
      var sink = PNGStillSink(path: path)
      let bytes = try painter.run(frameCount: 1, into: &sink)
      return RenderSummary(path: path, frameCount: 1, storedFrameCount: 1, bytes: bytes, pixelSize: edge)
    case .pngFrames:
      let replacement = try FolderReplacement(target: output.path) { name in
        !OutputTarget.isFrameName(name) && !(name.hasPrefix(".frame-") && name.hasSuffix(".tmp"))
      }
      let staging = OutputTarget.pngFrames(directory: replacement.stagingPath)
      var painter = try framePainter(first: renderer, frames: count)
      var sink = PNGFramesSink(workers: painter.threads) { staging.framePath($0) }
      let bytes = try painter.run(frameCount: count, into: &sink)
      try replacement.commit()
      return RenderSummary(path: output.path, frameCount: count, storedFrameCount: count, bytes: bytes, pixelSize: edge)
    case .webp(let path), .apng(let path):
      let format: AnimationEncoder.Format = output.format == .apng ? .apng : .webp(quality: webpQuality)
      var painter = try framePainter(first: renderer, frames: count)
      var sink = AnimationFrameSink(
        format: format, width: edge, height: edge, loop: gif.loop, times: renderer.schedule.millisecondBoundaries)
      let (bytes, stored) = try painter.run(frameCount: count, into: &sink)
      try AtomicFile.write(bytes, to: path)
      return RenderSummary(path: path, frameCount: count, storedFrameCount: stored, bytes: bytes.count, pixelSize: edge)
    case .lottie(let path):
      return try writeLottie(to: path)
    }
  }

  /// The paint loop of this job: one renderer per thread (a Cairo canvas is not thread-safe), `first`
  /// among them, as many as there are workers and frames.
  private func framePainter(first: Renderer, frames: Int) throws -> FramePainter {
    var renderers = [first]
    while renderers.count < max(1, min(workerCount, frames)) {
      renderers.append(try Renderer(style: style, settings: settings, baseDirectory: baseDirectory))
    }
    return FramePainter(painters: renderers.map { renderer in { try renderer.frame($0) } })
  }

  private var workerCount: Int {
    max(1, workers ?? min(8, ProcessInfo.processInfo.activeProcessorCount))
  }
}
