/// The outline of a shape or mask, in its group's coordinates.
///
/// Arcs and sectors are primitives of their own (not trimmed ellipses) so that the renderer draws
/// them with the same Cairo arcs the presets were designed with; the vector writers express them
/// as a trimmed ellipse or a path.
public enum ShapeGeometry: Codable, Equatable, Sendable {
  /// An ellipse (a circle when both radii are equal).
  case ellipse(center: AnimatedPoint, radii: AnimatedPoint)
  /// A rectangle with rounded corners (`cornerRadius` 0: square).
  case rectangle(center: AnimatedPoint, size: AnimatedPoint, cornerRadius: AnimatedNumber)
  /// An open circular arc from the angle `start` to `end`, in radians, clockwise on screen when
  /// `end > start`. A whole turn or more is a closed circle (no caps); `end == start` draws nothing.
  case arc(center: AnimatedPoint, radius: AnimatedNumber, start: AnimatedNumber, end: AnimatedNumber)
  /// A closed wedge: the centre, an arc from `start` to `end` (as `arc`), back to the centre. A
  /// whole turn is the full disc; `end == start` draws nothing.
  case sector(center: AnimatedPoint, radius: AnimatedNumber, start: AnimatedNumber, end: AnimatedNumber)
  /// The region under a sine curve, closed along a bottom edge (`SineRegion`).
  case sineRegion(SineRegion)
  /// Bézier sub-paths.
  case path(VectorPath)
  /// Bézier sub-paths that change shape over time (`PathMorph`).
  case morph(PathMorph)
  /// Outlines cut down to a stretch of their length (`TrimmedOutline`).
  case trimmed(TrimmedOutline)
  /// Outlines changed by a path modifier: rounded corners, offset, pucker and bloat, zig zag (`PathModifier`).
  case modified(PathModifier)
  /// A star or regular polygon whose parameters may change over time (`Polystar`).
  case polystar(Polystar)
  /// Several outlines in one shape: filled together (one coverage), in order.
  case union([ShapeGeometry])

  /// A circle.
  /// - Parameters:
  ///   - x: centre x.
  ///   - y: centre y.
  ///   - radius: the radius.
  public static func circle(x: Double, y: Double, radius: Double) -> ShapeGeometry {
    .ellipse(center: .constant(x, y), radii: .constant(radius, radius))
  }
}
