import ProgressRenderCore
import ProgressRenderSupport

/// Encodes an animation into a GIF89a with one global palette, frame differencing and a loop count.
///
/// Frames come from a renderer closure and are never all held at once: pass 1 renders the
/// palette frames (every frame by default) into a colour histogram, pass 2 renders every frame
/// again, maps it to the palette and writes only what changed. Output is deterministic: the same
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
  /// they fit in this many bytes.
  var cacheBudget = 8 << 20
  /// Whether unchanged pixels inside a frame's rectangle are written transparent (measured smaller).
  var marksUnchangedPixels = true
  /// Told, after an encode, how many frame-sized buffers its workers allocated in all (a test hook:
  /// the number must not grow with the frame count).
  var reportBuffersMade: (@Sendable (Int) -> Void)?

  /// - Parameters:
  ///   - width: canvas width, 1…65535.
  ///   - height: canvas height, 1…65535.
  ///   - options: see `GIFOptions`.
  /// - Throws: `GIFEncodingError` naming a bad option or size.
  public init(width: Int, height: Int, options: GIFOptions = GIFOptions()) throws {
    guard (1...65535).contains(width), (1...65535).contains(height) else {
      throw GIFEncodingError(
        "GIF size \(width)×\(height) is out of range: use 1 … 65535 pixels a side", kind: .badInput)
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
  /// - Throws: `FileWriteError` naming `path`, `GIFEncodingError`, or what `render` throws.
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
  /// - Throws: `FileWriteError` naming `path`, `GIFEncodingError`, or what a renderer throws
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
  /// - Throws: `GIFEncodingError` or what `render` throws.
  public func encode(delays: [Int], render: @escaping (Int) throws -> Frame) throws -> (
    bytes: [UInt8], summary: GIFSummary
  ) {
    try encode(delays: delays, workers: 1) { render }
  }

  /// Encodes the GIF in memory, rendering on `workers` threads.
  /// - Parameters: as for `write(to:delays:workers:makeRenderer:)`.
  /// - Returns: the GIF bytes and what was written.
  /// - Throws: `GIFEncodingError` or what a renderer throws.
  public func encode(
    delays: [Int], workers: Int, makeRenderer: () throws -> (Int) throws -> Frame
  ) throws -> (bytes: [UInt8], summary: GIFSummary) {
    let renderers = try (0..<max(1, min(workers, 64))).map { _ in try makeRenderer() }
    let sink = MemorySink()
    let summary = try encode(into: sink, delays: delays, renderers: renderers)
    return (sink.bytes, summary)
  }

  func encode(into sink: any ByteSink, delays: [Int], renderers: [(Int) throws -> Frame]) throws -> GIFSummary {
    guard !delays.isEmpty else { throw GIFEncodingError("a GIF needs at least one frame") }
    if let bad = delays.firstIndex(where: { !(0...65535).contains($0) }) {
      throw GIFEncodingError("frame \(bad) has delay \(delays[bad]) cs: use 0 … 65535 hundredths of a second")
    }
    let resolver = AlphaResolver(matte: options.matte, alphaThreshold: options.alphaThreshold)
    var workers = renderers.enumerated().map { slot, render in
      GIFFrameWorker(slot: slot, render: render, resolver: resolver, width: width, height: height)
    }

    // Pass 1: the palette, from a histogram; frames kept as differences while they fit the budget.
    let samples = Self.paletteFrameIndices(count: delays.count, limit: options.paletteFrames)
    var cache = KeyFrameCache(
      width: width, height: height, budget: samples.count == delays.count ? cacheBudget : 0)
    var firstFrame = FirstFrameHistogram()
    for w in workers.indices { workers[w].histogram = ColorHistogram() }
    try Self.inRounds(samples, workers: &workers) { i, worker in
      try worker.keys(ofFrame: i)
    } consume: { keys, _ in
      cache.append(keys)
      if options.usesLocalColorTables { firstFrame.append(keys) }
    } recycle: { keys, worker in
      worker.spareKeys.append(keys)
    }
    var histogram = ColorHistogram()
    for w in workers.indices {
      if let counted = workers[w].histogram { histogram.merge(counted) }
      workers[w].histogram = nil
    }
    let matteRGB = options.matte.map { Frame.premultiplied($0.withAlpha(1)) & 0x00FF_FFFF } ?? 0
    // When the first frame alone has more colours than a palette holds, the global palette is
    // chosen for it (each pixel weighted by how long it keeps its first colour): later frames'
    // changes take local tables where the global palette serves them badly.
    let first = firstFrame.histogram()
    let forFirstFrame = options.usesLocalColorTables && first.distinctCount >= options.colors
    let palette =
      forFirstFrame
      ? try GIFPalette.build(
        from: first, maxColors: options.colors, transparentColor: matteRGB, hasTransparent: histogram.hasTransparent)
      : try GIFPalette.build(from: histogram, maxColors: options.colors, transparentColor: matteRGB)

    // Pass 2: map, difference, write.
    let writer = try GIFFileWriter(
      sink: sink, width: width, height: height, colors: palette.tableColors, loopCount: options.loop,
      backgroundIndex: palette.transparentIndex ?? 0)
    for w in workers.indices {
      workers[w].mapper = FrameMapper(
        palette: palette, options: options, width: width, height: height, servesFirstFrame: forFirstFrame)
    }
    var differencer = FrameDifferencer(
      width: width, height: height, palette: palette.tableColors, transparentIndex: palette.transparentIndex,
      transparentColor: matteRGB, marksUnchanged: marksUnchangedPixels)
    // Each round's keys (cached frames rebuilt in order, the rest rendered on every worker at once)
    // are mapped on every worker at once, each frame against the one before it. Every buffer goes
    // back to the worker that made it (`slot`), so no worker's spares pile up with the frame count;
    // copies of rebuilt frames belong to no worker and are dropped after their round.
    let cached = cache.count
    var rebuilt = [UInt32](repeating: 0, count: width * height)
    var previous: (keys: [UInt32], slot: Int?)? = nil
    var start = 0
    while start < delays.count {
      let n = min(workers.count, delays.count - start)
      var made: [(keys: [UInt32], slot: Int?)] = []
      if start >= cached {
        let first = start
        made = try parallelMap(count: n, workers: &workers) { k, worker in
          (keys: try worker.keys(ofFrame: first + k), slot: Optional(worker.slot))
        }
      } else {
        for k in 0..<n {
          if start + k < cached {
            cache.replayNext(into: &rebuilt)
            made.append((rebuilt, nil))
          } else {
            made.append((try workers[0].keys(ofFrame: start + k), workers[0].slot))
          }
        }
      }
      let round = made.map(\.keys)
      let before = previous?.keys
      var mapped = try parallelMap(count: n, workers: &workers) { k, worker in
        (colors: try worker.colors(of: round[k], previous: k == 0 ? before : round[k - 1]), slot: worker.slot)
      }
      for k in 0..<n {
        try differencer.push(&mapped[k].colors, delay: delays[start + k], writer: writer)
        workers[mapped[k].slot].spareColors.append(mapped[k].colors)
      }
      if let old = previous, let slot = old.slot { workers[slot].spareKeys.append(old.keys) }
      previous = made.removeLast()
      for entry in made { if let slot = entry.slot { workers[slot].spareKeys.append(entry.keys) } }
      start += n
    }
    try differencer.finish(writer: writer)
    try writer.close()
    reportBuffersMade?(workers.reduce(0) { $0 + $1.buffersMade })
    let inexact = workers.reduce(differencer.inexactPixels) { $0 + ($1.mapper?.inexactPixels ?? 0) }
    return GIFSummary(
      framesWritten: differencer.framesWritten, paletteColors: palette.colors.count,
      hasTransparentIndex: palette.transparentIndex != nil, isLossless: inexact == 0,
      byteCount: writer.bytesWritten, localColorTables: differencer.localTables)
  }

  /// Makes the result of each of `frames` in rounds of `workers.count` (in parallel when more than
  /// one, with `parallelMap`), so at most one round's results are held, and hands them to `consume`
  /// in frame order; then `recycle` hands each result's buffers back to the worker that made it, for
  /// reuse (handing them to another would pile spares up on workers that got fewer frames).
  /// - Throws: the error of a round's lowest failing frame, or what `consume` throws.
  private static func inRounds<Result: Sendable>(
    _ frames: [Int], workers: inout [GIFFrameWorker], _ make: @Sendable (Int, inout GIFFrameWorker) throws -> Result,
    consume: (inout Result, Int) throws -> Void, recycle: (Result, inout GIFFrameWorker) -> Void
  ) throws {
    var start = 0
    while start < frames.count {
      let round = Array(frames[start..<min(start + workers.count, frames.count)])
      var results = try parallelMap(count: round.count, workers: &workers) { k, worker in
        (result: try make(round[k], &worker), slot: worker.slot)
      }
      for k in results.indices {
        try consume(&results[k].result, round[k])
        recycle(results[k].result, &workers[results[k].slot])
      }
      start += round.count
    }
  }

  /// The frames that feed the palette: all of them, or `limit` evenly spaced ones including the first and last.
  static func paletteFrameIndices(count: Int, limit: Int?) -> [Int] {
    guard let limit, limit < count else { return Array(0..<count) }
    if limit == 1 { return [0] }
    return (0..<limit).map { $0 * (count - 1) / (limit - 1) }
  }
}
