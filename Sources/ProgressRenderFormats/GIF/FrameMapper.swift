/// Chooses the colour each pixel of a frame shows, for `FrameDifferencer`: pixels whose colour key
/// did not change since the previous frame keep what they showed (`FrameDifferencer.keep`); the
/// changed ones are mapped to the global palette (dithered as the options say) or, when that
/// wins, to colours of their own that the differencer writes with a local colour table.
///
/// The choice is made per frame by rate and distortion: a local table is taken when the squared
/// error it removes (summed over the changed pixels' channels) exceeds `errorPerTableByte` times
/// the bytes of the table. A local table holds the changed pixels' colours exactly when they are
/// at most 255; otherwise libimagequant picks 255 for them and they are dithered like the global ones.
struct FrameMapper {
  /// Squared error (levels², summed over channels) a local table must save per byte it costs. Low,
  /// because a frame's error stays on screen until its pixels change again (measured: `thumb` at
  /// full anti-aliasing takes a table on almost every frame and gains 5 dB for 2× the bytes).
  static let errorPerTableByte = 0.25

  /// The most colours a local palette clusters with `WardQuantizer` (it runs once a frame).
  static let localWardLimit = 1024

  let width: Int
  let height: Int
  /// Whether the global palette was chosen for the first frame (then the first frame never
  /// takes a local table: its error would be measured without the weight of time).
  private let globalServesFirstFrame: Bool
  private var global: PaletteMapper
  /// The global table's colours (`0xRRGGBB`) by index.
  private let globalColors: [UInt32]
  private let globalTransparent: Int?
  private let method: GIFDitherMethod
  /// Dithering strength in use, 0…1.
  let strength: Double
  private let localTables: Bool
  /// The dithering strength asked for, `nil` for the palette's default.
  private let requestedStrength: Double?
  private var diffuser = ErrorDiffuser()
  private var indices: [UInt8] = []
  private var candidate: [UInt32] = []
  /// The frame's changed pixels, found once and visited by every mapping.
  private var changed = ChangedRuns()
  /// The rows of the frame being mapped that hold its changes (the rows `map` writes).
  private var rows = 0..<0
  /// Number of changed pixels shown in a colour other than their own.
  private(set) var inexactPixels = 0

  /// - Parameters:
  ///   - palette: the animation's global palette.
  ///   - options: dithering and local-table options (`dither == nil` takes the palette's default).
  ///   - servesFirstFrame: whether `palette` was chosen for the first frame.
  init(palette: GIFPalette, options: GIFOptions, width: Int, height: Int, servesFirstFrame: Bool = false) {
    globalServesFirstFrame = servesFirstFrame
    self.width = width
    self.height = height
    strength = palette.isExact ? 0 : options.dither ?? (palette.isPhotographic ? 1 : 0)
    method = options.ditherMethod
    global = PaletteMapper(palette: palette, dither: method == .ordered ? strength : 0)
    globalColors = palette.tableColors
    globalTransparent = palette.transparentIndex
    localTables = options.usesLocalColorTables
    requestedStrength = options.dither
  }

  /// Maps frame `keys` to shown colours.
  /// - Parameters:
  ///   - keys: the frame's `width × height` colour keys.
  ///   - previous: the previous frame's keys, or `nil` for the first frame.
  ///   - out: receives `width × height` shown colours (see `FrameDifferencer`).
  ///   - changed: the rectangle outside which `keys` equals `previous` when the caller knows it (a
  ///     frame rebuilt from `KeyFrameCache`, which compared the two already; empty when nothing
  ///     changed), else `nil`: then the two frames are compared here.
  /// - Returns: the rows the mapping wrote, outside which `out` holds what it held (the differencer
  ///   takes those pixels as `FrameDifferencer.keep`, not reading them); inside them, pixels that
  ///   did not change are `keep`.
  /// - Throws: `FormatError` when libimagequant fails on a local palette.
  /// - Complexity: O(pixels) plus O(changed pixels × palette) at worst.
  @discardableResult
  mutating func map(
    _ keys: [UInt32], previous: [UInt32]?, changed known: PixelRect? = nil, into out: inout [UInt32]
  ) throws -> Range<Int> {
    let count = width * height
    if out.count != count { out = [UInt32](repeating: 0, count: count) }
    let rect: PixelRect
    if let previous {
      assert(
        known == nil
          || known == KeyFrameCache.changedRect(width: width, height: height, keys, previous)
            ?? PixelRect(x0: 0, y0: 0, x1: 0, y1: 0),
        "the rectangle given is not where the frames differ")
      guard let changed = known ?? KeyFrameCache.changedRect(width: width, height: height, keys, previous),
        changed.area > 0
      else { return 0..<0 }
      rect = changed
    } else {
      rect = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
    }
    rows = rect.y0..<rect.y1
    FrameDifferencer.markKept(rows, width: width, in: &out)
    changed.find(keys, previous: previous, rect: rect, width: width)
    // When the global palette is the first frame's (a photo), later changes nearly always take a
    // local table: that mapping goes first, and the global one stops as soon as its error shows
    // it loses. The choice is the one comparing both in full makes.
    if localTables && globalServesFirstFrame && previous != nil, let local = try mapLocal(keys) {
      let limit = Int(
        (Double(local.squaredError) + Self.errorPerTableByte * Double(local.tableBytes)).rounded(.down))
      var chosen = mapGlobal(keys, into: &out, stoppingAbove: limit)
      if chosen.squaredError > limit {
        swap(&out, &candidate)
        chosen = (local.squaredError, local.inexact)
      }
      inexactPixels += chosen.inexact
      return rect.y0..<rect.y1
    }
    var chosen = mapGlobal(keys, into: &out)
    if localTables && chosen.squaredError > 0 && !(previous == nil && globalServesFirstFrame) {
      if let local = try mapLocal(keys),
        Double(local.squaredError) + Self.errorPerTableByte * Double(local.tableBytes)
          < Double(chosen.squaredError)
      {
        swap(&out, &candidate)
        chosen = (local.squaredError, local.inexact)
      }
    }
    inexactPixels += chosen.inexact
    return rect.y0..<rect.y1
  }

  /// Maps the changed pixels to the global palette.
  /// - Parameter limit: the mapping stops once the squared error exceeds it (after a run of pixels),
  ///   `out` then part written.
  private mutating func mapGlobal(
    _ keys: [UInt32], into out: inout [UInt32], stoppingAbove limit: Int = .max
  ) -> (squaredError: Int, inexact: Int) {
    if strength > 0 && method == .diffusion {
      return keys.withUnsafeBufferPointer { k in
        out.withUnsafeMutableBufferPointer { o in
          diffuser.map(
            keys: k, changed: changed, width: width, strength: strength, mapper: &global, colors: globalColors, into: o,
            stoppingAbove: limit)
        }
      }
    }
    if indices.count != keys.count { indices = [UInt8](repeating: 0, count: keys.count) }
    var squaredError = 0
    var inexact = 0
    keys.withUnsafeBufferPointer { k in
      indices.withUnsafeMutableBufferPointer { ix in
        out.withUnsafeMutableBufferPointer { o in
          for run in changed.runs where squaredError <= limit {
            let pixels = run.start..<run.end
            global.map(
              UnsafeBufferPointer(rebasing: k[pixels]), width: width, firstIndex: run.start,
              into: UnsafeMutableBufferPointer(rebasing: ix[pixels]))
            for i in pixels {
              let index = Int(ix[i])
              if index == globalTransparent {
                o[i] = AlphaResolver.transparentKey
                continue
              }
              let (key, c) = (k[i], 0xFF00_0000 | globalColors[index])
              o[i] = c
              if c != key {
                inexact += 1
                squaredError += Self.squaredDistance(key, c)
              }
            }
          }
        }
      }
    }
    return (squaredError, inexact)
  }

  /// Maps the changed pixels to colours of their own into `candidate` (keep elsewhere).
  /// - Returns: the error, inexact count and table bytes, or `nil` when no opaque pixel changed.
  private mutating func mapLocal(_ keys: [UInt32]) throws -> (squaredError: Int, inexact: Int, tableBytes: Int)? {
    var histogram = ColorHistogram()
    keys.withUnsafeBufferPointer { k in
      guard let base = k.baseAddress else { return }
      for run in changed.runs {
        var i = run.start
        while i < run.end {
          let next = KeyBlock.runEnd(base, from: i, to: run.end)
          if base[i] != AlphaResolver.transparentKey { histogram.add(base[i], count: next - i) }
          i = next
        }
      }
    }
    guard histogram.distinctCount > 0 else { return nil }
    let count = keys.count
    if candidate.count != count { candidate = [UInt32](repeating: 0, count: count) }
    FrameDifferencer.markKept(rows, width: width, in: &candidate)
    if histogram.distinctCount <= 255 {
      keys.withUnsafeBufferPointer { k in
        candidate.withUnsafeMutableBufferPointer { o in
          for run in changed.runs {
            let pixels = run.start..<run.end
            _ = UnsafeMutableBufferPointer(rebasing: o[pixels]).update(fromContentsOf: k[pixels])
          }
        }
      }
      return (0, 0, 3 * GIFFileWriter.tableSize(histogram.distinctCount + 1))
    }
    // Too many colours: the same choice as for the global palette (Ward clustering for flat art,
    // libimagequant for photos), 255 colours beside the transparent entry.
    let palette = try GIFPalette.build(
      from: histogram, maxColors: 256, hasTransparent: true, wardLimit: Self.localWardLimit)
    let colors = palette.colors
    var mapper = PaletteMapper(palette: palette, dither: 0)
    let localStrength = method == .ordered ? 0 : requestedStrength ?? (palette.isPhotographic ? 1 : 0)
    let result = keys.withUnsafeBufferPointer { k in
      candidate.withUnsafeMutableBufferPointer { o in
        diffuser.map(
          keys: k, changed: changed, width: width, strength: localStrength, mapper: &mapper, colors: colors, into: o)
      }
    }
    return (result.squaredError, result.inexact, 3 * GIFFileWriter.tableSize(colors.count + 1))
  }

  @inline(__always)
  static func squaredDistance(_ a: UInt32, _ b: UInt32) -> Int {
    let dr = Int(a >> 16 & 0xff) - Int(b >> 16 & 0xff)
    let dg = Int(a >> 8 & 0xff) - Int(b >> 8 & 0xff)
    let db = Int(a & 0xff) - Int(b & 0xff)
    return dr * dr + dg * dg + db * db
  }
}
