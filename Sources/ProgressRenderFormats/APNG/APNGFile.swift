import ProgressRenderCore
import ProgressRenderRaster

/// The structure of an untrusted animated PNG, read by a bounded chunk reader (`PNGChunks`): the
/// canvas, the play count and each frame's `fcTL` with where its compressed data lies. Pixels are
/// decoded later, one frame at a time (`decodeFrame`), by libpng.
///
/// Checked before any pixel memory is allocated: every chunk's length and CRC, the canvas against
/// `DecodeLimits`, sequence numbers in order, each frame's rectangle inside the canvas, valid
/// dispose and blend ops, `acTL`'s frame count equal to the frames present, and the frame count and
/// total decoded pixels against the limits.
package struct APNGFile: Equatable, Sendable {
  /// One frame's control (`fcTL`) and data.
  struct Frame: Equatable, Sendable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    /// Display time in milliseconds (`delay_num / delay_den` seconds, a zero denominator read as 100).
    var milliseconds: Int
    /// 0 none, 1 clear the rectangle to transparent, 2 restore what was under it.
    var dispose: UInt8
    /// 0 replace the rectangle (`SOURCE`), 1 composite over it (`OVER`).
    var blend: UInt8
    /// The ranges of the file holding the frame's zlib stream, in order.
    var data: [Range<Int>]
  }

  /// Canvas width.
  let width: Int
  /// Canvas height.
  let height: Int
  /// `acTL`'s plays: 0 forever, n plays n times.
  let plays: Int
  /// The frames of the animation (the default image only if an `fcTL` precedes it).
  let frames: [Frame]
  /// The file's path, for messages.
  let source: String
  private let bytes: [UInt8]
  private let ihdrTail: [UInt8]
  /// The colour chunks copied into every frame's PNG, bounded by `maxAncillaryData` each.
  let ancillary: [UInt8]

  /// Parses an APNG's chunks.
  /// - Parameters:
  ///   - bytes: a file starting with the PNG signature (anything after it is safe).
  ///   - source: its path, for messages.
  ///   - limits: canvas, frame and total-pixel bounds.
  /// - Returns: the animation, or `nil` when the PNG has no `acTL` before its image data (a still PNG).
  /// - Throws: `FormatError` naming `source` and the problem.
  /// - Complexity: O(bytes).
  static func parse(_ bytes: [UInt8], source: String, limits: DecodeLimits) throws -> APNGFile? {
    func bad(_ problem: String) -> FormatError { FormatError.unreadable(source: source, problem: problem) }
    let chunks: [PNGChunks.Chunk]
    do {
      chunks = try PNGChunks.read(bytes, source: source, maxChunks: 1 << 18)
    } catch {
      guard case .corruptPNG(_, let reason) = error else { throw bad("not a PNG file") }
      throw bad("the PNG is truncated or corrupt: \(reason)")
    }
    guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else {
      throw bad("the PNG does not start with a 13-byte IHDR chunk (corrupt)")
    }
    let width = Int(PNGChunks.uint32(bytes, ihdr.data.lowerBound))
    let height = Int(PNGChunks.uint32(bytes, ihdr.data.lowerBound + 4))
    guard let firstData = chunks.firstIndex(where: { $0.type == "IDAT" }) else {
      throw bad("the PNG has no IDAT chunk (no image data)")
    }
    guard let actl = chunks[..<firstData].first(where: { $0.type == "acTL" }) else { return nil }
    guard (1...limits.maxSide).contains(width), (1...limits.maxSide).contains(height),
      width * height <= limits.maxAnimatedFramePixels
    else {
      guard width > 0, height > 0 else {
        throw bad("the canvas is \(width)×\(height); a canvas is at least 1×1 (corrupt)")
      }
      throw bad(
        "the canvas is \(width)×\(height), beyond the limit of \(limits.maxSide) a side and "
          + "\(limits.maxAnimatedFramePixels) pixels an animation's frame may have")
    }
    guard actl.data.count == 8 else { throw bad("the acTL chunk is \(actl.data.count) bytes, not 8 (corrupt)") }
    let announced = Int(PNGChunks.uint32(bytes, actl.data.lowerBound))
    let plays = Int(PNGChunks.uint32(bytes, actl.data.lowerBound + 4))
    guard (1...limits.maxFrames).contains(announced) else {
      throw bad("acTL announces \(announced) frames; 1 … \(limits.maxFrames) are accepted")
    }
    guard announced * width * height <= limits.maxTotalPixels else {
      throw bad(
        "\(announced) frames of \(width)×\(height) exceed the limit of \(limits.maxTotalPixels) decoded pixels")
    }
    var frames: [Frame] = []
    var sequence: UInt32 = 0
    var pendingDefault = false  // an fcTL came before IDAT: the default image is frame 0
    var ancillary: [UInt8] = []
    var copied: Set<String> = []
    var seenData = false
    for (n, chunk) in chunks.enumerated().dropFirst() {
      switch chunk.type {
      case "fcTL":
        guard chunk.data.count == 26 else {
          throw bad("fcTL chunk \(n) is \(chunk.data.count) bytes, not 26 (corrupt)")
        }
        let at = chunk.data.lowerBound
        guard PNGChunks.uint32(bytes, at) == sequence else {
          throw bad("fcTL chunk \(n) has sequence number \(PNGChunks.uint32(bytes, at)), expected \(sequence)")
        }
        sequence += 1
        let frame = Frame(
          x: Int(PNGChunks.uint32(bytes, at + 12)), y: Int(PNGChunks.uint32(bytes, at + 16)),
          width: Int(PNGChunks.uint32(bytes, at + 4)), height: Int(PNGChunks.uint32(bytes, at + 8)),
          milliseconds: milliseconds(PNGChunks.uint16(bytes, at + 20), PNGChunks.uint16(bytes, at + 22)),
          dispose: bytes[at + 24], blend: bytes[at + 25], data: [])
        guard frame.width >= 1, frame.height >= 1, frame.x + frame.width <= width, frame.y + frame.height <= height
        else {
          throw bad(
            "frame \(frames.count) is \(frame.width)×\(frame.height) at (\(frame.x), \(frame.y)), "
              + "outside the \(width)×\(height) canvas")
        }
        guard frame.dispose <= 2, frame.blend <= 1 else {
          throw bad(
            "frame \(frames.count) has dispose op \(frame.dispose) and blend op \(frame.blend); 0…2 and 0…1 are valid")
        }
        if !seenData {
          guard frame.x == 0, frame.y == 0, frame.width == width, frame.height == height else {
            throw bad("the default image's fcTL is not the whole \(width)×\(height) canvas (corrupt)")
          }
          pendingDefault = true
        }
        guard frames.count < announced else {
          throw bad("the file holds more frames than the \(announced) acTL announces")
        }
        if let last = frames.last, last.data.isEmpty { throw bad("frame \(frames.count - 1) has no image data") }
        frames.append(frame)
      case "IDAT":
        seenData = true
        if pendingDefault { frames[frames.count - 1].data.append(chunk.data) }
      case "fdAT":
        guard chunk.data.count > 4 else { throw bad("fdAT chunk \(n) is too short (corrupt)") }
        guard PNGChunks.uint32(bytes, chunk.data.lowerBound) == sequence else {
          throw bad(
            "fdAT chunk \(n) has sequence number \(PNGChunks.uint32(bytes, chunk.data.lowerBound)), expected \(sequence)"
          )
        }
        sequence += 1
        guard seenData, !frames.isEmpty, !(pendingDefault && frames.count == 1) else {
          throw bad("fdAT chunk \(n) comes before its frame's fcTL (corrupt)")
        }
        frames[frames.count - 1].data.append((chunk.data.lowerBound + 4)..<chunk.data.upperBound)
      case "PLTE", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT":
        guard !seenData else { break }
        guard !copied.contains(chunk.type) else {
          // libpng ignores a second colour chunk of a kind and refuses a second palette.
          if chunk.type == "PLTE" { throw bad("the PNG has two PLTE chunks (corrupt)") }
          break
        }
        copied.insert(chunk.type)
        if let problem = Self.ancillaryProblem(chunk, in: bytes) { throw bad(problem) }
        if chunk.type == "iCCP", !Self.iccProfileMayCount(chunk, in: bytes) { break }
        ancillary += bytes[(chunk.data.lowerBound - 8)..<(chunk.data.upperBound + 4)]
      default:
        break
      }
    }
    guard frames.count == announced else {
      throw bad("acTL announces \(announced) frames but the file holds \(frames.count)")
    }
    if let last = frames.last, last.data.isEmpty { throw bad("frame \(frames.count - 1) has no image data") }
    return APNGFile(
      width: width, height: height, plays: plays, frames: frames, source: source, bytes: bytes,
      ihdrTail: Array(bytes[(ihdr.data.lowerBound + 8)..<ihdr.data.upperBound]), ancillary: ancillary)
  }

  /// Decodes frame `index`'s rectangle with libpng: a PNG of the frame's size with the file's header
  /// fields and colour chunks around the frame's data.
  /// - Returns: the rectangle's pixels, premultiplied.
  /// - Throws: `FormatError` naming the file and the frame.
  func decodeFrame(_ index: Int, limits: DecodeLimits) throws -> PixelBuffer {
    let frame = frames[index]
    var png = PNGCodec.signature
    var ihdr: [UInt8] = []
    PNGChunks.appendUInt32(UInt32(frame.width), to: &ihdr)
    PNGChunks.appendUInt32(UInt32(frame.height), to: &ihdr)
    PNGChunks.append("IHDR", ihdr + ihdrTail, to: &png)
    png += ancillary
    var data: [UInt8] = []
    for range in frame.data { data += bytes[range] }
    PNGChunks.append("IDAT", data, to: &png)
    PNGChunks.append("IEND", [UInt8](), to: &png)
    do {
      return try PNGCodec.decodePixels(png, source: source, maxPixels: limits.maxAnimatedFramePixels)
    } catch {
      let reason = if case .corruptPNG(_, let reason) = error { reason } else { error.description }
      throw FormatError.unreadable(source: source, problem: "frame \(index) cannot be decoded: \(reason)")
    }
  }

  /// The largest data each colour chunk copied into every frame's PNG can hold: `gAMA` 4 bytes, `cHRM`
  /// 32, `sRGB` 1, `sBIT` 4, `PLTE` 256 entries of 3, `tRNS` 256 alphas; `iCCP` a 79-byte name, its
  /// terminator, the method and a compressed profile of at most `maxICCProfile` bytes (with room for
  /// deflate's worst case).
  static let maxAncillaryData: [String: Int] = [
    "gAMA": 4, "cHRM": 32, "sRGB": 1, "sBIT": 4, "PLTE": 768, "tRNS": 256,
    "iCCP": 81 + maxICCProfile + maxICCProfile / 1000 + 64,
  ]
  /// The longest ICC profile kept: libpng uses an embedded profile only when it is one of the known sRGB
  /// profiles (the longest is 60,988 bytes) and otherwise ignores it, so a longer one cannot change a
  /// pixel and is not copied into every frame.
  static let maxICCProfile = 65_536

  /// What is wrong with a colour chunk's length, or `nil`: each is bounded by what its type can hold
  /// (`maxAncillaryData`), so that no frame carries more than a few kilobytes of them.
  static func ancillaryProblem(_ chunk: PNGChunks.Chunk, in bytes: [UInt8]) -> String? {
    let count = chunk.data.count
    switch chunk.type {
    case "gAMA", "cHRM", "sRGB":
      let exact = maxAncillaryData[chunk.type] ?? 0
      return count == exact
        ? nil : "the \(chunk.type) chunk is \(count) bytes; a \(chunk.type) holds \(exact) (corrupt)"
    case "PLTE":
      return count >= 3 && count <= 768 && count % 3 == 0
        ? nil : "the PLTE chunk is \(count) bytes; a palette is 1…256 entries of 3 bytes (corrupt)"
    case "iCCP":
      // A longer chunk holds a profile too long to be used (or data after it), and is not copied.
      return count >= 3 ? nil : "the iCCP chunk is \(count) bytes, too short for a name and a profile (corrupt)"
    default:
      let most = maxAncillaryData[chunk.type] ?? 0
      return (1...most).contains(count)
        ? nil : "the \(chunk.type) chunk is \(count) bytes; a \(chunk.type) holds 1…\(most) (corrupt)"
    }
  }

  /// Whether an `iCCP` chunk's profile may change decoded pixels: its compressed data fits
  /// `maxAncillaryData` and the length its profile's header declares is at most `maxICCProfile`. Only
  /// the header's first 4 bytes are inflated, once, whatever the profile's length.
  static func iccProfileMayCount(_ chunk: PNGChunks.Chunk, in bytes: [UInt8]) -> Bool {
    guard chunk.data.count <= maxAncillaryData["iCCP"] ?? 0,
      let nul = bytes[chunk.data].firstIndex(of: 0), nul - chunk.data.lowerBound <= 79,
      nul + 2 < chunk.data.upperBound, bytes[nul + 1] == 0,
      let head = PNGChunks.inflatePrefix(bytes[(nul + 2)..<chunk.data.upperBound], count: 4)
    else { return false }
    return Int(PNGChunks.uint32(head, 0)) <= maxICCProfile
  }

  /// `num / den` seconds in milliseconds, rounded; a zero denominator means 100 (APNG's rule).
  static func milliseconds(_ numerator: UInt16, _ denominator: UInt16) -> Int {
    let den = denominator == 0 ? 100 : Int(denominator)
    return (Int(numerator) * 1000 + den / 2) / den
  }
}
