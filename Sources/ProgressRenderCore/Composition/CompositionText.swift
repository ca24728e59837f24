/// Text centred on a point: a fixed string or a timeline value shown through a label format,
/// laid out with Pango, optionally fitted inside a circle and drawn over a halo.
public struct CompositionText: Codable, Equatable, Sendable {
  /// The node's name.
  public var name: String
  /// What it says.
  public var content: TextContent
  /// Family, size and weight.
  public var font: FontSpec
  /// The glyphs' colour.
  public var color: AnimatedColor
  /// Where the centre of the text's logical box goes.
  public var position: AnimatedPoint
  /// The circle the text's ink must stay inside (wrapped, then shrunk, when it would cross it),
  /// or `nil` to draw it as written.
  public var fit: TextFit?
  /// A soft halo drawn under the glyphs, or `nil`.
  public var shadow: TextShadow?

  /// Creates a text node.
  public init(
    name: String, content: TextContent, font: FontSpec, color: AnimatedColor, position: AnimatedPoint,
    fit: TextFit? = nil, shadow: TextShadow? = nil
  ) {
    self.name = name
    self.content = content
    self.font = font
    self.color = color
    self.position = position
    self.fit = fit
    self.shadow = shadow
  }
}

/// What a text node says.
public enum TextContent: Codable, Equatable, Sendable {
  /// The same string at every time.
  case fixed(String)
  /// A number through a label format (`%.0f%%`, `mm:ss`, see `LabelFormatter`); hidden while the
  /// number is 0 when `hiddenAtZero`.
  case formatted(format: String, value: NumberExpression, hiddenAtZero: Bool)

  /// The string shown at one time, or `nil` while hidden.
  /// - Parameter values: the timeline's values at that time.
  public func string(in values: TrackValues) -> String? {
    strings()(values)
  }

  /// `string(in:)` with the format parsed once, for a loop over many times: call the result with
  /// each time's values.
  /// - Returns: the string shown at the values' time, or `nil` while hidden.
  /// - Complexity: O(format) once; each call O(text).
  public func strings() -> (TrackValues) -> String? {
    switch self {
    case .fixed(let string): return { _ in string }
    case .formatted(let format, let value, let hiddenAtZero):
      guard let formatter = try? LabelFormatter(format: format) else { return { _ in format } }
      return { values in
        let number = value.value(in: values)
        if hiddenAtZero, number == 0 { return nil }
        return formatter.string(for: number)
      }
    }
  }
}

/// The circle about the canvas centre a text's ink stays inside.
public struct TextFit: Codable, Hashable, Sendable {
  /// The circle's radius.
  public var radius: Double
  /// How far below the circle's centre the text is centred.
  public var offset: Double
  /// The smallest font size the text may be shrunk to, in points (`nil`: the fitter's own limit);
  /// a text that does not fit there is left out.
  public var minFontSize: Double?

  /// Creates a fit.
  public init(radius: Double, offset: Double, minFontSize: Double? = nil) {
    self.radius = radius
    self.offset = offset
    self.minFontSize = minFontSize
  }
}

/// A halo under a text: its glyph outlines stroked several times, widest first.
public struct TextShadow: Codable, Equatable, Sendable {
  /// One stroke of the halo.
  public struct Layer: Codable, Equatable, Sendable {
    /// Line width of the stroked outline.
    public var width: Double
    /// The colour's alpha for this stroke.
    public var alpha: Double

    /// Creates a stroke.
    public init(width: Double, alpha: Double) {
      self.width = width
      self.alpha = alpha
    }
  }

  /// The halo's colour (each layer sets its own alpha).
  public var color: RGBAColor
  /// Offset from the text.
  public var offset: Point
  /// The strokes, back to front.
  public var layers: [Layer]

  /// Creates a halo.
  public init(color: RGBAColor, offset: Point, layers: [Layer]) {
    self.color = color
    self.offset = offset
    self.layers = layers
  }
}
