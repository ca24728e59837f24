import ProgressRenderCore

/// The frames of one side of a comparison, as they are displayed: a GIF's composited frames with their
/// delays, a single PNG, or a folder of PNG frames.
///
/// A sequence loaded from disk holds no pixels: it keeps the GIF's bytes or the folder's file names, and
/// a `FrameReader` decodes one frame at a time, so comparing costs two frames of memory, not all of them.
/// A sequence made from frames in memory (`init(kind:source:frames:…)`) holds them.
public struct FrameSequence: Equatable, Sendable {
  /// What the input was.
  public enum Kind: String, Codable, Sendable {
    /// An animated or still GIF; frames carry delays.
    case gif
    /// One PNG file: one frame, no timing.
    case png
    /// A folder of PNG frames in natural name order; no timing.
    case folder
    /// An animated or still WebP; frames carry delays (in milliseconds in the file).
    case webp
    /// An animated PNG; frames carry delays (in milliseconds in the file).
    case apng
    /// A Lottie file or dotLottie archive, painted at the times of the other side (or its own frames).
    case lottie
  }

  /// Where the pixels come from.
  package enum Storage: Equatable, Sendable {
    /// Frames in memory (`nil` for a missing one).
    case frames([Frame?])
    /// A GIF file's bytes, read with these limits; its first `count` images are played.
    case gif(bytes: [UInt8], limits: DecodeLimits)
    /// One PNG file per slot (`nil` for a missing one).
    case files([String?], limits: DecodeLimits)
    /// A WebP file's bytes, played by libwebp's animation decoder.
    case webp(bytes: [UInt8], limits: DecodeLimits)
    /// A parsed APNG, played by `APNGCompositor`.
    case apng(APNGFile, limits: DecodeLimits)
    /// A composition painted when a frame is asked for.
    case painted(PaintedFrames)
  }

  /// What the input was.
  public var kind: Kind
  /// The path it was read from.
  public var source: String
  /// A name for each frame: the file name in a folder, `frame N` in a GIF.
  public var labels: [String]
  /// The delays as written in the GIF, in hundredths of a second; `nil` for PNG inputs. For a WebP or
  /// APNG, its millisecond times converted: frame boundaries at ⌊t / 10⌋ cs, the end rounded.
  public var delays: [Int]?
  /// A WebP's or APNG's frame durations in milliseconds, as the file stores them; `nil` for others.
  public var millisecondDelays: [Int]?
  /// A WebP's or APNG's play count as the file stores it: 0 forever, n plays n times; `nil` for others.
  public var plays: Int?
  /// Width of the frames: the GIF screen, the PNG, or the first present frame of a folder.
  public var width: Int
  /// Height of the frames (of the first present frame in a folder).
  public var height: Int
  /// What the reader tolerated, for information (for example data after the last complete GIF frame).
  public var notes: [String] = []
  /// The pixels or where to read them.
  package var storage: Storage

  /// Creates a sequence of frames held in memory.
  /// - Parameter frames: The frames in display order; `nil` marks a frame missing from a numbered folder.
  public init(
    kind: Kind, source: String, frames: [Frame?], labels: [String], delays: [Int]?, width: Int, height: Int
  ) {
    self.init(
      kind: kind, source: source, storage: .frames(frames), labels: labels, delays: delays, width: width,
      height: height)
  }

  /// Creates a sequence whose frames are painted one at a time when read: `frames.times.count` frames.
  /// - Parameters:
  ///   - source: the path the composition was read from.
  ///   - frames: the composition, how to paint it and each frame's time.
  ///   - labels: a name for each frame.
  ///   - delays: display delays in hundredths of a second, or `nil` for untimed frames.
  public init(source: String, painting frames: PaintedFrames, labels: [String], delays: [Int]?) {
    self.init(
      kind: .lottie, source: source, storage: .painted(frames), labels: labels, delays: delays,
      width: frames.settings.pixelSize, height: frames.settings.pixelHeight)
  }

  init(
    kind: Kind, source: String, storage: Storage, labels: [String], delays: [Int]?, width: Int, height: Int,
    notes: [String] = []
  ) {
    self.kind = kind
    self.source = source
    self.storage = storage
    self.labels = labels
    self.delays = delays
    self.width = width
    self.height = height
    self.notes = notes
  }

  /// Number of frames (slots, for a numbered folder, gaps included).
  public var count: Int { labels.count }

  /// Indices of the frames that are there (all but the gaps of a numbered folder), without decoding any.
  public var presentIndices: [Int] {
    switch storage {
    case .frames(let frames): return frames.indices.filter { frames[$0] != nil }
    case .files(let files, _): return files.indices.filter { files[$0] != nil }
    case .gif, .webp, .apng, .painted: return Array(0..<count)
    }
  }

  /// Every frame, decoded at once; `nil` for a missing one (or one that can no longer be read).
  /// - Complexity: O(count × pixels) time and memory; compare with `FrameReader` to hold one at a time.
  public var frames: [Frame?] {
    if case .frames(let frames) = storage { return frames }
    let reader = FrameReader(self)
    return (0..<count).map { try? reader.frame(at: $0) }
  }

  /// Centisecond delays of millisecond durations: boundaries at ⌊t / 10⌋, the end at round(total / 10),
  /// so a render's WebP or APNG lines up with its GIF (`FrameSchedule.millisecondBoundaries`).
  static func centiseconds(milliseconds durations: [Int]) -> [Int] {
    var starts = [0]
    for duration in durations { starts.append(starts[starts.count - 1] + duration) }
    var boundaries = starts.dropLast().map { $0 / 10 }
    boundaries.append((starts[starts.count - 1] + 5) / 10)
    return zip(boundaries, boundaries.dropFirst()).map { $1 - $0 }
  }

  /// How long each frame shows, in hundredths of a second, as browsers play it: a delay under 2 cs
  /// shows for 10 cs. `nil` for PNG inputs.
  public var displayDelays: [Int]? {
    delays?.map { $0 < 2 ? 10 : $0 }
  }

  /// The length of one displayed frame in hundredths of a second, when a GIF's delays show it: the
  /// smallest delay, if every delay is a whole multiple of it (a GIF that merged identical frames holds
  /// one image for several of them). `nil` for PNG inputs and for delays that vary otherwise (30 fps
  /// alternates 3 and 4 cs).
  public var displayUnit: Int? {
    guard let delays = displayDelays, let unit = delays.min(), unit > 0 else { return nil }
    return delays.allSatisfy { $0 % unit == 0 } ? unit : nil
  }

  /// How many frames are displayed, when more than are stored (`displayUnit` known and some image held
  /// for several units); else `nil`.
  public var displayedCount: Int? {
    guard let unit = displayUnit, let delays = displayDelays else { return nil }
    let units = delays.reduce(0) { $0 + $1 / unit }
    return units > count ? units : nil
  }
}
