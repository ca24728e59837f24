/// Turns an untrusted GIF into the frames a browser displays (composited by `GIFCompositor`).
///
/// As browsers do: a rectangle reaching past the logical screen is clipped to it, and data after the last
/// complete image that is truncated or garbage is ignored (with a note). Palette indices outside the
/// colour table are an error (no guessing), as are a missing colour table, a file with no complete image
/// and anything beyond `DecodeLimits`.
package enum GIFDecoder {
  /// Reads a GIF's structure without keeping any pixels: every image is decoded and checked, then
  /// dropped. The sequence returned plays its frames on demand (`FrameReader`).
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - source: Its path, for error messages.
  ///   - limits: Size bounds (screen, frame count, total decoded pixels).
  /// - Returns: A `.gif` sequence with one label and one delay per complete image.
  /// - Throws: `FormatError` naming `source`.
  /// - Complexity: O(file size + pixels of the images); memory O(one image), not O(screen × frames).
  public static func scan(_ bytes: [UInt8], source: String, limits: DecodeLimits = .standard) throws
    -> FrameSequence
  {
    let player = try GIFCompositor(bytes: bytes, source: source, limits: limits)
    let screen = player.width * player.height
    var delays: [Int] = []
    var notes: [String] = []
    while true {
      let image: GIFImageRecord?
      do {
        image = try player.skip()
      } catch let error as FormatError where player.dataIsBroken && !delays.isEmpty {
        notes.append(
          "'\(source)': the data after frame \(delays.count - 1) is truncated or corrupt and was ignored, "
            + "as browsers do (\(error.problem))")
        break
      }
      guard let image else { break }
      guard (delays.count + 1) * screen <= limits.maxTotalPixels else {
        throw FormatError.unreadable(
          source: source,
          problem:
            "\(delays.count + 1) frames of \(player.width)×\(player.height) exceed the limit of "
            + "\(limits.maxTotalPixels) decoded pixels")
      }
      delays.append(image.delay)
    }
    guard !delays.isEmpty else {
      throw FormatError.unreadable(source: source, problem: "the GIF has no images; need at least one frame")
    }
    return FrameSequence(
      kind: .gif, source: source, storage: .gif(bytes: Array(bytes), limits: limits),
      labels: delays.indices.map { "frame \($0)" }, delays: delays, width: player.width, height: player.height,
      notes: notes)
  }

  /// Decodes every displayed frame of a GIF into memory.
  /// - Parameters: as for `scan`.
  /// - Returns: A `.gif` sequence holding one composited frame and one delay per complete image.
  /// - Throws: `FormatError` naming `source`.
  /// - Complexity: O(file size + images × screen pixels), in time and memory.
  public static func decode(_ bytes: [UInt8], source: String, limits: DecodeLimits = .standard) throws
    -> FrameSequence
  {
    var sequence = try scan(bytes, source: source, limits: limits)
    let reader = FrameReader(sequence)
    let frames = try (0..<sequence.count).map { try reader.frame(at: $0) }
    sequence.storage = .frames(frames)
    return sequence
  }
}
