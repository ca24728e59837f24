/// The frames of one side of a comparison, as they are displayed: a GIF's composited frames with their
/// delays, a single PNG, or a folder of PNG frames.
public struct FrameSequence: Equatable, Sendable {
  /// What the input was.
  public enum Kind: String, Codable, Sendable {
    /// An animated or still GIF; frames carry delays.
    case gif
    /// One PNG file: one frame, no timing.
    case png
    /// A folder of PNG frames in natural name order; no timing.
    case folder
  }

  /// What the input was.
  public var kind: Kind
  /// The path it was read from.
  public var source: String
  /// The frames in display order. `nil` marks a frame missing from a numbered folder
  /// (`frame-0003.png` absent between `frame-0002.png` and `frame-0004.png`).
  public var frames: [Frame?]
  /// A name for each frame: the file name in a folder, `frame N` in a GIF.
  public var labels: [String]
  /// The delays as written in the GIF, in hundredths of a second; `nil` for PNG inputs.
  public var delays: [Int]?
  /// Width of the frames: the GIF screen, the PNG, or the first present frame of a folder.
  public var width: Int
  /// Height of the frames (of the first present frame in a folder).
  public var height: Int

  /// Creates a sequence.
  public init(
    kind: Kind, source: String, frames: [Frame?], labels: [String], delays: [Int]?, width: Int, height: Int
  ) {
    self.kind = kind
    self.source = source
    self.frames = frames
    self.labels = labels
    self.delays = delays
    self.width = width
    self.height = height
  }

  /// How long each frame shows, in hundredths of a second, as browsers play it: a delay under 2 cs
  /// shows for 10 cs. `nil` for PNG inputs.
  public var displayDelays: [Int]? {
    delays?.map { $0 < 2 ? 10 : $0 }
  }
}
