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
  /// Pass-1 frames are kept (as resolved colours) instead of rendered twice while they fit in this many bytes.
  static let cacheBudget = 4 << 20
  /// Whether unchanged pixels inside a frame's rectangle are written transparent (measured smaller).
  var marksUnchangedPixels = true

  /// - Parameters:
  ///   - width: canvas width, 1…65535.
  ///   - height: canvas height, 1…65535.
  ///   - options: see `GIFOptions`.
  /// - Throws: `GIFEncodingError` naming a bad option or size.
  public init(width: Int, height: Int, options: GIFOptions = GIFOptions()) throws {
    guard (1...65535).contains(width), (1...65535).contains(height) else {
      throw GIFEncodingError("GIF size \(width)×\(height) is out of range: use 1 … 65535 pixels a side")
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
  public func write(to path: String, delays: [Int], render: (Int) throws -> Frame) throws -> GIFSummary {
    try AtomicFile.write(to: path) { file in try encode(into: file, delays: delays, render: render) }
  }

  /// Encodes the GIF in memory.
  /// - Parameters: as for `write(to:delays:render:)`.
  /// - Returns: the GIF bytes and what was written.
  /// - Throws: `GIFEncodingError` or what `render` throws.
  public func encode(delays: [Int], render: (Int) throws -> Frame) throws -> (bytes: [UInt8], summary: GIFSummary) {
    let sink = MemorySink()
    let summary = try encode(into: sink, delays: delays, render: render)
    return (sink.bytes, summary)
  }

  func encode(into sink: any ByteSink, delays: [Int], render: (Int) throws -> Frame) throws -> GIFSummary {
    guard !delays.isEmpty else { throw GIFEncodingError("a GIF needs at least one frame") }
    if let bad = delays.firstIndex(where: { !(0...65535).contains($0) }) {
      throw GIFEncodingError("frame \(bad) has delay \(delays[bad]) cs: use 0 … 65535 hundredths of a second")
    }
    let pixelCount = width * height
    let resolver = AlphaResolver(matte: options.matte, alphaThreshold: options.alphaThreshold)
    var keys = [UInt32](repeating: 0, count: pixelCount)
    func resolve(_ i: Int) throws {
      let frame = try render(i)
      guard frame.width == width, frame.height == height else {
        throw GIFEncodingError("frame \(i) is \(frame.width)×\(frame.height) pixels, expected \(width)×\(height)")
      }
      frame.pixels.withUnsafeBufferPointer { p in keys.withUnsafeMutableBufferPointer { resolver.resolve(p, into: $0) }
      }
    }

    // Pass 1: the palette.
    let samples = Self.paletteFrameIndices(count: delays.count, limit: options.paletteFrames)
    let caching = samples.count == delays.count && samples.count * pixelCount * 4 <= Self.cacheBudget
    var cache: [[UInt32]] = []
    var histogram = ColorHistogram()
    for i in samples {
      try resolve(i)
      keys.withUnsafeBufferPointer { histogram.add($0) }
      if caching { cache.append(keys) }
    }
    let matteRGB = options.matte.map { Frame.premultiplied($0.withAlpha(1)) & 0x00FF_FFFF } ?? 0
    let palette = try GIFPalette.build(from: histogram, maxColors: options.colors, transparentColor: matteRGB)

    // Pass 2: map, difference, write.
    let writer = try GIFFileWriter(
      sink: sink, width: width, height: height, colors: palette.tableColors, loopCount: options.loop,
      backgroundIndex: palette.transparentIndex ?? 0)
    var mapper = PaletteMapper(palette: palette, dither: options.dither)
    var differencer = FrameDifferencer(
      width: width, height: height, transparentIndex: palette.transparentIndex, marksUnchanged: marksUnchangedPixels)
    var indices = [UInt8](repeating: 0, count: pixelCount)
    for i in delays.indices {
      if caching {
        swap(&keys, &cache[i])
        cache[i] = []
      } else {
        try resolve(i)
      }
      keys.withUnsafeBufferPointer { k in
        indices.withUnsafeMutableBufferPointer { mapper.map(k, width: width, into: $0) }
      }
      try differencer.push(&indices, delay: delays[i], writer: writer)
    }
    try differencer.finish(writer: writer)
    try writer.close()
    return GIFSummary(
      framesWritten: differencer.framesWritten, paletteColors: palette.colors.count,
      hasTransparentIndex: palette.transparentIndex != nil, isLossless: mapper.inexactPixels == 0,
      byteCount: writer.bytesWritten)
  }

  /// The frames that feed the palette: all of them, or `limit` evenly spaced ones including the first and last.
  static func paletteFrameIndices(count: Int, limit: Int?) -> [Int] {
    guard let limit, limit < count else { return Array(0..<count) }
    if limit == 1 { return [0] }
    return (0..<limit).map { $0 * (count - 1) / (limit - 1) }
  }
}
