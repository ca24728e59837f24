import Dispatch
import Foundation

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
  /// Threads that paint frames; `nil` uses every core (at most 8). The bytes written do not
  /// depend on it.
  public var workers: Int?

  /// Creates a job.
  /// - Parameters:
  ///   - style: the style, overrides already applied.
  ///   - settings: validated settings.
  ///   - output: the target.
  ///   - loop: GIF loop count (0 forever); overrides `gif.loop`.
  ///   - at: still time (default: the end, the finished state).
  ///   - baseDirectory: where relative image paths are resolved.
  ///   - gif: GIF encoding options.
  ///   - workers: painting threads (default: every core, at most 8).
  public init(
    style: Style, settings: RenderSettings, output: OutputTarget, loop: Int = 0, at: StillTime? = nil,
    baseDirectory: String? = nil, gif: GIFOptions = GIFOptions(), workers: Int? = nil
  ) {
    self.workers = workers
    self.style = style
    self.settings = settings
    self.output = output
    var options = gif
    options.loop = loop
    self.gif = options
    self.at = at ?? .end
    self.baseDirectory = baseDirectory
  }

  /// Renders and writes the output.
  /// - Returns: what was written.
  /// - Throws: an error naming the failure (image, Cairo, encoder, file system); nothing partial is left.
  /// - Complexity: O(frames × pixels); memory O(pixels) for GIFs and frame folders.
  public func run() throws -> RenderSummary {
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
    }
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
