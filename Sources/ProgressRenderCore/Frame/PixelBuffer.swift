/// Pixels as Cairo's ARGB32 image surfaces hold them: premultiplied alpha, one `UInt32` a pixel,
/// `0xAARRGGBB` in native byte order, row-major with no padding. What `CairoCanvas`, `CairoImage` and
/// `PNGCodec` take and give; `Frame` wraps it (sharing the pixel array, not copying it).
package struct PixelBuffer: Equatable, Sendable {
  /// Width in pixels.
  package let width: Int
  /// Height in pixels.
  package let height: Int
  /// `width × height` premultiplied ARGB pixels, top row first.
  package var pixels: [UInt32]

  /// Creates a buffer from premultiplied ARGB pixels.
  /// - Precondition: `pixels.count == width * height`.
  package init(width: Int, height: Int, pixels: [UInt32]) {
    precondition(pixels.count == width * height, "pixel count must be width × height")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Creates a buffer from straight (un-premultiplied) RGBA bytes, 4 a pixel.
  /// - Precondition: `rgba.count == width * height * 4`.
  /// - Complexity: O(width × height).
  package init(width: Int, height: Int, straightRGBA rgba: [UInt8]) {
    precondition(rgba.count == width * height * 4, "byte count must be width × height × 4")
    var pixels = [UInt32](repeating: 0, count: width * height)
    for i in 0..<(width * height) {
      let a = UInt32(rgba[i * 4 + 3])
      func pm(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
      pixels[i] = a << 24 | pm(rgba[i * 4]) << 16 | pm(rgba[i * 4 + 1]) << 8 | pm(rgba[i * 4 + 2])
    }
    self.init(width: width, height: height, pixels: pixels)
  }

  /// Straight (un-premultiplied) RGBA bytes, 4 a pixel, as PNG and GIF encoders want them.
  /// - Complexity: O(width × height).
  package func straightRGBA() -> [UInt8] {
    var out = [UInt8](repeating: 0, count: pixels.count * 4)
    for (i, p) in pixels.enumerated() {
      let rgba = Self.unpremultiply(p)
      out[i * 4] = rgba.r
      out[i * 4 + 1] = rgba.g
      out[i * 4 + 2] = rgba.b
      out[i * 4 + 3] = rgba.a
    }
    return out
  }

  /// Un-premultiplies one ARGB pixel, rounding to nearest. An opaque pixel's case is inlined where
  /// it is called, from any module (the encoders call it per pixel: a call per pixel cost 3 % of a
  /// `wave` frame folder's CPU); a translucent one's division is a call.
  @inlinable @inline(__always)
  package static func unpremultiply(_ p: UInt32) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    if p >> 24 == 255 { return (UInt8(p >> 16 & 0xff), UInt8(p >> 8 & 0xff), UInt8(p & 0xff), 255) }
    return unpremultiplyTranslucent(p)
  }

  /// `unpremultiply` of a pixel whose alpha is under 255.
  @usableFromInline
  package static func unpremultiplyTranslucent(_ p: UInt32) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let a = p >> 24
    if a == 0 { return (0, 0, 0, 0) }
    func un(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
    return (un(p >> 16 & 0xff), un(p >> 8 & 0xff), un(p & 0xff), UInt8(a))
  }
}
