import Foundation
import ProgressRenderRaster
import ProgressRenderSupport

/// Reads one side of a comparison from disk: a GIF, a WebP, an APNG, a PNG, or a folder of PNG frames. Every input is
/// treated as hostile: sizes are checked before reading and decoding, and every failure throws an error
/// whose description names the file.
public enum FrameSequenceLoader {
  /// Loads a GIF, a WebP, an APNG, a PNG or a folder of PNG frames, telling them apart by content (GIF,
  /// RIFF/WEBP and PNG signatures; a PNG with an `acTL` chunk is an APNG), not by extension.
  ///
  /// In a folder, every `*.png` file is a frame; other files are ignored. When all names are one prefix,
  /// a number and `.png` (`frame-0000.png` …), frames take the slot of their number and a gap in the
  /// numbering is a missing (`nil`) frame; otherwise frames follow natural name order.
  ///
  /// Everything but the pixels is checked here: a GIF's records and LZW data, a WebP's frames, an APNG's
  /// chunks, sequence numbers and frame rectangles, each folder frame's PNG header (its chunks up to the
  /// image data, their CRCs, its size); the sizes and frame counts against `limits`. The pixels of a
  /// folder's or an APNG's frames are decoded once, when the sequence returned reads them one at a time
  /// (`FrameReader`, as `AnimationDiff.compare` does), so memory stays at about one frame whatever the
  /// number of frames, and a frame whose image data is broken throws then, naming its file.
  /// - Parameters:
  ///   - path: The file or folder.
  ///   - limits: Size bounds for files, frames and total decoded pixels.
  /// - Returns: The frames as displayed.
  /// - Throws: `FormatError` or `RasterError`, naming the file.
  /// - Complexity: O(total pixels + total bytes) time; O(one frame + the GIF's bytes) memory.
  public static func load(_ path: String, limits: DecodeLimits = .standard) throws -> FrameSequence {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw FormatError.unreadable(
        source: path, problem: "no such file or folder; give a GIF, a PNG or a folder of PNG frames")
    }
    if isFolder.boolValue { return try loadFolder(path, limits: limits) }
    return try load(bytes: try readFile(path, limits: limits), source: path, limits: limits)
  }

  /// Loads the two sides of a comparison, each as `load(_:limits:)` does, at the same time on two
  /// threads (decoding every frame to check it is most of the work of a large diff).
  /// - Parameters:
  ///   - expected: the expected file or folder.
  ///   - actual: the actual file or folder.
  ///   - limits: Size bounds for each side.
  /// - Returns: Both sides.
  /// - Throws: The expected side's error first, as `load(_:limits:)` throws it.
  /// - Complexity: as two loads, in the time of the longer one on two cores.
  public static func load(expected: String, actual: String, limits: DecodeLimits = .standard) throws
    -> (expected: FrameSequence, actual: FrameSequence)
  {
    var workers: [Void] = [(), ()]
    let paths = [expected, actual]
    let sides = parallelMap(count: 2, workers: &workers) { index, _ in
      Result { try load(paths[index], limits: limits) }
    }
    return (try sides[0].get(), try sides[1].get())
  }

  /// Loads a GIF, a WebP, an APNG or a PNG held in memory (`RenderJob.renderedFile()`'s bytes), told
  /// apart by content as `load(_:limits:)` tells files apart.
  /// - Parameters:
  ///   - bytes: the file's bytes.
  ///   - source: the name errors and the sequence give the bytes (a path, or `<memory>`).
  ///   - limits: Size bounds for the bytes, frames and total decoded pixels.
  /// - Returns: The frames as displayed.
  /// - Throws: `FormatError` or `RasterError`, naming `source`.
  /// - Complexity: O(total pixels + bytes) time; O(one frame + the bytes) memory.
  public static func load(bytes: [UInt8], source path: String, limits: DecodeLimits = .standard) throws
    -> FrameSequence
  {
    guard bytes.count <= limits.maxFileBytes else {
      throw FormatError.unreadable(
        source: path, problem: "\(bytes.count) bytes is more than the \(limits.maxFileBytes) a file may have")
    }
    if bytes.starts(with: Array("GIF8".utf8)) {
      return try GIFDecoder.scan(bytes, source: path, limits: limits)
    }
    if isWebP(bytes) {
      return try AnimatedImageDecoder.scanWebP(bytes, source: path, limits: limits)
    }
    if bytes.starts(with: PNGCodec.signature) {
      if let animation = try AnimatedImageDecoder.scanAPNG(bytes, source: path, limits: limits) { return animation }
      let frame = try PNGCodec.decode(bytes, source: path, maxPixels: limits.maxFramePixels)
      return FrameSequence(
        kind: .png, source: path, frames: [frame], labels: [fileName(path)], delays: nil, width: frame.width,
        height: frame.height)
    }
    throw FormatError.unreadable(
      source: path,
      problem:
        "not a GIF, WebP or PNG file (it starts with \(describe(bytes.prefix(8)))); "
        + "give a GIF, a WebP, an APNG, a PNG or a folder of PNG frames"
    )
  }

  /// Whether the bytes start as a WebP file does: `RIFF`, a size, `WEBP`.
  static func isWebP(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8)
  }

  /// The kind of an image file by its first bytes (`nil` when it is none of GIF, WebP, PNG); a PNG with
  /// an `acTL` chunk before its image data is an APNG. Reads only what it needs from `bytes`.
  package static func kind(of bytes: [UInt8]) -> FrameSequence.Kind? {
    if bytes.starts(with: Array("GIF8".utf8)) { return .gif }
    if isWebP(bytes) { return .webp }
    guard bytes.starts(with: PNGCodec.signature) else { return nil }
    var at = PNGCodec.signature.count
    while at + 8 <= bytes.count {
      let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
      if type == "acTL" { return .apng }
      if type == "IDAT" || type == "IEND" { return .png }
      at += 12 + Int(PNGChunks.uint32(bytes, at))
    }
    return .png
  }

  /// Reads a whole regular file after checking its size against `limits.maxFileBytes`, into as much
  /// memory as it holds (`InputFile.readBytes`; a FIFO or device is refused without blocking).
  package static func readFile(_ path: String, limits: DecodeLimits) throws -> [UInt8] {
    do {
      return try InputFile.readBytes(path, limit: limits.maxFileBytes)
    } catch {
      throw FormatError.unreadable(source: path, problem: "the file " + error.message)
    }
  }

  private static func loadFolder(_ path: String, limits: DecodeLimits) throws -> FrameSequence {
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw FormatError.unreadable(source: path, problem: "the folder cannot be listed (check its permissions)")
    }
    let names = entries.filter { $0.lowercased().hasSuffix(".png") }.sorted(by: NaturalOrder.areInIncreasingOrder)
    guard !names.isEmpty else {
      throw FormatError.unreadable(
        source: path, problem: "the folder holds no .png frames; give a folder of PNG frames")
    }
    let layout = FrameNumbering(names: names)
    guard layout.slotCount <= limits.maxFrames else {
      throw FormatError.unreadable(
        source: path, problem: "\(layout.slotCount) frames are more than the limit of \(limits.maxFrames)")
    }
    var files = [String?](repeating: nil, count: layout.slotCount)
    var totalPixels = 0
    var size: (width: Int, height: Int)?
    for (name, slot) in zip(names, layout.slots) {
      let file = (path as NSString).appendingPathComponent(name)
      let frame = try PNGCodec.size(readFile(file, limits: limits), source: file, maxPixels: limits.maxFramePixels)
      totalPixels += frame.width * frame.height
      guard totalPixels <= limits.maxTotalPixels else {
        throw FormatError.unreadable(
          source: path, problem: "the frames hold more than \(limits.maxTotalPixels) pixels in all")
      }
      size = size ?? (frame.width, frame.height)
      files[slot] = file
    }
    return FrameSequence(
      kind: .folder, source: path, storage: .files(files, limits: limits), labels: layout.labels, delays: nil,
      width: size?.width ?? 0, height: size?.height ?? 0)
  }

  private static func fileName(_ path: String) -> String { (path as NSString).lastPathComponent }

  /// The first bytes as text (`'hello, w'`, control characters escaped) or, if mostly binary, as hex.
  private static func describe(_ bytes: ArraySlice<UInt8>) -> String {
    if bytes.isEmpty { return "nothing: it is empty" }
    let printable = bytes.filter { (0x20..<0x7F).contains($0) }.count
    if printable * 4 >= bytes.count * 3 {
      let text = bytes.map { byte -> String in
        switch byte {
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x20..<0x7F: return String(UnicodeScalar(byte))
        default: return "\\x" + hex(byte)
        }
      }
      return "'" + text.joined() + "'"
    }
    return bytes.map(hex).joined(separator: " ")
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
  }
}
