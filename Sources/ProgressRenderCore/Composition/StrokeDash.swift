/// A stroke's dash pattern that changes over time (Lottie's animated `d`): lengths on, then off,
/// repeated, and how far into the pattern the outline starts, each a number of the timeline.
public struct StrokeDash: Codable, Equatable, Sendable {
  /// Dash lengths, on then off, repeated.
  public var lengths: [AnimatedNumber]
  /// How far into the pattern the outline starts.
  public var offset: AnimatedNumber

  /// Creates a dash pattern.
  /// - Parameters:
  ///   - lengths: dash lengths, on then off, repeated.
  ///   - offset: how far into the pattern the outline starts.
  public init(lengths: [AnimatedNumber], offset: AnimatedNumber = .constant(0)) {
    self.lengths = lengths
    self.offset = offset
  }

  /// The pattern at one time: the lengths, empty (a solid line) when one is negative or not
  /// finite or none is positive, as SVG renderers ignore such a `stroke-dasharray`.
  /// - Parameter values: the timeline's values at that time.
  /// - Returns: the lengths and the offset.
  public func pattern(in values: TrackValues) -> (lengths: [Double], offset: Double) {
    let lengths = self.lengths.map { $0.value(in: values) }
    let offset = NumberExpression.finite(self.offset.value(in: values), 0)
    guard lengths.allSatisfy({ $0 >= 0 && $0.isFinite }), lengths.contains(where: { $0 > 0 }) else {
      return ([], offset)
    }
    return (lengths, offset)
  }
}
