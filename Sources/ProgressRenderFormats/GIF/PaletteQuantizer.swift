import CImageQuant

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Builds one palette from a colour histogram with libimagequant.
///
/// Owns the `liq_attr`, `liq_histogram` and `liq_result` handles and frees them in `deinit`.
/// libimagequant is deterministic: the same histogram (fed in the same order) gives the same palette.
///
/// Debian builds libimagequant with OpenMP. Its parallel k-means sums floating-point values in an
/// order that depends on the thread count, and its idle OpenMP threads spin for a while after each
/// call, taking the cores from the frame renderers. So the calling thread's OpenMP team is limited
/// to one thread (through `omp_set_num_threads`, looked up at run time in the already-loaded
/// libgomp): the palette is then the same on every machine, and nothing spins.
final class PaletteQuantizer {
  /// Limits OpenMP parallel regions started by the calling thread to one thread, when OpenMP is loaded.
  private static func useOneOpenMPThread() {
    typealias SetThreads = @convention(c) (Int32) -> Void
    #if canImport(Glibc)
      let everyImage = UnsafeMutableRawPointer(bitPattern: 0)  // glibc's RTLD_DEFAULT
    #elseif canImport(Darwin)
      let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // Darwin's RTLD_DEFAULT
    #endif
    guard let symbol = dlsym(everyImage, "omp_set_num_threads") else { return }
    unsafeBitCast(symbol, to: SetThreads.self)(1)
  }

  private let attr: OpaquePointer
  private let histogram: OpaquePointer
  private var result: OpaquePointer?

  /// - Parameters:
  ///   - maxColors: palette size limit, 2…256.
  ///   - speed: libimagequant's speed, 1 (best) … 10 (fastest). The default 8 is measured: on
  ///     `upload` (the only preset with more colours than Ward clustering takes) it costs 1 dB of
  ///     PSNR against speed 4 and saves a fifth of the whole render's time.
  /// - Throws: `FormatError` when libimagequant refuses.
  init(maxColors: Int, speed: Int = 8) throws {
    guard let attr = liq_attr_create() else { throw FormatError.failed("libimagequant: cannot create attributes") }
    self.attr = attr
    guard let histogram = liq_histogram_create(attr) else {
      liq_attr_destroy(attr)
      throw FormatError.failed("libimagequant: cannot create a histogram")
    }
    self.histogram = histogram
    try Self.check(liq_set_max_colors(attr, Int32(maxColors)), "liq_set_max_colors(\(maxColors))")
    try Self.check(liq_set_speed(attr, Int32(speed)), "liq_set_speed(\(speed))")
  }

  deinit {
    if let result { liq_result_destroy(result) }
    liq_histogram_destroy(histogram)
    liq_attr_destroy(attr)
  }

  /// Adds opaque colours (`0xRRGGBB`) with their pixel counts.
  /// - Throws: `FormatError` when libimagequant refuses.
  func add(_ colors: [(rgb: UInt32, count: Int)]) throws {
    var entries = colors.map { c in
      liq_histogram_entry(
        color: liq_color(r: UInt8(c.rgb >> 16 & 0xff), g: UInt8(c.rgb >> 8 & 0xff), b: UInt8(c.rgb & 0xff), a: 255),
        count: UInt32(min(c.count, Int(UInt32.max))))
    }
    try Self.check(
      liq_histogram_add_colors(histogram, attr, &entries, Int32(entries.count), 0), "liq_histogram_add_colors")
  }

  /// Quantizes everything added so far.
  /// - Returns: the palette as `0xRRGGBB` values, at most `maxColors` of them.
  /// - Throws: `FormatError` when libimagequant fails.
  func quantize() throws -> [UInt32] {
    if let result {
      liq_result_destroy(result)
      self.result = nil
    }
    var output: OpaquePointer?
    Self.useOneOpenMPThread()
    try Self.check(liq_histogram_quantize(histogram, attr, &output), "liq_histogram_quantize")
    guard let output else { throw FormatError.failed("libimagequant: liq_histogram_quantize returned no result") }
    result = output
    guard let palette = liq_get_palette(output) else { throw FormatError.failed("libimagequant: no palette") }
    let count = Int(palette.pointee.count)
    return withUnsafeBytes(of: palette.pointee.entries) { raw in
      let entries = raw.bindMemory(to: liq_color.self)
      return (0..<count).map { i in
        UInt32(entries[i].r) << 16 | UInt32(entries[i].g) << 8 | UInt32(entries[i].b)
      }
    }
  }

  private static func check(_ status: liq_error, _ step: String) throws {
    guard status != LIQ_OK else { return }
    throw FormatError.failed("libimagequant \(step) failed with error \(status.rawValue)")
  }
}
