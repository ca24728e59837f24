/// Two frames shown at the same time, one from each side, or one frame that only one side has there.
package struct FramePair: Equatable, Codable, Sendable {
  /// Which frames the pair holds: always at least one.
  public enum Frames: Equatable, Codable, Sendable {
    /// A frame of each side: indices into the expected and the actual sequence's frames.
    case both(expected: Int, actual: Int)
    /// A frame only the expected side has (missing in actual).
    case onlyExpected(Int)
    /// A frame only the actual side has (extra in actual).
    case onlyActual(Int)
  }

  /// The frames compared.
  public var frames: Frames
  /// When the pair starts showing, in hundredths of a second; `nil` when neither side is timed.
  public var start: Double?
  /// When the pair stops showing, in hundredths of a second.
  public var end: Double?

  /// Creates a pair.
  /// - Parameters:
  ///   - frames: the frames compared.
  ///   - start: when the pair starts showing, in hundredths of a second, if timed.
  ///   - end: when the pair stops showing, in hundredths of a second, if timed.
  public init(_ frames: Frames, start: Double? = nil, end: Double? = nil) {
    self.frames = frames
    self.start = start
    self.end = end
  }

  /// Index into the expected sequence's frames, or `nil` for a frame only the actual side has.
  public var expectedIndex: Int? {
    switch frames {
    case .both(let expected, _), .onlyExpected(let expected): expected
    case .onlyActual: nil
    }
  }

  /// Index into the actual sequence's frames, or `nil` for a frame only the expected side has.
  public var actualIndex: Int? {
    switch frames {
    case .both(_, let actual), .onlyActual(let actual): actual
    case .onlyExpected: nil
    }
  }
}
