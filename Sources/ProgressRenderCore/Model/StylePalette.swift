/// The colours of a style in one appearance (`Style.light`, `Style.dark`): every colour of every
/// part, each optional (`nil` keeps the style's own).
///
/// `--appearance` applies one before the command line's colour options, which then win.
public struct StylePalette: Codable, Equatable, Sendable {
  /// The canvas.
  public var background: RGBAColor?
  /// The full ring under the arc.
  public var track: RGBAColor?
  /// The progress arc (an arc cycling colours takes `arcColors`).
  public var arc: RGBAColor?
  /// The colours an arc cycles through.
  public var arcColors: [RGBAColor]?
  /// The thumb's fill and outline.
  public var thumb: RGBAColor?
  /// The thumb's label.
  public var thumbText: RGBAColor?
  /// The centre labels.
  public var text: RGBAColor?
  /// The centre labels' halo.
  public var shadow: RGBAColor?
  /// The disc.
  public var disc: RGBAColor?
  /// The pie.
  public var pie: RGBAColor?
  /// The wave's outer ring.
  public var ring: RGBAColor?
  /// The wave's inner circle above the water.
  public var water: RGBAColor?
  /// The wave layers, back to front (a shorter list repeats its last colour).
  public var waves: [RGBAColor]?
  /// The spokes.
  public var spokes: RGBAColor?
  /// The dots.
  public var dots: RGBAColor?

  /// Creates a palette; every `nil` keeps the style's colour.
  public init(
    background: RGBAColor? = nil, track: RGBAColor? = nil, arc: RGBAColor? = nil, arcColors: [RGBAColor]? = nil,
    thumb: RGBAColor? = nil, thumbText: RGBAColor? = nil, text: RGBAColor? = nil, shadow: RGBAColor? = nil,
    disc: RGBAColor? = nil, pie: RGBAColor? = nil, ring: RGBAColor? = nil, water: RGBAColor? = nil,
    waves: [RGBAColor]? = nil, spokes: RGBAColor? = nil, dots: RGBAColor? = nil
  ) {
    self.background = background
    self.track = track
    self.arc = arc
    self.arcColors = arcColors
    self.thumb = thumb
    self.thumbText = thumbText
    self.text = text
    self.shadow = shadow
    self.disc = disc
    self.pie = pie
    self.ring = ring
    self.water = water
    self.waves = waves
    self.spokes = spokes
    self.dots = dots
  }

  /// The style in these colours: each colour given replaces that part's, parts the style lacks
  /// are not added.
  /// - Parameter style: the style in its own colours.
  /// - Returns: the recoloured style.
  public func applied(to style: Style) -> Style {
    var style = style
    if let background { style.background = background }
    var look = style.look
    if let track { look.track?.color = track }
    if let arc { look.arc?.color = arc }
    if let arcColors, look.arc?.colors != nil { look.arc?.colors = arcColors }
    if let thumb {
      look.thumb?.fill = thumb
      if look.thumb?.stroke != nil { look.thumb?.stroke = thumb }
    }
    if let thumbText { look.thumb?.label?.color = thumbText }
    look.labels = look.labels?.map { label in
      var label = label
      if let text { label.color = text }
      if let shadow { label.shadow?.color = shadow }
      return label
    }
    if let disc { look.disc?.color = disc }
    if let pie { look.pie?.color = pie }
    if let ring { look.wave?.ring.color = ring }
    if let water, look.wave != nil { look.wave?.fill = water }
    if let waves, let last = waves.last, var wave = look.wave {
      wave.layers = wave.layers.enumerated().map { index, layer in
        var layer = layer
        layer.color = index < waves.count ? waves[index] : last
        return layer
      }
      look.wave = wave
    }
    if let spokes { look.spokes?.color = spokes }
    if let dots { look.dots?.color = dots }
    style.look = look
    return style
  }
}

/// The two looks a style can have: for light pages and for dark ones.
public enum StyleAppearance: String, Codable, CaseIterable, Sendable {
  case light
  case dark
}
