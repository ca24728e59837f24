import ProgressRenderCore

/// Turns Cairo's premultiplied ARGB pixels into the one-bit-alpha colour keys a GIF can hold.
///
/// A key is `0xFFRRGGBB` (opaque, straight colour) or `AlphaResolver.transparentKey` (0).
/// Opaque pixels pass through unchanged; fully transparent ones become 0; partly transparent
/// ones are blended onto the matte colour when there is one (no dark fringe on the page the GIF
/// sits on), else kept with their un-premultiplied colour when alpha ≥ the threshold and made
/// transparent below it — a threshold that is fixed (`.cut`) or varies with the pixel's place
/// in a 4 × 4 Bayer pattern (`.dither`), so a translucent area keeps a share of its pixels.
struct AlphaResolver: Sendable {
  /// The key of a transparent pixel.
  static let transparentKey: UInt32 = 0

  private let matte: UInt32?
  private let threshold: UInt32
  /// Per place in the 4 × 4 pattern (row-major), the alpha a pixel must reach to stay; `nil` cuts.
  private let pattern: [UInt32]?

  /// The 4 × 4 Bayer matrix: the order in which a growing alpha turns the pattern's pixels on.
  static let bayer: [UInt32] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

  /// - Parameters:
  ///   - matte: the page colour to blend partial alpha onto, or `nil` for the threshold rule.
  ///   - alphaThreshold: 1…255; without a matte and cutting, alpha below it becomes transparent.
  ///   - transparency: cut at `alphaThreshold`, or dither (which ignores the threshold).
  init(matte: RGBAColor?, alphaThreshold: Int, transparency: GIFTransparency = .cut) {
    self.matte = matte.map { Frame.premultiplied($0.withAlpha(1)) }
    self.threshold = UInt32(alphaThreshold)
    // Level b stays from alpha (b + ½) × 255 / 16 up: the kept share of a 4 × 4 block is alpha's.
    pattern = transparency == .dither ? Self.bayer.map { ($0 * 2 + 1) * 255 / 32 + 1 } : nil
  }

  /// Resolves `pixels` into `keys` (same count), rows of `width` pixels.
  ///
  /// Eight pixels that are all opaque, or all zero, are copied as they are (their keys are
  /// themselves) with four 64-bit loads and stores; other blocks go pixel by pixel.
  /// - Parameters:
  ///   - pixels: whole rows of a frame.
  ///   - width: the frame's width.
  ///   - firstRow: the frame row `pixels` start at (the dither pattern's place).
  ///   - keys: receives the keys.
  /// - Complexity: O(n); a block of eight opaque or zero pixels costs a few instructions.
  func resolve(
    _ pixels: UnsafeBufferPointer<UInt32>, width: Int, firstRow: Int = 0, into keys: UnsafeMutableBufferPointer<UInt32>
  ) {
    precondition(keys.count == pixels.count)
    if let pattern, matte == nil {
      resolveDithered(pixels, width: width, firstRow: firstRow, pattern: pattern, into: keys)
      return
    }
    var lastIn: UInt32 = 0
    var lastOut: UInt32 = Self.transparentKey
    Self.copyPlainBlocks(pixels, into: keys) { source, target, range in
      for i in range {
        let p = source[i]
        if p >= 0xFF00_0000 {
          target[i] = p
        } else if p == lastIn {
          target[i] = lastOut
        } else {
          lastIn = p
          lastOut = resolvePartial(p)
          target[i] = lastOut
        }
      }
    }
  }

  /// Copies each block of eight pixels that `copyPlainBlock` can copy and hands every other
  /// stretch (a mixed block, or the last `count % 8` pixels) to `resolve`, in order.
  @inline(__always)
  private static func copyPlainBlocks(
    _ pixels: UnsafeBufferPointer<UInt32>, into keys: UnsafeMutableBufferPointer<UInt32>,
    _ resolve: (UnsafePointer<UInt32>, UnsafeMutablePointer<UInt32>, Range<Int>) -> Void
  ) {
    guard let source = pixels.baseAddress, let target = keys.baseAddress else { return }
    let count = pixels.count
    let blocks = count & ~7
    var start = 0
    while start < count {
      let end: Int
      if start < blocks {
        if copyPlainBlock(source + start, into: target + start) {
          start &+= 8
          continue
        }
        end = start &+ 8
      } else {
        end = count
      }
      resolve(source, target, start..<end)
      start = end
    }
  }

  /// Copies eight pixels to their keys when each is its own key because all are opaque or all
  /// are zero (transparent); returns whether it did.
  @inline(__always)
  private static func copyPlainBlock(
    _ source: UnsafePointer<UInt32>, into target: UnsafeMutablePointer<UInt32>
  ) -> Bool {
    let raw = UnsafeRawPointer(source)
    let a = raw.loadUnaligned(as: UInt64.self)
    let b = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    let c = raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
    let d = raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
    let alphas: UInt64 = 0xFF00_0000_FF00_0000
    guard a & b & c & d & alphas == alphas || a | b | c | d == 0 else { return false }
    let out = UnsafeMutableRawPointer(target)
    out.storeBytes(of: a, as: UInt64.self)
    out.storeBytes(of: b, toByteOffset: 8, as: UInt64.self)
    out.storeBytes(of: c, toByteOffset: 16, as: UInt64.self)
    out.storeBytes(of: d, toByteOffset: 24, as: UInt64.self)
    return true
  }

  /// `resolve` with the ordered alpha dither; blocks of eight opaque or zero pixels are copied
  /// as in `resolve` (every level of `pattern` is above 0, so a zero pixel stays transparent).
  private func resolveDithered(
    _ pixels: UnsafeBufferPointer<UInt32>, width: Int, firstRow: Int, pattern: [UInt32],
    into keys: UnsafeMutableBufferPointer<UInt32>
  ) {
    var lastIn: UInt32 = 0
    var lastColor: UInt32 = Self.transparentKey
    Self.copyPlainBlocks(pixels, into: keys) { source, target, range in
      for i in range {
        let p = source[i]
        let a = p >> 24
        if a == 255 {
          target[i] = p
          continue
        }
        let x = i % width
        let y = firstRow &+ i / width
        guard a >= pattern[(y & 3) << 2 | x & 3] else {
          target[i] = Self.transparentKey
          continue
        }
        if p != lastIn {
          lastIn = p
          let c = Frame.unpremultiply(p)
          lastColor = 0xFF00_0000 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
        }
        target[i] = lastColor
      }
    }
  }

  /// The key of a pixel whose alpha is below 255.
  func resolvePartial(_ p: UInt32) -> UInt32 {
    let a = p >> 24
    if a == 0 { return Self.transparentKey }
    if let matte {
      let rest = 255 - a
      func blend(_ shift: UInt32) -> UInt32 {
        min(255, (p >> shift & 0xff) + ((matte >> shift & 0xff) * rest + 127) / 255) << shift
      }
      return 0xFF00_0000 | blend(16) | blend(8) | blend(0)
    }
    if a < threshold { return Self.transparentKey }
    let c = Frame.unpremultiply(p)
    return 0xFF00_0000 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
  }
}
