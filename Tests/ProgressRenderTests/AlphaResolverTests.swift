import ProgressRenderCore
import Testing

@testable import ProgressRenderFormats

/// The eight-at-a-time fast path of `AlphaResolver.resolve` (cut, matte and dither) must give
/// exactly what the pixel-by-pixel version gives, on random and edge-case frames.
@Suite struct AlphaResolverTests {
  /// How a test frame's pixels are chosen.
  enum Mix: CaseIterable, Sendable {
    /// Random ARGB with random alpha (premultiplied or not: any 32 bits).
    case random
    /// Runs of opaque, zero and partly transparent pixels, run lengths 1…20.
    case runs
    /// Alpha only 0, 255 or one in between, single pixels.
    case alphas
    /// All opaque, one colour.
    case flat
    /// All zero.
    case clear
  }

  /// Deterministic pixels: a linear congruential generator.
  static func pixels(_ mix: Mix, count: Int, seed: UInt32) -> [UInt32] {
    var state = seed
    func next() -> UInt32 {
      state = state &* 1_664_525 &+ 1_013_904_223
      return state
    }
    func premultiplied(alpha a: UInt32) -> UInt32 {
      let r = next() >> 24 * a / 255
      let g = next() >> 24 * a / 255
      let b = next() >> 24 * a / 255
      return a << 24 | r << 16 | g << 8 | b
    }
    switch mix {
    case .random: return (0..<count).map { _ in next() }
    case .alphas:
      return (0..<count).map { _ in
        switch next() >> 30 {
        case 0: 0
        case 1: premultiplied(alpha: 255)
        default: premultiplied(alpha: next() >> 24 % 254 + 1)
        }
      }
    case .runs:
      var out: [UInt32] = []
      while out.count < count {
        let pixel: UInt32 =
          switch next() >> 30 {
          case 0: 0
          case 1: premultiplied(alpha: next() >> 24 % 254 + 1)
          default: premultiplied(alpha: 255)
          }
        out += repeatElement(pixel, count: Int(next() >> 27) % 20 + 1)
      }
      return Array(out.prefix(count))
    case .flat: return Array(repeating: 0xFF33_6699, count: count)
    case .clear: return Array(repeating: 0, count: count)
    }
  }

  static let widths = [1, 3, 7, 8, 9, 15, 16, 17, 63]
  static let resolvers: [(String, AlphaResolver)] = [
    ("cut 128", AlphaResolver(matte: nil, alphaThreshold: 128)),
    ("cut 1", AlphaResolver(matte: nil, alphaThreshold: 1)),
    ("matte", AlphaResolver(matte: RGBAColor(r: 0x33, g: 0x66, b: 0x99), alphaThreshold: 128)),
  ]

  @Test(arguments: Mix.allCases, widths)
  func resolveMatchesPixelByPixel(mix: Mix, width: Int) {
    let pixels = Self.pixels(mix, count: width * 5, seed: UInt32(width) * 31 + 7)
    for (name, resolver) in Self.resolvers {
      var keys = [UInt32](repeating: 0xDEAD_BEEF, count: pixels.count)
      pixels.withUnsafeBufferPointer { p in
        keys.withUnsafeMutableBufferPointer { resolver.resolve(p, width: width, into: $0) }
      }
      let expected = pixels.map { $0 >= 0xFF00_0000 ? $0 : resolver.resolvePartial($0) }
      #expect(keys == expected, "\(name)")
    }
  }

  /// Rows resolved apart, each told the frame row it starts at, give the keys of the whole frame:
  /// the dither pattern keeps its place.
  @Test(arguments: [1, 3, 8, 17])
  func rowsResolvedApartMatchTheWholeFrame(width: Int) {
    let pixels = Self.pixels(.runs, count: width * 9, seed: UInt32(width) * 7 + 3)
    let resolver = AlphaResolver(matte: nil, alphaThreshold: 128, transparency: .dither)
    var whole = [UInt32](repeating: 0, count: pixels.count)
    var apart = [UInt32](repeating: 0xDEAD_BEEF, count: pixels.count)
    pixels.withUnsafeBufferPointer { p in
      whole.withUnsafeMutableBufferPointer { resolver.resolve(p, width: width, into: $0) }
      apart.withUnsafeMutableBufferPointer { k in
        for rows in [0..<2, 2..<3, 3..<7, 7..<9] {
          let range = rows.lowerBound * width..<rows.upperBound * width
          resolver.resolve(
            UnsafeBufferPointer(rebasing: p[range]), width: width, firstRow: rows.lowerBound,
            into: UnsafeMutableBufferPointer(rebasing: k[range]))
        }
      }
    }
    #expect(apart == whole)
  }

  @Test(arguments: Mix.allCases, widths)
  func ditheredResolveMatchesPixelByPixel(mix: Mix, width: Int) {
    let pixels = Self.pixels(mix, count: width * 5, seed: UInt32(width) * 13 + 5)
    let resolver = AlphaResolver(matte: nil, alphaThreshold: 128, transparency: .dither)
    var keys = [UInt32](repeating: 0xDEAD_BEEF, count: pixels.count)
    pixels.withUnsafeBufferPointer { p in
      keys.withUnsafeMutableBufferPointer { resolver.resolve(p, width: width, into: $0) }
    }
    let levels = AlphaResolver.bayer.map { ($0 * 2 + 1) * 255 / 32 + 1 }
    let expected = pixels.enumerated().map { i, p -> UInt32 in
      let a = p >> 24
      if a == 255 { return p }
      if a < levels[(i / width & 3) << 2 | i % width & 3] { return AlphaResolver.transparentKey }
      let c = Frame.unpremultiply(p)
      return 0xFF00_0000 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
    }
    #expect(keys == expected)
  }
}
