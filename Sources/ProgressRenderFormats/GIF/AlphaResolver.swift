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
  /// - Complexity: O(n); opaque pixels cost one compare.
  func resolve(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, into keys: UnsafeMutableBufferPointer<UInt32>) {
    precondition(keys.count == pixels.count)
    if let pattern, matte == nil {
      resolveDithered(pixels, width: width, pattern: pattern, into: keys)
      return
    }
    var lastIn: UInt32 = 0
    var lastOut: UInt32 = Self.transparentKey
    for i in 0..<pixels.count {
      let p = pixels[i]
      if p >= 0xFF00_0000 {
        keys[i] = p
      } else if p == lastIn {
        keys[i] = lastOut
      } else {
        lastIn = p
        lastOut = resolvePartial(p)
        keys[i] = lastOut
      }
    }
  }

  private func resolveDithered(
    _ pixels: UnsafeBufferPointer<UInt32>, width: Int, pattern: [UInt32], into keys: UnsafeMutableBufferPointer<UInt32>
  ) {
    var lastIn: UInt32 = 0
    var lastColor: UInt32 = Self.transparentKey
    for i in 0..<pixels.count {
      let p = pixels[i]
      let a = p >> 24
      if a == 255 {
        keys[i] = p
        continue
      }
      let x = i % width
      let y = i / width
      guard a >= pattern[(y & 3) << 2 | x & 3] else {
        keys[i] = Self.transparentKey
        continue
      }
      if p != lastIn {
        lastIn = p
        let c = Frame.unpremultiply(p)
        lastColor = 0xFF00_0000 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
      }
      keys[i] = lastColor
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
