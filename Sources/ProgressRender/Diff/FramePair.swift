/// Two frames shown at the same time, one from each side; `nil` where a side has no frame there.
public struct FramePair: Equatable, Codable, Sendable {
  /// Index into the expected sequence's frames, or `nil` for a frame only the actual side has.
  public var expectedIndex: Int?
  /// Index into the actual sequence's frames, or `nil` for a frame only the expected side has.
  public var actualIndex: Int?
  /// When the pair starts showing, in hundredths of a second; `nil` when neither side is timed.
  public var start: Double?
  /// When the pair stops showing, in hundredths of a second.
  public var end: Double?

  /// Creates a pair.
  public init(expectedIndex: Int?, actualIndex: Int?, start: Double? = nil, end: Double? = nil) {
    self.expectedIndex = expectedIndex
    self.actualIndex = actualIndex
    self.start = start
    self.end = end
  }
}
