import ProgressRenderCore

/// Turns an untrusted animated WebP (libwebp's demuxer and animation decoder) or APNG (`APNGFile`, a
/// bounded chunk reader, and libpng for each frame's data) into the frames a browser displays.
///
/// Both are held to `DecodeLimits` as GIFs are: the canvas, the frame count and the total decoded
/// pixels are checked before any canvas is allocated. A WebP's frames are decoded here (libwebp gives a
/// frame's duration only with its pixels); an APNG's chunks, sequence numbers and rectangles are checked
/// here and its frames' pixels decoded when they are read. Failures are `FormatError`s naming the file.
package enum AnimatedImageDecoder {
  /// Reads a WebP (animated or still) without keeping any pixels: every frame is decoded and dropped.
  /// - Parameters:
  ///   - bytes: the file's bytes.
  ///   - source: its path, for messages.
  ///   - limits: size bounds.
  /// - Returns: a `.webp` sequence with its millisecond durations, their centisecond delays and its plays.
  /// - Throws: `FormatError` naming `source`.
  /// - Complexity: O(file size + frames × canvas pixels); memory O(canvas).
  public static func scanWebP(_ bytes: [UInt8], source: String, limits: DecodeLimits = .standard) throws
    -> FrameSequence
  {
    let reader = try openWebP(bytes, source: source, limits: limits)
    var durations: [Int] = []
    while let frame = try nextWebP(reader, source: source) { durations.append(frame.duration) }
    guard !durations.isEmpty else { throw FormatError.unreadable(source: source, problem: "the WebP has no frames") }
    var sequence = FrameSequence(
      kind: .webp, source: source, storage: .webp(bytes: bytes, limits: limits),
      labels: durations.indices.map { "frame \($0)" },
      delays: FrameSequence.centiseconds(milliseconds: durations), width: reader.width, height: reader.height)
    sequence.millisecondDelays = durations
    sequence.plays = reader.loopCount
    return sequence
  }

  /// Reads an APNG's structure (a PNG with an `acTL` chunk: `APNGFile`) without decoding a pixel.
  /// - Parameters: as for `scanWebP`.
  /// - Returns: an `.apng` sequence, or `nil` when the PNG is not animated (no `acTL`).
  /// - Throws: `FormatError` naming `source`.
  /// - Complexity: O(file size).
  public static func scanAPNG(_ bytes: [UInt8], source: String, limits: DecodeLimits = .standard) throws
    -> FrameSequence?
  {
    guard let file = try APNGFile.parse(bytes, source: source, limits: limits) else { return nil }
    let durations = file.frames.map(\.milliseconds)
    var sequence = FrameSequence(
      kind: .apng, source: source, storage: .apng(file, limits: limits),
      labels: durations.indices.map { "frame \($0)" },
      delays: FrameSequence.centiseconds(milliseconds: durations), width: file.width, height: file.height)
    sequence.millisecondDelays = durations
    sequence.plays = file.plays
    return sequence
  }

  /// Opens libwebp's animation decoder; any failure reads as the file being unreadable.
  static func openWebP(_ bytes: [UInt8], source: String, limits: DecodeLimits) throws -> WebPAnimationReader {
    do {
      return try WebPAnimationReader(bytes: bytes, source: source, limits: limits)
    } catch {
      throw FormatError.unreadable(source: source, problem: error.problem)
    }
  }

  /// The next canvas of a WebP; any failure reads as the file being unreadable.
  static func nextWebP(_ reader: WebPAnimationReader, source: String) throws -> (frame: Frame, duration: Int)? {
    do {
      return try reader.next().map { (Frame($0.pixels), $0.duration) }
    } catch {
      throw FormatError.unreadable(source: source, problem: error.problem)
    }
  }
}
