/// The one palette of a whole animation: opaque colours, plus a transparent entry when reserved.
struct GIFPalette: Equatable, Sendable {
  /// Opaque colours, `0xRRGGBB`.
  var colors: [UInt32]
  /// The transparent entry's index (`colors.count`), or `nil` when none was reserved.
  var transparentIndex: Int?
  /// Whether `colors` holds every colour of the histogram exactly (no quantization).
  var isExact: Bool
  /// RGB stored for the transparent entry (seen only by viewers that ignore transparency).
  var transparentColor: UInt32 = 0
  /// Whether the colours are those of a photo or gradient: more than Ward clustering takes, so
  /// libimagequant chose the palette (and dithering is on by default).
  var isPhotographic = false

  /// The GIF colour table: the opaque colours, then the transparent entry.
  var tableColors: [UInt32] { transparentIndex == nil ? colors : colors + [transparentColor] }

  /// Chooses the palette for a histogram.
  ///
  /// - Transparent pixels present: one entry is reserved for them and `maxColors - 1` remain.
  /// - Opaque only: a transparent entry is still reserved (it lets frame differencing mark
  ///   unchanged pixels) when the colours fit beside it or when `maxColors ≥ 64` (costing one
  ///   colour of many); with exactly `maxColors` colours they are kept exact instead.
  /// - The colours fit: the palette is the colours themselves, in ascending order (lossless).
  ///   Otherwise libimagequant picks them.
  /// - Parameters:
  ///   - histogram: the colours of the animation.
  ///   - maxColors: 2…256, the colour table size limit including the transparent entry.
  ///   - transparentColor: RGB for the transparent entry (e.g. the matte).
  ///   - hasTransparent: whether the animation has transparent pixels, when `histogram` does not
  ///     count all of its frames.
  ///   - wardLimit: the most colours clustered with `WardQuantizer` (O(n²)); more go to libimagequant.
  /// - Throws: `FormatError` when libimagequant fails.
  static func build(
    from histogram: ColorHistogram, maxColors: Int, transparentColor: UInt32 = 0, hasTransparent: Bool? = nil,
    wardLimit: Int = WardQuantizer.maxColors
  ) throws -> GIFPalette {
    let opaque = histogram.opaqueColors()
    let reserve: Bool
    if hasTransparent ?? histogram.hasTransparent {
      reserve = true
    } else if opaque.count < maxColors {
      reserve = true
    } else if opaque.count == maxColors && histogram.isExact {
      reserve = false
    } else {
      reserve = maxColors >= 64
    }
    let budget = reserve ? maxColors - 1 : maxColors
    var palette: GIFPalette
    if opaque.count <= budget && histogram.isExact {
      palette = GIFPalette(colors: opaque.map(\.rgb), transparentIndex: nil, isExact: true)
    } else {
      let colors: [UInt32]
      if opaque.count <= min(wardLimit, WardQuantizer.maxColors) {
        // A few more colours than fit (anti-aliased flat art): merge the closest, then polish.
        colors = PaletteRefiner.refine(WardQuantizer.palette(for: opaque, maxColors: budget), histogram: opaque)
      } else {
        let quantizer = try PaletteQuantizer(maxColors: max(2, budget))
        try quantizer.add(opaque)
        colors = Array(try quantizer.quantize().prefix(budget))
      }
      palette = GIFPalette(colors: colors, transparentIndex: nil, isExact: false)
      palette.isPhotographic = opaque.count > min(wardLimit, WardQuantizer.maxColors)
    }
    if palette.colors.isEmpty { palette.colors = [transparentColor] }  // an all-transparent animation
    if reserve { palette.transparentIndex = palette.colors.count }
    palette.transparentColor = transparentColor
    return palette
  }
}
