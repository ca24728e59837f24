import ProgressRenderCore

/// An animated WebP or APNG as a `FrameSink` (see `AnimationEncoder`), each frame shown from its
/// start in `times` until the next one's.
///
/// An APNG of at most 256 colours (transparent included) is stored colour-mapped: its first pass
/// counts the colours of every frame and stops at the 257th.
package struct AnimationFrameSink: FrameSink {
  private let format: AnimationEncoder.Format
  private let width: Int
  private let height: Int
  private let loop: Int?
  private let times: [Int]
  private var colors: Set<UInt32>?
  private var encoder: AnimationEncoder?
  public let surveyedFrames: [Int]

  /// Starts an animation.
  /// - Parameters:
  ///   - format: WebP (lossless or lossy) or APNG.
  ///   - width: canvas width.
  ///   - height: canvas height.
  ///   - loop: the GIF loop option (see `AnimationEncoder.init`).
  ///   - times: each frame's start in milliseconds, then the end: one more than the frame count,
  ///     increasing.
  public init(format: AnimationEncoder.Format, width: Int, height: Int, loop: Int?, times: [Int]) {
    self.format = format
    self.width = width
    self.height = height
    self.loop = loop
    self.times = times
    colors = format == .apng ? [0] : nil
    surveyedFrames = format == .apng ? Array(0..<max(0, times.count - 1)) : []
  }

  /// Counts an APNG's colours while there are at most 256.
  public mutating func survey(_ frames: [Frame]) throws -> Bool {
    for frame in frames { AnimationEncoder.collect(frame, into: &colors) }
    return colors != nil
  }

  /// Encodes the next frames.
  public mutating func add(_ frames: [Frame?], from start: Int) throws {
    var encoder =
      try self.encoder
      ?? AnimationEncoder(
        format: format, width: width, height: height, loop: loop, colors: colors)
    self.encoder = nil
    defer { self.encoder = encoder }
    for (k, frame) in frames.enumerated() {
      guard let frame else { preconditionFailure("AnimationFrameSink paints every frame") }
      try encoder.add(frame, start: times[start + k])
    }
  }

  /// Ends the animation.
  /// - Returns: the file's bytes and the frames stored (identical consecutive frames counted once).
  public mutating func finish() throws -> (bytes: [UInt8], framesWritten: Int) {
    guard var encoder, let end = times.last else { throw FormatError.failed("an animation needs at least one frame") }
    let bytes = try encoder.finish(end: end)
    return (bytes, encoder.framesWritten)
  }
}
