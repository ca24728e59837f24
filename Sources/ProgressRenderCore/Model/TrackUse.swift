/// Which part of a look reads which track, and the value the part uses while the track is absent:
/// the one table the painter reads tracks through, and from which `Style.unreadTracks` is derived.
///
/// | part | track | while absent |
/// | --- | --- | --- |
/// | look (every style) | `scale` | 1 |
/// | wave | `rotation`, `phase` | 0 |
/// | wave | `level` | the `progress` track, else 0 |
/// | arc, thumb | the arc's `source` (default `progress`), `rotation`, the arc's `tailSource` (if set) | 0 |
/// | arc | its `colorSource` (default `color`), when it has `colors` | 0 |
/// | pie | its `source` (default `progress`) | 0 |
/// | spokes | `rotation` | 0 |
/// | dots | each of its `sources` | 0 |
/// | label | its `source` (`time` is the clock, not a track) | 0 |
package struct TrackUse: Equatable, Sendable {
  /// The part that reads the track: `look`, `wave`, `arc`, `thumb`, `pie`, `spokes`, `dots` or `label`.
  public var part: String
  /// The track's name.
  public var track: String
  /// A track read instead while this one is absent (the wave's `level` falls back to `progress`).
  public var fallbackTrack: String?
  /// The value used while neither track has a value.
  public var fallback: Double

  /// Creates a use.
  /// - Parameters:
  ///   - part: the part reading the track.
  ///   - track: the track's name.
  ///   - fallbackTrack: a track read instead while this one is absent.
  ///   - fallback: the value while neither has one.
  public init(part: String, track: String, fallbackTrack: String? = nil, fallback: Double) {
    self.part = part
    self.track = track
    self.fallbackTrack = fallbackTrack
    self.fallback = fallback
  }

  /// The whole look's scale about the centre.
  public static let scale = TrackUse(part: "look", track: "scale", fallback: 1)
  /// The wave's outer ring's turn, in radians.
  public static let rotation = TrackUse(part: "wave", track: "rotation", fallback: 0)
  /// The wave's water level, 0…1.
  public static let level = TrackUse(part: "wave", track: "level", fallbackTrack: "progress", fallback: 0)
  /// The wave's sideways motion, in radians.
  public static let phase = TrackUse(part: "wave", track: "phase", fallback: 0)

  /// The progress an arc (and the thumb riding it) shows; without an arc, `progress`.
  /// - Parameters:
  ///   - arc: the look's arc, if any.
  ///   - part: `arc` or `thumb`.
  public static func arc(_ arc: Arc?, part: String = "arc") -> TrackUse {
    TrackUse(part: part, track: arc?.source ?? "progress", fallback: 0)
  }

  /// The turn of a part, in radians: the wave's ring, the arc and its thumb, the spokes.
  /// - Parameter part: the part turning.
  public static func rotation(of part: String) -> TrackUse {
    TrackUse(part: part, track: "rotation", fallback: 0)
  }

  /// The tail of an arc that has one (an indeterminate spinner's), in turns; `nil` without a `tailSource`.
  /// - Parameters:
  ///   - arc: the arc.
  ///   - part: `arc` or `thumb`.
  public static func tail(_ arc: Arc?, part: String = "arc") -> TrackUse? {
    arc?.tailSource.map { TrackUse(part: part, track: $0, fallback: 0) }
  }

  /// The track that picks an arc's colour from its `colors`; `nil` without colours.
  public static func color(_ arc: Arc) -> TrackUse? {
    arc.colors == nil ? nil : TrackUse(part: "arc", track: arc.colorSource ?? "color", fallback: 0)
  }

  /// The pulse (0…1) of each dot, left to right.
  public static func dots(_ dots: Dots) -> [TrackUse] {
    dots.sources.map { TrackUse(part: "dots", track: $0, fallback: 0) }
  }

  /// The progress a pie shows.
  public static func pie(_ pie: Pie) -> TrackUse {
    TrackUse(part: "pie", track: pie.source ?? "progress", fallback: 0)
  }

  /// The value a label shows, or `nil` when it shows none or the clock (`time`).
  public static func label(_ label: LookLabel) -> TrackUse? {
    guard let source = label.source, source != "time" else { return nil }
    return TrackUse(part: "label", track: source, fallback: 0)
  }

  /// Every track use of a look's parts, in painting order.
  /// - Parameter look: the look.
  /// - Returns: the uses; a label inside the thumb counts as a label.
  public static func uses(of look: Look) -> [TrackUse] {
    var uses = [scale]
    if look.wave != nil { uses += [rotation, level, TrackUse(part: "wave", track: "progress", fallback: 0), phase] }
    if let lookArc = look.arc {
      uses += [arc(lookArc), rotation(of: "arc"), tail(lookArc), color(lookArc)].compactMap { $0 }
    }
    if let pie = look.pie { uses.append(self.pie(pie)) }
    if let thumb = look.thumb {
      uses += [arc(look.arc, part: "thumb"), rotation(of: "thumb"), tail(look.arc, part: "thumb")].compactMap { $0 }
      if let label = thumb.label { uses += [self.label(label)].compactMap { $0 } }
    }
    if look.spokes != nil { uses.append(rotation(of: "spokes")) }
    if let dots = look.dots { uses += self.dots(dots) }
    uses += (look.labels ?? []).compactMap(label)
    return uses
  }

  /// The parts that read a track of this name in some look, by default names: `rotation` → `wave`,
  /// `arc`, `thumb`, `spokes`; `progress` → `wave`, `arc`, `thumb`, `pie`. Labels, dots (and an arc or
  /// pie through its `source`) may read any name.
  /// - Returns: part names, in painting order.
  public static func defaultReaders(of track: String) -> [String] {
    let everyPart = Look(
      arc: Arc(color: .black, width: 1), thumb: Thumb(diameter: 1, fill: .black), pie: Pie(color: .black),
      wave: Wave(ring: WaveRing(color: .black, width: 1, gap: 0), inset: 0, layers: []),
      spokes: Spokes(color: .black, count: 1, width: 1, inner: 0))
    var parts: [String] = []
    for use in uses(of: everyPart) where use.track == track && !parts.contains(use.part) { parts.append(use.part) }
    return parts
  }
}

extension Style {
  /// The names of this style's tracks that no part of its look reads (a label reads its `source`),
  /// in the order the style lists them.
  public var unreadTracks: [String] {
    let read = Set(TrackUse.uses(of: look).map(\.track))
    var unread: [String] = []
    for track in tracks where !read.contains(track.name) && !unread.contains(track.name) { unread.append(track.name) }
    return unread
  }
}
