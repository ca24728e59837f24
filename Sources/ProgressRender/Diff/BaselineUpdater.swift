import Foundation

/// Makes the actual side the new baseline (`progress-render diff --update`), keeping the expected side's
/// kind:
/// - GIF over GIF, PNG over PNG: the file's bytes are copied (temporary file, then rename).
/// - Folder over folder: every PNG frame is copied in; PNGs of the old baseline that the actual side lacks
///   are removed.
/// - GIF (or PNG) into a folder: the displayed frames are written as PNGs named after the folder's pattern
///   (`frame-0000.png` … when the folder is empty or new); old PNGs not rewritten are removed.
/// - More than one frame into a single-PNG baseline cannot be done: a `FileWriteError` says so.
/// - PNG frames (folder or PNG) into an existing GIF: the frames are encoded with `GIFEncoder` (one global
///   palette, so colours may shift slightly) and spread over the old GIF's duration, delays rounded with
///   the error carried forward.
/// - A missing baseline is recorded as a copy of the actual side (a folder stays a folder).
/// Each file is replaced atomically; a folder as a whole is not.
public enum BaselineUpdater {
  /// Replaces the baseline at `expectedPath` with `actual`.
  /// - Parameters:
  ///   - expectedPath: The baseline path (may not exist yet).
  ///   - actual: The loaded actual side.
  ///   - expectedDuration: The old baseline's duration in hundredths of a second, if it is a GIF.
  ///   - limits: Read limits for re-reading the actual files.
  /// - Returns: A one-line description of what was written.
  /// - Throws: `FileWriteError` naming the path, or `ImageInputError` if the actual file cannot be re-read.
  public static func update(
    expectedPath: String, with actual: FrameSequence, expectedDuration: Int? = nil, limits: DecodeLimits = .standard
  ) throws -> String {
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: expectedPath, isDirectory: &isFolder)
    let expectedIsFolder = exists ? isFolder.boolValue : actual.kind == .folder
    if expectedIsFolder {
      return try updateFolder(expectedPath, exists: exists, with: actual, limits: limits)
    }
    let expectedKind: FrameSequence.Kind =
      exists
      ? (try FrameSequenceLoader.readFile(expectedPath, limits: limits).starts(with: PNGCodec.signature) ? .png : .gif)
      : actual.kind
    switch (expectedKind, actual.kind) {
    case (.gif, .gif), (.png, .png):
      let bytes = try FrameSequenceLoader.readFile(actual.source, limits: limits)
      try AtomicFile.write(bytes, to: expectedPath)
      return "updated: '\(expectedPath)' is now a copy of '\(actual.source)'"
    case (.png, _) where actual.frames.compactMap({ $0 }).count == 1:
      try AtomicFile.write(try PNGCodec.encode(actual.frames.compactMap { $0 }[0]), to: expectedPath)
      return "updated: '\(expectedPath)' now holds the frame of '\(actual.source)'"
    case (.gif, _):
      let frames = actual.frames.compactMap { $0 }
      let encoder = try GIFEncoder(width: frames[0].width, height: frames[0].height)
      let delays = spread(expectedDuration ?? 10 * frames.count, over: frames.count)
      try encoder.write(to: expectedPath, delays: delays) { frames[$0] }
      return "updated: '\(expectedPath)' re-encoded from the \(frames.count) frames of '\(actual.source)'"
    default:
      throw FileWriteError(
        path: expectedPath,
        reason: "--update cannot turn the \(actual.frames.count)-frame \(actual.kind.rawValue) '\(actual.source)' "
          + "into a single-PNG baseline; pass one PNG or a one-frame GIF as ACTUAL, or use a frames folder as EXPECTED")
    }
  }

  /// Which frame of `sequence` each PNG of a frames folder shows: for a GIF, the frame displayed in each
  /// of its display slots (`FrameAlignment.displaySlots`), so a GIF that merged frames gives every frame
  /// back and a diff of the folder against the GIF right after is `same`; otherwise every frame once.
  static func displayed(_ sequence: FrameSequence) -> [Int] {
    guard let delays = sequence.displayDelays else { return Array(0..<sequence.count) }
    return FrameAlignment.sampledFrames(delays: delays, slots: FrameAlignment.displaySlots(delays: delays))
  }

  /// Delays for `count` frames lasting `duration` cs in all, rounding error carried forward, none under 2.
  static func spread(_ duration: Int, over count: Int) -> [Int] {
    (0..<count).map { i in
      max(2, (duration * (i + 1) + count / 2) / count - (duration * i + count / 2) / count)
    }
  }

  private static func updateFolder(
    _ path: String, exists: Bool, with actual: FrameSequence, limits: DecodeLimits
  ) throws -> String {
    if !exists {
      do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      } catch {
        throw FileWriteError(path: path, reason: "the folder cannot be created")
      }
    }
    let old = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
      .filter { $0.lowercased().hasSuffix(".png") }.sorted(by: NaturalOrder.areInIncreasingOrder)
    var written: Set<String> = []
    if actual.kind == .folder {
      for (label, frame) in zip(actual.labels, actual.frames) where frame != nil {
        let source = (actual.source as NSString).appendingPathComponent(label)
        try AtomicFile.write(
          try FrameSequenceLoader.readFile(source, limits: limits), to: (path as NSString).appendingPathComponent(label)
        )
        written.insert(label)
      }
    } else {
      let pattern = FrameNumbering.pattern(of: old) ?? ("frame-", 4)
      let reader = FrameReader(actual)
      for (slot, index) in displayed(actual).enumerated() {
        guard let frame = try reader.frame(at: index) else { continue }
        let number = String(slot)
        let name =
          pattern.prefix + String(repeating: "0", count: max(0, pattern.digits - number.count)) + number + ".png"
        try AtomicFile.write(try PNGCodec.encode(frame), to: (path as NSString).appendingPathComponent(name))
        written.insert(name)
      }
    }
    for name in old where !written.contains(name) {
      let file = (path as NSString).appendingPathComponent(name)
      do {
        try FileManager.default.removeItem(atPath: file)
      } catch {
        throw FileWriteError(path: file, reason: "the old frame cannot be removed")
      }
    }
    return "updated: '\(path)' now holds the \(written.count) frames of '\(actual.source)'"
  }
}
