import Foundation
import ProgressRenderFormats
import ProgressRenderRaster
import ProgressRenderSupport

/// Makes the actual side the new baseline (`DiffRun` with `update`), keeping the expected side's
/// kind:
/// - GIF over GIF, PNG over PNG: the file's bytes are copied (temporary file, then rename).
/// - Folder over folder: the folder's PNG frames become the baseline's.
/// - GIF (or PNG) into a folder: what is displayed is written, one PNG per display slot of the GIF
///   (`FrameAlignment.displaySlots`: a GIF that merged frames gives every frame back), named after the
///   folder's pattern (`frame-0000.png` … when the folder is empty or new).
/// - More than one frame into a single-PNG baseline cannot be done: a `FileWriteError` says so.
/// - PNG frames (folder or PNG) into an existing GIF: the frames are encoded with `GIFEncoder` (one global
///   palette, so colours may shift slightly) and spread over the old GIF's duration, delays rounded with
///   the error carried forward. A WebP or APNG into a GIF keeps its own delays (in centiseconds), so a
///   diff right after the update is `same` whatever the old GIF's length.
/// - A missing baseline is recorded as a copy of the actual side (a folder stays a folder; a path ending in
///   `/` is a frames folder).
/// A file is replaced atomically; a folder as a whole (`FolderReplacement`): the new PNGs are staged beside
/// it and swapped in at once, so a failure (a full disk) or a kill leaves the old baseline complete. Files
/// of a baseline folder that are not PNGs are carried over. Frames are read one at a time.
package enum BaselineUpdater {
  /// Replaces the baseline at `expectedPath` with `actual`.
  /// - Parameters:
  ///   - expectedPath: The baseline path (may not exist yet).
  ///   - actual: The loaded actual side.
  ///   - expectedDuration: The old baseline's duration in hundredths of a second, if it is a GIF.
  ///   - limits: Read limits for re-reading the actual files.
  /// - Returns: A one-line description of what was written.
  /// - Throws: `FileWriteError` naming the path, or `FormatError` if the actual file cannot be re-read.
  public static func update(
    expectedPath: String, with actual: FrameSequence, expectedDuration: Int? = nil, limits: DecodeLimits = .standard
  ) throws -> String {
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: expectedPath, isDirectory: &isFolder)
    let expectedIsFolder = exists ? isFolder.boolValue : actual.kind == .folder || expectedPath.hasSuffix("/")
    if expectedIsFolder {
      return try updateFolder(expectedPath, exists: exists, with: actual, limits: limits)
    }
    let expectedKind: FrameSequence.Kind =
      exists
      ? LottieSide.isLottie(expectedPath)
        ? .lottie : FrameSequenceLoader.kind(of: try FrameSequenceLoader.readFile(expectedPath, limits: limits)) ?? .gif
      : actual.kind == .lottie ? kind(named: expectedPath) : actual.kind
    switch (expectedKind, actual.kind) {
    case (.gif, .gif), (.png, .png), (.webp, .webp), (.apng, .apng), (.lottie, .lottie):
      let bytes = try FrameSequenceLoader.readFile(actual.source, limits: limits)
      try AtomicFile.write(bytes, to: expectedPath)
      return "updated: '\(expectedPath)' is now a copy of '\(actual.source)'"
    case (.png, _) where actual.presentIndices.count == 1:
      let reader = FrameReader(actual)
      guard let frame = try reader.frame(at: actual.presentIndices[0]) else { throw gone(actual) }
      try AtomicFile.write(try PNGCodec.encode(frame), to: expectedPath)
      return "updated: '\(expectedPath)' now holds the frame of '\(actual.source)'"
    case (.gif, _):
      let present = actual.presentIndices
      let reader = FrameReader(actual)
      let encoder = try GIFEncoder(width: actual.width, height: actual.height)
      // A timed animation keeps its own delays (its length, not the old GIF's); PNG frames, which have
      // none, are spread over the old GIF's duration.
      let delays =
        if let own = actual.delays, own.count == present.count, actual.kind != .folder, actual.kind != .png {
          own
        } else {
          spread(expectedDuration ?? 10 * present.count, over: present.count)
        }
      try encoder.write(to: expectedPath, delays: delays) { n in
        guard let frame = try reader.frame(at: present[n]) else { throw gone(actual) }
        return frame
      }
      return "updated: '\(expectedPath)' re-encoded from the \(present.count) frames of '\(actual.source)'"
    case (.webp, _), (.apng, _):
      let present = actual.presentIndices
      let reader = FrameReader(actual)
      let milliseconds =
        actual.millisecondDelays ?? actual.displayDelays.map { $0.map { $0 * 10 } }
        ?? spread(expectedDuration ?? 10 * present.count, over: present.count).map { $0 * 10 }
      var encoder = try AnimationEncoder(
        format: expectedKind == .webp ? .webp(quality: nil) : .apng, width: actual.width, height: actual.height,
        loop: 0)
      var start = 0
      for (n, index) in present.enumerated() {
        guard let frame = try reader.frame(at: index) else { throw gone(actual) }
        try encoder.add(frame, start: start)
        start += max(1, milliseconds[min(n, milliseconds.count - 1)])
      }
      try AtomicFile.write(try encoder.finish(end: start), to: expectedPath)
      return "updated: '\(expectedPath)' re-encoded from the \(present.count) frames of '\(actual.source)'"
    default:
      throw FileWriteError(
        path: expectedPath,
        reason: "cannot turn the \(actual.frames.count)-frame \(actual.kind.rawValue) '\(actual.source)' "
          + "into a single-PNG baseline; pass one PNG or a one-frame GIF as ACTUAL, or use a frames folder as EXPECTED")
    }
  }

  /// The kind a new baseline made from a Lottie file takes, by its name: a GIF, WebP, APNG or PNG
  /// by extension, else a copy of the Lottie file.
  private static func kind(named path: String) -> FrameSequence.Kind {
    let kinds: [String: FrameSequence.Kind] = ["gif": .gif, "webp": .webp, "apng": .apng, "png": .png]
    return kinds[(path as NSString).pathExtension.lowercased()] ?? .lottie
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
    let parent = (PathNames.trimmingTrailingSlashes(path) as NSString).deletingLastPathComponent
    if !exists, !parent.isEmpty, !FileManager.default.fileExists(atPath: parent) {
      do {
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
      } catch {
        throw FileWriteError(path: path, reason: "its parent folder cannot be created")
      }
    }
    let old = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter(isFrame)
      .sorted(by: NaturalOrder.areInIncreasingOrder)
    let pattern = FrameNumbering.pattern(of: old) ?? ("frame-", 4)
    let replacement = try FolderReplacement(target: path) { !isFrame($0) }
    defer { replacement.abort() }  // does nothing once committed
    let reader = FrameReader(actual)
    let files: [String?]? = if case .files(let files, _) = actual.storage { files } else { nil }
    var written = 0
    for (slot, index) in displayed(actual).enumerated() {
      let name: String
      if actual.kind == .folder {
        name = actual.labels[index]
      } else {
        let number = String(slot)
        name = pattern.prefix + String(repeating: "0", count: max(0, pattern.digits - number.count)) + number + ".png"
      }
      let bytes: [UInt8]
      if let file = files?[index] {
        bytes = try FrameSequenceLoader.readFile(file, limits: limits)  // a folder's PNG, copied as it is
      } else if let frame = try reader.frame(at: index) {
        bytes = try PNGCodec.encode(frame)
      } else {
        continue  // a gap in a numbered folder stays a gap
      }
      try replacement.filling {
        try AtomicFile.write(bytes, to: (replacement.stagingPath as NSString).appendingPathComponent(name))
      }
      written += 1
    }
    try replacement.commit()
    return "updated: '\(path)' now holds the \(written) frames of '\(actual.source)'"
  }

  /// Whether a baseline folder's entry is a frame (a PNG), replaced by an update; others are kept.
  private static func isFrame(_ name: String) -> Bool { name.lowercased().hasSuffix(".png") }

  private static func gone(_ sequence: FrameSequence) -> FormatError {
    FormatError.unreadable(source: sequence.source, problem: "a frame read before can no longer be read")
  }
}
