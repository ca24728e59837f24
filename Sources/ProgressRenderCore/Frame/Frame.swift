/// One rendered picture: Cairo's ARGB32 pixels (premultiplied alpha, one `UInt32` a pixel,
/// `0xAARRGGBB` in native byte order), row-major with no padding.
public struct Frame: Codable, Equatable, Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width × height` premultiplied ARGB pixels, top row first.
  public var pixels: [UInt32]

  /// Creates a frame from premultiplied ARGB pixels.
  /// - Precondition: `pixels.count == width * height`.
  public init(width: Int, height: Int, pixels: [UInt32]) {
    precondition(pixels.count == width * height, "pixel count must be width × height")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Creates a frame filled with one colour.
  public init(width: Int, height: Int, fill: RGBAColor) {
    self.init(width: width, height: height, pixels: Array(repeating: Frame.premultiplied(fill), count: width * height))
  }

  /// Creates a frame from straight (un-premultiplied) RGBA bytes, 4 a pixel.
  /// - Precondition: `rgba.count == width * height * 4`.
  public init(width: Int, height: Int, straightRGBA rgba: [UInt8]) {
    self.init(PixelBuffer(width: width, height: height, straightRGBA: rgba))
  }

  /// Wraps a pixel buffer, sharing its pixels.
  package init(_ buffer: PixelBuffer) {
    self.init(width: buffer.width, height: buffer.height, pixels: buffer.pixels)
  }

  /// The frame's pixels as a buffer for the C libraries, sharing them.
  package var buffer: PixelBuffer { PixelBuffer(width: width, height: height, pixels: pixels) }

  /// Straight (un-premultiplied) RGBA bytes, 4 a pixel, as PNG and GIF encoders want them.
  /// - Complexity: O(width × height).
  public func straightRGBA() -> [UInt8] { buffer.straightRGBA() }

  /// The straight RGBA of the pixel at (x, y).
  public func rgba(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    Frame.unpremultiply(pixels[y * width + x])
  }

  /// Un-premultiplies one ARGB pixel, rounding to nearest.
  @inline(__always)
  public static func unpremultiply(_ p: UInt32) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    PixelBuffer.unpremultiply(p)
  }

  /// The premultiplied ARGB pixel of a colour.
  public static func premultiplied(_ c: RGBAColor) -> UInt32 {
    func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
    let a = byte(c.alpha)
    func pm(_ v: Double) -> UInt32 { (byte(v) * a + 127) / 255 }
    return a << 24 | pm(c.red) << 16 | pm(c.green) << 8 | pm(c.blue)
  }
}
