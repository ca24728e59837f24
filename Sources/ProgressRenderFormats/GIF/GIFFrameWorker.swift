import ProgressRenderCore

/// One thread's state in `GIFFrameSink`: its own palette mapper, histogram and buffers, so
/// workers share nothing. `parallelMap` hands each thread a worker of its own.
///
/// Buffers go back to the worker that made them (`slot` names it): a worker then holds at most as
/// many spares as it once used in one round, so memory stays bounded whatever the frame count.
struct GIFFrameWorker {
  /// This worker's position among the encoder's workers; results name it so their buffers come back here.
  let slot: Int
  private let resolver: AlphaResolver
  private let width: Int
  private let height: Int
  /// The frame mapper, set once the palette is known.
  var mapper: FrameMapper?
  /// When set (the palette pass), every rendered frame's keys are counted here.
  var histogram: ColorHistogram?
  /// When set, the palette pass only looks for transparent pixels (`sawTransparent`) instead of
  /// counting colours: the global palette is chosen for the first frame alone.
  var looksForTransparencyOnly = false
  /// Whether a frame keyed while `looksForTransparencyOnly` held a transparent pixel.
  private(set) var sawTransparent = false
  /// Key buffers handed back after use, refilled instead of allocating one per frame.
  var spareKeys: [[UInt32]] = []
  /// Shown-colour buffers handed back after use, refilled instead of allocating one per frame.
  var spareColors: [[UInt32]] = []
  /// Frame-sized buffers this worker has allocated (none were spare); bounded, not growing with the frame count.
  private(set) var buffersMade = 0

  init(slot: Int, resolver: AlphaResolver, width: Int, height: Int) {
    self.slot = slot
    self.resolver = resolver
    self.width = width
    self.height = height
  }

  /// Resolves frame `i`'s alpha into colour keys, counted in `histogram` when set (or only
  /// looked through for transparency when `looksForTransparencyOnly`).
  /// - Parameters:
  ///   - frame: the painted frame.
  ///   - i: its index, for messages.
  /// - Returns: the frame's `width × height` colour keys.
  /// - Throws: `FormatError` for a frame of another size.
  mutating func keys(of frame: Frame, index i: Int) throws -> [UInt32] {
    guard frame.width == width, frame.height == height else {
      throw FormatError.failed("frame \(i) is \(frame.width)×\(frame.height) pixels, expected \(width)×\(height)")
    }
    var keys: [UInt32]
    if let spare = spareKeys.popLast() {
      keys = spare
    } else {
      keys = [UInt32](repeating: 0, count: width * height)
      buffersMade += 1
    }
    frame.pixels.withUnsafeBufferPointer { p in
      keys.withUnsafeMutableBufferPointer { resolver.resolve(p, width: width, into: $0) }
    }
    if looksForTransparencyOnly {
      if !sawTransparent {
        sawTransparent = keys.withUnsafeBufferPointer { KeyBlock.contains(AlphaResolver.transparentKey, in: $0) }
      }
    } else if histogram != nil {
      keys.withUnsafeBufferPointer { histogram?.add($0) }
    }
    return keys
  }

  /// Maps colour keys to the colours the GIF shows, with `mapper`.
  /// - Parameters:
  ///   - keys: the frame's colour keys.
  ///   - previous: the previous frame's keys (`nil` for the first frame).
  /// - Returns: the frame's `width × height` shown colours (see `FrameDifferencer`), and the rows
  ///   outside which they are all `FrameDifferencer.keep`.
  /// - Throws: `FormatError` when a local palette cannot be built.
  mutating func colors(of keys: [UInt32], previous: [UInt32]?) throws -> (colors: [UInt32], rows: Range<Int>) {
    guard var m = mapper else { preconditionFailure("colors(of:) before the palette is known") }
    mapper = nil  // keep the mapper's buffers uniquely referenced while it works
    defer { mapper = m }
    var colors: [UInt32]
    if let spare = spareColors.popLast() {
      colors = spare
    } else {
      colors = [UInt32](repeating: 0, count: keys.count)
      buffersMade += 1
    }
    let rows = try m.map(keys, previous: previous, into: &colors)
    return (colors, rows)
  }
}
