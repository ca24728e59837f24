import ProgressRenderCore
import ProgressRenderSupport

/// Encodes an animation into a GIF89a with one global palette, frame differencing and a loop count.
///
/// Frames come from a renderer closure through `FramePainter` into a `GIFFrameSink` and are never
/// all held at once: pass 1 renders the palette frames (every frame by default) into a colour
/// histogram, pass 2 renders every frame not kept from pass 1, maps it to the palette and writes
/// only what changed. Output is deterministic: the same
/// frames and options give the same bytes.
///
/// ```swift
/// let encoder = try GIFEncoder(width: 240, height: 240)
/// try encoder.write(to: "dl.gif", delays: schedule.gifDelays) { try painter.paint(scene(at: $0)) }
/// ```
public struct GIFEncoder: Sendable {
  /// Canvas width in pixels.
  public let width: Int
  /// Canvas height in pixels.
  public let height: Int
  /// The options in use (validated).
  public let options: GIFOptions
  /// Pass-1 frames are kept (as differences of resolved colours) instead of rendered twice while
  /// they fit in this many bytes. 32 MiB holds all of `upload` at 480 px (a photo: its changed
  /// rectangles are stored key by key), which 8 MiB cut off after 74 of 120 frames; peak memory
  /// stayed within 5 % (70 → 73 MB), a 60 s `thumb` at 46 MB either way.
  var cacheBudget = 32 << 20
  /// Whether unchanged pixels inside a frame's rectangle are written transparent (measured smaller).
  var marksUnchangedPixels = true
  /// Told, after an encode, how many frame-sized buffers its workers and its ring of rebuilt frames
  /// allocated in all (a test hook: the number must not grow with the frame count).
  var reportBuffersMade: (@Sendable (Int) -> Void)?

  /// - Parameters:
  ///   - width: canvas width, 1…65535.
  ///   - height: canvas height, 1…65535.
  ///   - options: see `GIFOptions`.
  /// - Throws: `FormatError` naming a bad option or size.
  public init(width: Int, height: Int, options: GIFOptions = GIFOptions()) throws {
    guard (1...65535).contains(width), (1...65535).contains(height) else {
      throw FormatError.badValue(
        "GIF size \(width)×\(height) is out of range: use 1 … 65535 pixels a side")
    }
    try options.validate()
    self.width = width
    self.height = height
    self.options = options
  }

  /// Encodes and writes the GIF atomically: `path` holds the complete GIF or is left untouched.
  /// - Parameters:
  ///   - path: the output file.
  ///   - delays: one delay per frame in hundredths of a second (0…65535); their count is the frame count.
  ///   - render: draws frame `i` (each index is asked for once or twice); must return `width × height` frames.
  /// - Returns: what was written.
  /// - Throws: `FileWriteError` naming `path`, `FormatError`, or what `render` throws.
  /// - Complexity: O(frames × pixels) time; memory O(pixels), independent of the frame count.
  @discardableResult
  public func write(to path: String, delays: [Int], render: @escaping (Int) throws -> Frame) throws -> GIFSummary {
    try write(to: path, delays: delays, workers: 1) { render }
  }

  /// Encodes and writes the GIF atomically, rendering on `workers` threads.
  ///
  /// The bytes are identical whatever the number of workers: frames are rendered in rounds of
  /// `workers` and consumed in frame order.
  /// - Parameters:
  ///   - path: the output file.
  ///   - delays: one delay per frame in hundredths of a second (0…65535).
  ///   - workers: threads that render (and map) frames, 1…64.
  ///   - makeRenderer: called `workers` times up front; each renderer it returns is used by one thread only.
  /// - Returns: what was written.
  /// - Throws: `FileWriteError` naming `path`, `FormatError`, or what a renderer throws
  ///   (the error of the lowest frame index when several fail).
  /// - Complexity: memory O(workers × pixels), independent of the frame count.
  @discardableResult
  public func write(
    to path: String, delays: [Int], workers: Int, makeRenderer: () throws -> (Int) throws -> Frame
  ) throws -> GIFSummary {
    let renderers = try (0..<max(1, min(workers, 64))).map { _ in try makeRenderer() }
    return try AtomicFile.write(to: path) { file in try encode(into: file, delays: delays, renderers: renderers) }
  }

  /// Encodes the GIF in memory.
  /// - Parameters: as for `write(to:delays:render:)`.
  /// - Returns: the GIF bytes and what was written.
  /// - Throws: `FormatError` or what `render` throws.
  public func encode(delays: [Int], render: @escaping (Int) throws -> Frame) throws -> (
    bytes: [UInt8], summary: GIFSummary
  ) {
    try encode(delays: delays, workers: 1) { render }
  }

  /// Encodes the GIF in memory, rendering on `workers` threads.
  /// - Parameters: as for `write(to:delays:workers:makeRenderer:)`.
  /// - Returns: the GIF bytes and what was written.
  /// - Throws: `FormatError` or what a renderer throws.
  public func encode(
    delays: [Int], workers: Int, makeRenderer: () throws -> (Int) throws -> Frame
  ) throws -> (bytes: [UInt8], summary: GIFSummary) {
    let renderers = try (0..<max(1, min(workers, 64))).map { _ in try makeRenderer() }
    let sink = MemorySink()
    let summary = try encode(into: sink, delays: delays, renderers: renderers)
    return (sink.bytes, summary)
  }

  func encode(into sink: any ByteSink, delays: [Int], renderers: [(Int) throws -> Frame]) throws -> GIFSummary {
    var gif = try GIFFrameSink(self, into: sink, delays: delays, workers: renderers.count)
    var painter = FramePainter(painters: renderers)
    return try painter.run(frameCount: delays.count, into: &gif)
  }

  /// The frames that feed the palette: all of them, or `limit` evenly spaced ones including the first and last.
  static func paletteFrameIndices(count: Int, limit: Int?) -> [Int] {
    guard let limit, limit < count else { return Array(0..<count) }
    if limit == 1 { return [0] }
    return (0..<limit).map { $0 * (count - 1) / (limit - 1) }
  }
}
