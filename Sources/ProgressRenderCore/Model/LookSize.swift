/// A platform's own geometry at one canvas size, drawn there instead of the design scaled to it
/// (MDC's circular indicator at 24 dp, UIKit's medium activity indicator at 20 pt).
///
/// Every length is in points at that size, not at the style's design size: the preset compiler
/// uses them as they are when the canvas edge is `size` points, and scales the design otherwise.
public struct LookSize: Codable, Equatable, Sendable {
  /// The canvas edge, in points, at which this geometry applies.
  public var size: Double
  /// Width of the strokes on the ring (track, arc, wave ring, spokes); `nil` scales the design's.
  /// A `--line-width` clears it.
  public var width: Double?
  /// Space between the canvas edge and the parts' outer edge; `nil` scales the design's margin.
  public var margin: Double?
  /// Where a spoke starts, as a fraction of the radius its outer end reaches; `nil` keeps the design's.
  public var inner: Double?

  /// Creates a platform geometry.
  public init(size: Double, width: Double? = nil, margin: Double? = nil, inner: Double? = nil) {
    self.size = size
    self.width = width
    self.margin = margin
    self.inner = inner
  }
}
