/// How a label's text is laid out to stay inside the ring (`LabelFitter`): as written, wrapped,
/// or wrapped at a smaller size; and whether its ink still leaves the room.
package struct LabelFit: Equatable, Sendable {
  /// The font size drawn, in points.
  package var fontSize: Double
  /// The width the text is wrapped at, in points; `nil` draws it as written.
  var wrapWidth: Double?
  /// Whether a word wider than `wrapWidth` is broken between characters.
  var breaksWords = false
  /// Whether the ink still crosses the room's edge at the smallest size tried (it is clipped
  /// there by the canvas edge, or overlaps the ring).
  package var overflows: Bool

  /// The text as written at the style's size.
  static func asWritten(_ size: Double) -> LabelFit { LabelFit(fontSize: size, wrapWidth: nil, overflows: false) }
}
