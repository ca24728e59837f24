import ProgressRenderCore

/// Where a render's frames go — an encoder (GIF, WebP, APNG) or files (PNG frames, a still) — fed
/// in frame order by `FramePainter`, the one paint loop every output shares.
///
/// A sink knows its frames' times from the start (delays or millisecond boundaries given to its
/// initializer). It may ask for a first pass (a GIF's palette, an APNG's colour count) before any
/// frame is added, and may keep frames from that pass so they are not painted again.
public protocol FrameSink {
  /// What the finished output reports (bytes, frames stored).
  associatedtype Output

  /// The frames a first pass looks at, in order, before any frame is added; empty when the format
  /// needs none.
  var surveyedFrames: [Int] { get }

  /// Looks at the next frames of the first pass, in the order of `surveyedFrames`.
  /// - Parameter frames: the next frames of the first pass.
  /// - Returns: whether the sink wants the rest of the first pass.
  /// - Throws: an error naming a frame the format cannot take.
  mutating func survey(_ frames: [Frame]) throws -> Bool
  /// Paints the next frames of the first pass and looks at them: a sink may look at each frame on
  /// the thread that painted it (the default paints the round, then calls `survey(_:)`).
  /// - Parameters:
  ///   - indices: the frames, in the order of `surveyedFrames`.
  ///   - painter: paints frames; painter `slot` (`0..<painter.count`) is used by one thread at a time.
  /// - Returns: whether the sink wants the rest of the first pass.
  /// - Throws: the error of the round's lowest failing frame, or the sink's.
  mutating func survey(_ indices: [Int], paintedBy painter: RoundPainter) throws -> Bool

  /// Whether frame `index` must be painted for `add`: `false` when the sink kept it from the first pass.
  func needsFrame(_ index: Int) -> Bool

  /// Adds the frames `start ..< start + frames.count`, in order.
  /// - Parameters:
  ///   - frames: the frames, `nil` where `needsFrame` said no.
  ///   - start: the index of the first one.
  /// - Throws: the encoder's or the file system's error.
  mutating func add(_ frames: [Frame?], from start: Int) throws
  /// Paints the frames of a round that `needsFrame` asks for and adds the round: a sink may take
  /// each frame on the thread that painted it (the default paints the round, then calls
  /// `add(_:from:)`).
  /// - Parameters:
  ///   - round: the next frames, in order.
  ///   - painter: paints frames; painter `slot` (`0..<painter.count`) is used by one thread at a time.
  /// - Throws: the error of the round's lowest failing frame, or the sink's.
  mutating func add(_ round: Range<Int>, paintedBy painter: RoundPainter) throws

  /// Ends the output once every frame was added.
  /// - Returns: what was written.
  /// - Throws: the encoder's or the file system's error.
  mutating func finish() throws -> Output
}

extension FrameSink {
  /// No first pass.
  public var surveyedFrames: [Int] { [] }

  /// No first pass: wants nothing more.
  public mutating func survey(_ frames: [Frame]) throws -> Bool { false }
  /// Paints the round on every painter at once, then looks at it with `survey(_:)`.
  public mutating func survey(_ indices: [Int], paintedBy painter: RoundPainter) throws -> Bool {
    try survey(painter.paint(indices))
  }

  /// Every frame is painted for `add`.
  public func needsFrame(_ index: Int) -> Bool { true }

  /// Paints the round on every painter at once, then adds it with `add(_:from:)`.
  public mutating func add(_ round: Range<Int>, paintedBy painter: RoundPainter) throws {
    try add(painted(round, by: painter), from: round.lowerBound)
  }

  /// The frames of `round` that `needsFrame` asks for, painted on every painter at once; `nil`
  /// for the others.
  /// - Throws: the error of the round's lowest failing frame.
  public func painted(_ round: Range<Int>, by painter: RoundPainter) throws -> [Frame?] {
    let needed = round.map(needsFrame)
    var painted = try painter.paint(round.filter { needed[$0 - round.lowerBound] }).makeIterator()
    return needed.map { $0 ? painted.next() : nil }
  }
}
