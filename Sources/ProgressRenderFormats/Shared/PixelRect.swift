/// A rectangle of pixels, `x0..<x1` × `y0..<y1`.
struct PixelRect: Equatable, Sendable {
  var x0: Int
  var y0: Int
  var x1: Int
  var y1: Int

  var width: Int { x1 - x0 }
  var height: Int { y1 - y0 }
  /// The number of pixels.
  var area: Int { width * height }

  /// The smallest rectangle holding both.
  func union(_ other: PixelRect) -> PixelRect {
    PixelRect(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
  }
}
