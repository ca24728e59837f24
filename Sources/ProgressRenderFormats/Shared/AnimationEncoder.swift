import ProgressRenderCore

/// Encodes an animation as an animated WebP (libwebp's `WebPAnimEncoder`) or an APNG
/// (`APNGAssembler`), frames pushed in order with their times in milliseconds.
///
/// Both keep full colour and 8-bit alpha: a transparent background stays transparent, with no matte
/// and no fringe (premultiplied pixels are un-premultiplied exactly once, as PNG frames are). Only the
/// frame being encoded and the one before it are held. The bytes are a function of the frames, their
/// times and the options.
///
/// ```swift
/// var encoder = try AnimationEncoder(format: .webp(quality: nil), width: 240, height: 240, loop: 0)
/// for i in 0..<frames { try encoder.add(frame(i), start: times[i]) }
/// let bytes = try encoder.finish(end: times[frames])
/// ```
package struct AnimationEncoder {
  /// The file format and its options.
  public enum Format: Equatable, Sendable {
    /// Animated WebP: lossless when `quality` is `nil`, else lossy VP8 at `quality` (0…100) with a
    /// lossless alpha plane, each frame stored lossless instead where that is smaller.
    case webp(quality: Int?)
    /// Animated PNG: lossless, changed rectangles only.
    case apng
  }

  /// The range of a lossy WebP's quality.
  public static let qualityRange = 0...100

  private let webp: WebPAnimationWriter?
  private var apng: APNGAssembler?
  private var previous: [UInt32]?
  private var lastStart: Int?
  /// Frames stored, identical consecutive frames counted once.
  public private(set) var framesWritten = 0

  /// Starts an animation.
  /// - Parameters:
  ///   - format: WebP (lossless or lossy) or APNG.
  ///   - width: canvas width (1…16383 for WebP, 1…65535 for APNG).
  ///   - height: canvas height.
  ///   - loop: the GIF loop option: 0 loops forever, n > 0 repeats n times after the first play (so it
  ///     plays n + 1 times; WebP stores at most 65535 plays), `nil` plays once.
  ///   - colors: for an APNG, every colour the frames will hold (premultiplied, at most 256): the frames
  ///     are then stored colour-mapped; a frame with another colour fails. Ignored for WebP.
  /// - Throws: `FormatError` for a size or quality out of range, or libwebp's failure.
  public init(format: Format, width: Int, height: Int, loop: Int?, colors: Set<UInt32>? = nil) throws {
    let plays = loop.map { $0 == 0 ? 0 : $0 + 1 } ?? 1
    switch format {
    case .webp(let quality):
      webp = try WebPAnimationWriter(width: width, height: height, loopCount: min(plays, 65535), quality: quality)
      apng = nil
    case .apng:
      guard (1...65535).contains(width), (1...65535).contains(height) else {
        throw FormatError.badValue("APNG size \(width)×\(height) is out of range: use 1 … 65535 pixels a side")
      }
      webp = nil
      apng = APNGAssembler(width: width, height: height, plays: plays, palette: colors.map { $0.sorted() })
    }
  }

  /// Adds the frame that shows from `start` milliseconds until the next frame's start (or the end).
  /// - Parameters:
  ///   - frame: the canvas's size, premultiplied.
  ///   - start: milliseconds since the start; 0 for the first frame, then increasing.
  /// - Throws: `FormatError` or `RasterError` from the encoder.
  public mutating func add(_ frame: Frame, start: Int) throws {
    if let lastStart, let previous {
      try push(Frame(width: frame.width, height: frame.height, pixels: previous), duration: start - lastStart)
    }
    if let webp { try webp.add(frame.buffer, timestamp: start) }
    if previous != frame.pixels { framesWritten += 1 }
    previous = frame.pixels
    lastStart = start
  }

  /// Ends the animation at `end` milliseconds (after the last frame's start).
  /// - Returns: the file's bytes.
  /// - Throws: `FormatError` or `RasterError` from the encoder.
  public mutating func finish(end: Int) throws -> [UInt8] {
    guard let lastStart, let previous else { throw FormatError.failed("an animation needs at least one frame") }
    if let webp { return try webp.finish(end: end) }
    try push(Frame(width: apng?.width ?? 0, height: apng?.height ?? 0, pixels: previous), duration: end - lastStart)
    self.previous = nil
    return try apng?.finish() ?? []
  }

  /// Hands a frame whose duration is now known to the APNG assembler (WebP takes timestamps instead).
  /// The distinct pixels of `frame` added to `colors`, while there are at most 256 of them (then `nil`:
  /// too many for a palette). Start with `[0]` so unchanged pixels can be marked transparent.
  public static func collect(_ frame: Frame, into colors: inout Set<UInt32>?) {
    guard var set = colors else { return }
    colors = nil
    for pixel in frame.pixels where set.insert(pixel).inserted && set.count > 256 { return }
    colors = set
  }

  private mutating func push(_ frame: Frame, duration: Int) throws {
    guard apng != nil else { return }
    guard duration >= 1 else { throw FormatError.failed("frame times must increase (a frame of \(duration) ms)") }
    try apng?.add(frame, duration: duration)
  }
}
