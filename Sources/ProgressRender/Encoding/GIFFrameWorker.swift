/// One rendering thread's state in `GIFEncoder`: its own renderer, palette mapper and histogram, so
/// workers share nothing. `parallelMap` hands each thread a worker of its own.
struct GIFFrameWorker {
  private let render: (Int) throws -> Frame
  private let resolver: AlphaResolver
  private let width: Int
  private let height: Int
  /// The palette mapper, set once the palette is known.
  var mapper: PaletteMapper?
  /// When set (the palette pass), every rendered frame's keys are counted here.
  var histogram: ColorHistogram?

  init(render: @escaping (Int) throws -> Frame, resolver: AlphaResolver, width: Int, height: Int) {
    self.render = render
    self.resolver = resolver
    self.width = width
    self.height = height
  }

  /// Renders frame `i` and resolves its alpha into colour keys, counted in `histogram` when set.
  /// - Returns: the frame's `width × height` colour keys.
  /// - Throws: what the renderer throws, or `GIFEncodingError` for a frame of another size.
  mutating func keys(ofFrame i: Int) throws -> [UInt32] {
    let frame = try render(i)
    guard frame.width == width, frame.height == height else {
      throw GIFEncodingError("frame \(i) is \(frame.width)×\(frame.height) pixels, expected \(width)×\(height)")
    }
    let keys = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, initialized in
      frame.pixels.withUnsafeBufferPointer { resolver.resolve($0, into: buffer) }
      initialized = width * height
    }
    if histogram != nil { keys.withUnsafeBufferPointer { histogram?.add($0) } }
    return keys
  }

  /// Maps colour keys to palette indices with `mapper`.
  /// - Returns: the frame's `width × height` palette indices.
  mutating func indices(of keys: [UInt32]) -> [UInt8] {
    guard var m = mapper else { preconditionFailure("indices(of:) before the palette is known") }
    mapper = nil  // keep the mapper's buffers uniquely referenced while it works
    let indices = [UInt8](unsafeUninitializedCapacity: keys.count) { buffer, initialized in
      keys.withUnsafeBufferPointer { m.map($0, width: width, into: buffer) }
      initialized = keys.count
    }
    mapper = m
    return indices
  }
}
