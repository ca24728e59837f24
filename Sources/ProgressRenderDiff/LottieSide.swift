import Foundation
import ProgressRenderCore
import ProgressRenderFormats
import ProgressRenderLottie
import ProgressRenderPipeline
import ProgressRenderSupport

/// One side of a comparison that is a Lottie file (JSON, or a dotLottie archive): read as
/// `render --lottie` reads it, and painted as `render` paints it (the composition fitted to the
/// canvas by `LottieImport.fitted`, a `RenderSettings` canvas, the Cairo `CompositionRenderer`),
/// one frame at a time when the differ reads it.
///
/// Which frames: against another Lottie file, or a folder of PNG frames, every frame at a rate
/// (frame i at i / fps, untimed, so a longer file shows as extra frames); against a GIF, WebP or
/// APNG, one frame at the start of each of its frames, with its delays, so the two line up frame
/// for frame; against one PNG, the still `render` takes by default (the end).
struct LottieSide {
  /// The path it was read from.
  let path: String
  /// The animation as read.
  let imported: LottieImport

  /// Reads a Lottie file.
  /// - Throws: `LottieImportError` naming the file and what is wrong.
  init(path: String) throws(LottieImportError) {
    self.path = path
    imported = try LottieImporter.read(path: path)
  }

  /// Whether the file at `path` holds a Lottie animation, by its first bytes: a ZIP archive (a
  /// dotLottie file) or a JSON object. Only a regular file is opened: a folder, a missing file or a
  /// FIFO, socket or device is not one (opening a FIFO would wait for a writer; the frame loader
  /// names what it is).
  static func isLottie(_ path: String) -> Bool {
    guard let head = InputFile.head(path, count: 64) else { return false }
    if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return true }
    let first = head.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.first
    return first == UInt8(ascii: "{")
  }

  /// The file's canvas in pixels, `w` × `h` rounded.
  var ownSize: (width: Int, height: Int) {
    (Int(imported.composition.width.rounded()), Int(imported.composition.height.rounded()))
  }

  /// The rate `render` paints the file at: its own `fr`, at most `RenderSettings.maxFPS`.
  var ownFPS: Double { min(imported.composition.frameRate, RenderSettings.maxFPS) }

  /// The file's length in seconds, (`op` − `ip`) / `fr`.
  var duration: Double { imported.composition.duration }

  /// Every frame at `fps` on a `width` × `height` canvas, untimed: frame i at i / fps, as many as
  /// `render --fps` writes (round(duration × fps), at least 1).
  /// - Throws: `DiffError.lottieCanvas` for a canvas or a frame count beyond what `render` paints.
  func frames(width: Int, height: Int, fps: Double, limits: DecodeLimits) throws(DiffError) -> FrameSequence {
    let count = max(1, Int((duration * fps).rounded()))
    return try sequence(
      width: width, height: height, fps: fps, times: (0..<count).map { Double($0) / fps },
      delays: nil, limits: limits)
  }

  /// The frames `render --lottie FILE --out name.gif` writes at a size: every frame at the file's
  /// own rate, with the GIF's delays (what a baseline made from the file holds).
  /// - Throws: `DiffError.lottieCanvas` for a canvas or a frame count beyond what `render` paints.
  func rendered(width: Int, height: Int, limits: DecodeLimits) throws(DiffError) -> FrameSequence {
    let count = max(1, Int((duration * ownFPS).rounded()))
    let schedule = FrameSchedule(frameCount: count, fps: ownFPS, duration: duration > 0 ? duration : nil)
    return try sequence(
      width: width, height: height, fps: ownFPS, times: (0..<count).map(schedule.time(ofFrame:)),
      delays: schedule.gifDelays, limits: limits)
  }

  /// The frames shown at the start of each frame of a timed sequence (GIF, WebP, APNG), at its size,
  /// with its delays; frames starting after the file ends are left out, and the last lasts until it
  /// ends, so a file of another length shows as a duration that differs.
  /// - Throws: `DiffError.lottieCanvas` for a canvas beyond what `render` paints.
  func frames(timedAs other: FrameSequence, delays: [Int], limits: DecodeLimits) throws(DiffError)
    -> FrameSequence
  {
    let end = max(1, Int((duration * 100).rounded()))
    var starts = [0]
    for delay in delays.dropLast() where starts[starts.count - 1] + delay < end {
      starts.append(starts[starts.count - 1] + delay)
    }
    let own = zip(starts, starts.dropFirst().map { $0 } + [end]).map { max(2, $1 - $0) }
    return try sequence(
      width: other.width, height: other.height, fps: ownFPS, times: starts.map { Double($0) / 100 }, delays: own,
      limits: limits)
  }

  /// The still `render --lottie FILE --out still.png` takes by default (at the end), at a size.
  /// - Throws: `DiffError.lottieCanvas` for a canvas beyond what `render` paints.
  func still(width: Int, height: Int, limits: DecodeLimits) throws(DiffError) -> FrameSequence {
    try sequence(
      width: width, height: height, fps: ownFPS,
      times: [StillTime.end.seconds(inDuration: duration, secondsPerFrame: 1 / ownFPS)], delays: nil,
      limits: limits)
  }

  /// The frames at `times`, painted with the settings `render` makes for the file at that size and rate.
  private func sequence(
    width: Int, height: Int, fps: Double, times: [Double], delays: [Int]?, limits: DecodeLimits
  ) throws(DiffError) -> FrameSequence {
    let maxSide = RenderSettings.maxPixelSize
    guard (1...maxSide).contains(width), (1...maxSide).contains(height), width * height <= limits.maxFramePixels
    else {
      throw .lottieCanvas(
        path: path,
        problem: "would be painted at \(width)×\(height) px, beyond the 1…\(maxSide) px a side render paints; give "
          + "--size")
    }
    guard times.count <= limits.maxFrames else {
      throw .lottieCanvas(
        path: path, problem: "would be \(times.count) frames, more than the limit of \(limits.maxFrames); give --fps")
    }
    var settings = RenderSettings(
      size: Double(width), scale: 1, fps: fps, duration: max(duration, 1e-9), background: .clear)
    settings.height = Double(height)
    let composition = imported.fitted(
      width: settings.size, height: Double(height), duration: settings.duration, frameRate: settings.fps,
      frameCount: settings.frameCount, background: settings.background)
    let frameRate = imported.composition.frameRate
    let labels = times.map { "frame \(NumberText.short(($0 * frameRate * 1000).rounded() / 1000))" }
    return FrameSequence(
      source: path, painting: PaintedFrames(composition: composition, settings: settings.paintSettings, times: times),
      labels: labels, delays: delays)
  }
}
