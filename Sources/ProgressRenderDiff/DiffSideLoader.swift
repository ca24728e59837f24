import Foundation
import ProgressRenderFormats
import ProgressRenderSupport

/// Reads the two sides of a comparison, either of which may be a Lottie file (JSON or dotLottie,
/// told apart by content) painted as `render` paints it (`LottieSide`):
/// - **two Lottie files** are painted on one canvas at one rate: `DiffOptions.lottieWidth` ×
///   `lottieHeight` and `lottieFPS` when given, else the expected file's `w` × `h` and frame rate
///   (at most 50 fps, as `render`); each is as long as it is, so a longer one has extra frames;
/// - **a Lottie file against a GIF, WebP or APNG** is painted at that side's size, once at the start
///   of each of its frames, with its delays;
/// - **against a folder of PNG frames**, at the folder's frame size, at the file's own rate or
///   `lottieFPS`; **against one PNG**, the still `render` takes by default (at the end).
///
/// Every other pairing is read by `FrameSequenceLoader`, both sides at once.
enum DiffSideLoader {
  /// Loads both sides.
  /// - Parameters:
  ///   - expected: the baseline path.
  ///   - actual: the candidate path.
  ///   - options: the read limits and the Lottie canvas and rate.
  /// - Returns: both sides; a Lottie side's notes say what it was painted at, when not its own.
  /// - Throws: `LottieImportError` naming a Lottie file that cannot be read, `DiffError` for a
  ///   Lottie option that does not apply or a canvas beyond the limits, `FormatError` or
  ///   `RasterError` for another input.
  static func load(expected: String, actual: String, options: DiffOptions) throws
    -> (expected: FrameSequence, actual: FrameSequence)
  {
    try checkExists(expected)
    try checkExists(actual)
    switch (LottieSide.isLottie(expected), LottieSide.isLottie(actual)) {
    case (false, false):
      try refuseLottieOptions(options, because: "neither side is a Lottie file")
      return try FrameSequenceLoader.load(expected: expected, actual: actual, limits: options.limits)
    case (true, true):
      let first = try LottieSide(path: expected)
      let second = try LottieSide(path: actual)
      let width = options.lottieWidth ?? first.ownSize.width
      let height = options.lottieHeight ?? first.ownSize.height
      let fps = options.lottieFPS ?? first.ownFPS
      let expectedSide = try first.frames(width: width, height: height, fps: fps, limits: options.limits)
      var actualSide = try second.frames(width: width, height: height, fps: fps, limits: options.limits)
      let given = options.lottieWidth != nil || options.lottieFPS != nil
      actualSide.notes += notes(first, second, width: width, height: height, fps: given ? fps : nil)
      return (expectedSide, actualSide)
    case (true, false):
      let other = try FrameSequenceLoader.load(actual, limits: options.limits)
      return (try paint(try LottieSide(path: expected), against: other, options: options), other)
    case (false, true):
      let other = try FrameSequenceLoader.load(expected, limits: options.limits)
      return (other, try paint(try LottieSide(path: actual), against: other, options: options))
    }
  }

  /// Loads one side (a baseline being recorded has no other side): a Lottie file at its own size and rate.
  /// - Throws: as `load(expected:actual:options:)`.
  static func load(_ path: String, options: DiffOptions) throws -> FrameSequence {
    try checkExists(path)
    guard LottieSide.isLottie(path) else {
      try refuseLottieOptions(options, because: "'\(path)' is not a Lottie file")
      return try FrameSequenceLoader.load(path, limits: options.limits)
    }
    let side = try LottieSide(path: path)
    return try side.frames(
      width: options.lottieWidth ?? side.ownSize.width, height: options.lottieHeight ?? side.ownSize.height,
      fps: options.lottieFPS ?? side.ownFPS, limits: options.limits)
  }

  /// What a baseline made from a side holds: a Lottie side's frames as `render` writes them at the
  /// compared size (its own rate and length, GIF delays), not at the other side's times; any other
  /// side as it is.
  /// - Throws: as `load(expected:actual:options:)`.
  static func baseline(from side: FrameSequence, options: DiffOptions) throws -> FrameSequence {
    guard side.kind == .lottie else { return side }
    return try LottieSide(path: side.source).rendered(width: side.width, height: side.height, limits: options.limits)
  }

  /// A Lottie side painted to match the frames on the other side.
  private static func paint(_ side: LottieSide, against other: FrameSequence, options: DiffOptions) throws
    -> FrameSequence
  {
    let what = "'\(side.path)' is painted at the size of '\(other.source)' (\(other.width)×\(other.height))"
    if options.lottieWidth != nil {
      throw DiffError.lottieOption(.lottieSize, problem: "applies when both sides are Lottie files; \(what)")
    }
    var sequence: FrameSequence
    if let delays = other.displayDelays {
      if options.lottieFPS != nil {
        throw DiffError.lottieOption(
          .lottieFPS,
          problem: "applies to two Lottie files or a Lottie file and a frames folder; \(what), at its frame times")
      }
      sequence = try side.frames(timedAs: other, delays: delays, limits: options.limits)
    } else if other.kind == .png {
      if options.lottieFPS != nil {
        throw DiffError.lottieOption(
          .lottieFPS, problem: "applies to two Lottie files or a Lottie file and a frames folder; \(what), as a still")
      }
      sequence = try side.still(width: other.width, height: other.height, limits: options.limits)
    } else {
      sequence = try side.frames(
        width: other.width, height: other.height, fps: options.lottieFPS ?? side.ownFPS, limits: options.limits)
    }
    let fps = other.displayDelays == nil && other.kind != .png ? options.lottieFPS ?? side.ownFPS : nil
    sequence.notes += note(side, width: other.width, height: other.height, fps: fps)
    return sequence
  }

  /// A note when a Lottie side is painted at a canvas (or a rate) other than its own.
  private static func note(_ side: LottieSide, width: Int, height: Int, fps: Double?) -> [String] {
    let own = side.ownSize
    var changes: [String] = []
    if own != (width, height) { changes.append("\(width)×\(height) px (its own canvas is \(own.width)×\(own.height))") }
    if let fps, fps != side.imported.composition.frameRate {
      changes.append(
        "\(NumberText.short(fps)) fps (its own rate is \(NumberText.short(side.imported.composition.frameRate)))")
    }
    return changes.isEmpty ? [] : ["'\(side.path)' was painted at " + changes.joined(separator: " and ")]
  }

  /// The notes of two Lottie files painted alike: the canvas and rate when they were given or the
  /// files' own differ, and the files' lengths when they differ.
  /// - Parameter fps: the rate when `--size` or `--fps` was given, else `nil` (then the canvas and
  ///   rate are only noted when the files' own differ).
  private static func notes(_ first: LottieSide, _ second: LottieSide, width: Int, height: Int, fps: Double?)
    -> [String]
  {
    let sides = [first, second]
    var notes: [String] = []
    let alike =
      fps == nil && first.ownSize == second.ownSize
      && first.imported.composition.frameRate == second.imported.composition.frameRate
    if !alike {
      let fps = fps ?? first.ownFPS
      let own = sides.map { side in
        "'\(side.path)' \(side.ownSize.width)×\(side.ownSize.height) at \(NumberText.short(side.imported.composition.frameRate)) fps"
      }
      notes.append(
        "both painted at \(width)×\(height) px and \(NumberText.short(fps)) fps (\(own.joined(separator: ", ")))")
    }
    if first.duration != second.duration {
      let lengths = sides.map { side in
        let frames = Int((side.duration * side.imported.composition.frameRate).rounded())
        return "'\(side.path)' \(NumberText.short((side.duration * 1000).rounded() / 1000)) s (\(frames) frames)"
      }
      notes.append("lengths differ: " + lengths.joined(separator: ", "))
    }
    return notes
  }

  /// Throws for a path where there is nothing, naming every kind of side.
  private static func checkExists(_ path: String) throws(FormatError) {
    guard !FileManager.default.fileExists(atPath: path) else { return }
    throw .unreadable(
      source: path,
      problem: "no such file or folder; give a GIF, WebP, APNG or PNG file, a folder of PNG frames, or a Lottie file "
        + "(.json, .lottie)")
  }

  /// Throws for a Lottie option given when no side takes it.
  private static func refuseLottieOptions(_ options: DiffOptions, because reason: String) throws(DiffError) {
    if options.lottieWidth != nil {
      throw .lottieOption(.lottieSize, problem: "applies only to Lottie sides (.json or .lottie files); \(reason)")
    }
    if options.lottieFPS != nil {
      throw .lottieOption(.lottieFPS, problem: "applies only to Lottie sides (.json or .lottie files); \(reason)")
    }
  }
}
