/// One rendering thread's state in `GIFEncoder`: its own renderer and buffers, so workers share nothing.
///
/// `@unchecked Sendable` because each worker is used by exactly one thread at a time (round by
/// round, joined before the encoder reads its buffers).
final class GIFFrameWorker: @unchecked Sendable {
  private let render: (Int) throws -> Frame
  private let resolver: AlphaResolver
  private let width: Int
  private let height: Int
  /// The resolved colour keys of the last frame.
  var keys: [UInt32]
  /// The palette indices of the last frame (after `map`).
  var indices: [UInt8]
  /// The palette mapper, set once the palette is known.
  var mapper: PaletteMapper?
  /// When set (the palette pass), every rendered frame's keys are counted here, on this thread.
  var histogram: ColorHistogram?
  /// What the last job threw.
  var error: (any Error)?

  init(render: @escaping (Int) throws -> Frame, resolver: AlphaResolver, width: Int, height: Int) {
    self.render = render
    self.resolver = resolver
    self.width = width
    self.height = height
    keys = Array(repeating: 0, count: width * height)
    indices = Array(repeating: 0, count: width * height)
  }

  /// Renders frame `i` and resolves its alpha into `keys`; maps it into `indices` too when `map` is set.
  /// Errors are stored in `error`, not thrown, so that a round of workers always completes.
  func run(frame i: Int, map: Bool) {
    error = nil
    do {
      let frame = try render(i)
      guard frame.width == width, frame.height == height else {
        throw GIFEncodingError("frame \(i) is \(frame.width)×\(frame.height) pixels, expected \(width)×\(height)")
      }
      frame.pixels.withUnsafeBufferPointer { p in keys.withUnsafeMutableBufferPointer { resolver.resolve(p, into: $0) }
      }
      if histogram != nil { keys.withUnsafeBufferPointer { histogram!.add($0) } }
      if map { mapKeys() }
    } catch {
      self.error = error
    }
  }

  /// Maps `keys` into `indices` with `mapper`.
  func mapKeys() {
    guard var m = mapper else { preconditionFailure("mapKeys before the palette is known") }
    mapper = nil  // keep the mapper's buffers uniquely referenced while it works
    keys.withUnsafeBufferPointer { k in indices.withUnsafeMutableBufferPointer { m.map(k, width: width, into: $0) } }
    mapper = m
  }
}
