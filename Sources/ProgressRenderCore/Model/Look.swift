/// What a style draws: a set of optional parts painted in a fixed order around one centre.
///
/// Every preset is a `Look` with some parts present: `download` has a track, an arc and a
/// label; `thumb` adds a thumb and a caption; `upload` an image under a pie; `wave` a wave.
/// Parts are painted back to front: disc, image, wave, track, arc, pie, thumb, spokes, dots, labels.
/// The ring radius is derived so that nothing (stroke, cap, thumb, scale pulse) leaves the canvas.
/// Lengths are points at the style's design size (`Style.size`): a render at another size scales
/// the whole look, or draws a platform's own geometry (`sizes`) where one is given.
///
/// Tracks read by the parts: `progress` (0…1), `scale` (about the centre, default 1),
/// `rotation` (radians: the wave's outer ring, the arc and its thumb, the spokes), `level` (0…1, the wave's water; defaults to
/// `progress`), `phase` (radians, the wave's sideways motion); labels name their own.
public struct Look: Codable, Equatable, Sendable {
  /// A full circle under the arc.
  public var track: RingStroke?
  /// The progress arc.
  public var arc: Arc?
  /// A disc riding the ring at the arc's end.
  public var thumb: Thumb?
  /// A filled disc behind everything.
  public var disc: Disc?
  /// An image clipped to the circle.
  public var image: ImageFill?
  /// A translucent pie covering what is left to do.
  public var pie: Pie?
  /// An outer rotating ring around a circle filled by waves.
  public var wave: Wave?
  /// Spokes whose opacity falls off around the circle (an activity indicator).
  public var spokes: Spokes?
  /// A row of pulsing dots (a typing indicator).
  public var dots: Dots?
  /// Text drawn centred on the canvas (plus each label's offset).
  public var labels: [LookLabel]?
  /// Space between the canvas edge and the parts' outer edge at the design size, in points
  /// (default 0: the parts reach the edge). MDC's indicator keeps 4 of its 48 dp.
  public var margin: Double?
  /// Platforms' own geometries at some canvas sizes, used there instead of the scaled design.
  public var sizes: [LookSize]?

  /// Creates a look from its parts.
  public init(
    track: RingStroke? = nil, arc: Arc? = nil, thumb: Thumb? = nil, disc: Disc? = nil,
    image: ImageFill? = nil, pie: Pie? = nil, wave: Wave? = nil, spokes: Spokes? = nil, dots: Dots? = nil,
    labels: [LookLabel]? = nil, margin: Double? = nil, sizes: [LookSize]? = nil
  ) {
    self.track = track
    self.arc = arc
    self.thumb = thumb
    self.disc = disc
    self.image = image
    self.pie = pie
    self.wave = wave
    self.spokes = spokes
    self.dots = dots
    self.labels = labels
    self.margin = margin
    self.sizes = sizes
  }

  /// Whether the look draws text: centre labels, a caption, or the thumb's label.
  public var drawsText: Bool { !(labels ?? []).isEmpty || thumb?.label != nil }
}
