import ProgressRenderCore

/// Turns Cairo's premultiplied ARGB pixels into the one-bit-alpha colour keys a GIF can hold.
///
/// A key is `0xFFRRGGBB` (opaque, straight colour) or `AlphaResolver.transparentKey` (0).
/// Opaque pixels pass through unchanged; fully transparent ones become 0; partly transparent
/// ones are blended onto the matte colour when there is one (no dark fringe on the page the GIF
/// sits on), else kept with their un-premultiplied colour when alpha ≥ the threshold and made
/// transparent below it.
struct AlphaResolver: Sendable {
  /// The key of a transparent pixel.
  static let transparentKey: UInt32 = 0

  private let matte: UInt32?
  private let threshold: UInt32

  /// - Parameters:
  ///   - matte: the page colour to blend partial alpha onto, or `nil` for the threshold rule.
  ///   - alphaThreshold: 1…255; without a matte, alpha below it becomes transparent.
  init(matte: RGBAColor?, alphaThreshold: Int) {
    self.matte = matte.map { Frame.premultiplied($0.withAlpha(1)) }
    self.threshold = UInt32(alphaThreshold)
  }

  /// Resolves `pixels` into `keys` (same count).
  /// - Complexity: O(n); opaque pixels cost one compare.
  func resolve(_ pixels: UnsafeBufferPointer<UInt32>, into keys: UnsafeMutableBufferPointer<UInt32>) {
    precondition(keys.count == pixels.count)
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
