import ProgressRenderCore

/// How `GIFEncoder` writes a GIF. The defaults suit flat vector animations.
public struct GIFOptions: Equatable, Sendable {
  /// NETSCAPE2.0 loop count: 0 loops forever, n > 0 repeats n times after the first play
  /// (0…65535); `nil` writes no loop extension, so the animation plays once.
  public var loop: Int?
  /// Colour table size limit, 2…256, including the transparent entry when there is one.
  public var colors: Int
  /// Dithering strength, 0 (off) … 1; `nil` (the default) chooses: 1 for photos and gradients
  /// (more colours than Ward clustering takes, so libimagequant builds the palette), 0 for flat art.
  /// Only pixels that changed since the previous frame are dithered, so unchanged ones never flicker.
  public var dither: Double?
  /// How colours the palette lacks are dithered: error diffusion (the default) or an ordered pattern.
  public var ditherMethod: GIFDitherMethod
  /// Whether a frame whose colours the global palette cannot hold may get a local colour table,
  /// chosen per frame when it lowers the error by more than the table costs in bytes. Only at the
  /// full palette size (`colors` 256): a smaller `colors` keeps the whole animation to one palette.
  public var localColorTables: Bool

  /// Whether local colour tables are in use: asked for, and `colors` is the full 256.
  var usesLocalColorTables: Bool { localColorTables && colors == 256 }
  /// The colour of the page the GIF will sit on: partly transparent pixels are blended onto it.
  /// `nil` uses `alphaThreshold` instead. Its own alpha is ignored.
  public var matte: RGBAColor?
  /// Without a matte, pixels with alpha (0…255) below this become transparent, 1…255 (`.cut`).
  public var alphaThreshold: Int
  /// Without a matte, how partly transparent pixels are shown: an ordered dither keeps a share
  /// of them equal to their alpha (the default: no translucent part vanishes), a cut keeps those
  /// at `alphaThreshold` or more.
  public var transparency: GIFTransparency
  /// At most this many evenly spaced frames (first and last included) feed the palette;
  /// `nil` uses every frame, which guarantees a lossless GIF whenever the whole animation has
  /// few enough colours. Either way only a histogram is kept, never the frames.
  public var paletteFrames: Int?

  /// Creates options; every parameter has the documented default.
  public init(
    loop: Int? = 0, colors: Int = 256, dither: Double? = nil, ditherMethod: GIFDitherMethod = .diffusion,
    localColorTables: Bool = true, matte: RGBAColor? = nil, alphaThreshold: Int = 128,
    transparency: GIFTransparency = .dither,
    paletteFrames: Int? = nil
  ) {
    self.loop = loop
    self.colors = colors
    self.dither = dither
    self.ditherMethod = ditherMethod
    self.localColorTables = localColorTables
    self.matte = matte
    self.alphaThreshold = alphaThreshold
    self.transparency = transparency
    self.paletteFrames = paletteFrames
  }

  /// The range of `loop`: 0 (forever) … 65535.
  public static let loopRange = 0...65535
  /// The range of `colors`.
  public static let colorRange = 2...256

  /// Checks every option's range.
  /// - Throws: `FormatError` (bad input) naming the option, the value and the valid range.
  public func validate() throws(FormatError) {
    if let loop, !GIFOptions.loopRange.contains(loop) {
      throw FormatError.badValue("loop count \(loop) is out of range: use 0 (forever) … 65535")
    }
    guard GIFOptions.colorRange.contains(colors) else {
      throw FormatError.badValue("palette size \(colors) is out of range: use 2 … 256 colours")
    }
    if let dither, !dither.isFinite || !(0...1).contains(dither) {
      throw FormatError.badValue("dithering level \(dither) is out of range: use 0 (off) … 1")
    }
    guard (1...255).contains(alphaThreshold) else {
      throw FormatError.badValue("alpha threshold \(alphaThreshold) is out of range: use 1 … 255")
    }
    if let paletteFrames, paletteFrames < 1 {
      throw FormatError.badValue("palette frame count \(paletteFrames) is out of range: use 1 or more")
    }
  }
}
