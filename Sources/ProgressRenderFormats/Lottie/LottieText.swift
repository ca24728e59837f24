/// A text layer's data: its documents (`d`), one keyframe per change of text; the other parts
/// (`p` path options, `m` more options, `a` animators) are the empty defaults players expect.
package struct LottieTextData: Codable, Equatable, Sendable {
  /// The documents.
  public var d: LottieTextKeys
  /// Path options: none.
  public var p: [String: Int] = [:]
  /// More options: grouping by characters, no anchor offset.
  public var m = LottieTextMore()
  /// Animators: none.
  public var a: [Int] = []

  /// Creates text data from its document keyframes.
  public init(keyframes: [LottieTextKey]) {
    d = LottieTextKeys(k: keyframes)
  }
}

/// The keyframes of a text layer's documents.
package struct LottieTextKeys: Codable, Equatable, Sendable {
  /// The keys, in frame order.
  public var k: [LottieTextKey]
}

/// A text document shown from frame `t` until the next key.
package struct LottieTextKey: Codable, Equatable, Sendable {
  /// The document.
  public var s: LottieTextDocument
  /// The frame it starts at.
  public var t: Double

  /// Creates a key.
  public init(s: LottieTextDocument, t: Double) {
    self.s = s
    self.t = t
  }
}

/// What a text layer shows: the text, its font (by `fonts.list` name) and size, centred (`j: 2`),
/// filled with `fc` (RGB 0…1).
package struct LottieTextDocument: Codable, Equatable, Sendable {
  /// The text.
  public var t: String
  /// The font's `fName`.
  public var f: String
  /// Size in points.
  public var s: Double
  /// Fill colour, RGB in 0…1.
  public var fc: [Double]
  /// Justification: 2, centred.
  public var j = 2
  /// Tracking: 0.
  public var tr = 0.0
  /// Line height in points.
  public var lh: Double
  /// Baseline shift: 0.
  public var ls = 0.0
  /// Stroke colour, RGB in 0…1 (a halo's copy), or `nil`.
  public var sc: [Double]?
  /// Stroke width in points, or `nil`.
  public var sw: Double?
  /// Whether the stroke is drawn over the fill (`false`: under it, as a halo is), or `nil`.
  public var of: Bool?

  /// Creates a document.
  public init(text: String, font: String, size: Double, color: [Double], lineHeight: Double? = nil) {
    t = text
    f = font
    s = size
    fc = color
    lh = LottieNumber.clean(lineHeight ?? size * 1.2)
  }
}

/// A text layer's "more options": grouping and anchor, at their defaults.
package struct LottieTextMore: Codable, Equatable, Sendable {
  /// Grouping: characters.
  public var g = 1
  /// Anchor offset: none.
  public var a = LottieProperty.vector([0, 0])
}

/// One character's glyph, which players draw instead of asking a font (lottie-web, ThorVG, lottie-android):
/// found by `ch`, the font's `fFamily` and its `fStyle`; shapes at size 100 from the baseline, `w` its
/// advance at size 100.
package struct LottieChar: Codable, Equatable, Sendable {
  /// The character.
  public var ch: String
  /// The family of the font (`fonts.list`) it belongs to.
  public var fFamily: String
  /// The style of that font.
  public var style: String
  /// The size the shapes are drawn at: 100.
  public var size: Double
  /// Advance width at size 100.
  public var w: Double
  /// The outline: one group of paths.
  public var data: LottieCharData
}

/// A glyph's shapes.
package struct LottieCharData: Codable, Equatable, Sendable {
  /// One group holding the glyph's paths.
  public var shapes: [LottieShape]
}

/// A font a Lottie file names: `fName` is what documents refer to.
package struct LottieFont: Codable, Equatable, Sendable {
  /// The name documents use (PostScript style: `DejaVuSans-Bold`).
  public var fName: String
  /// The family.
  public var fFamily: String
  /// The style: `Regular` or `Bold`.
  public var fStyle: String
  /// Ascent in percent of the size.
  public var ascent: Double
  /// Where the font comes from: 0, the system (the glyphs are in `chars`).
  public var origin = 0
  /// The font file's path: none.
  public var fPath = ""
  /// A CSS class: none.
  public var fClass = ""

  /// Creates a font entry.
  public init(fName: String, fFamily: String, fStyle: String, ascent: Double) {
    self.fName = fName
    self.fFamily = fFamily
    self.fStyle = fStyle
    self.ascent = ascent
  }
}

/// The list of fonts of a Lottie file.
package struct LottieFontList: Codable, Equatable, Sendable {
  /// The fonts.
  public var list: [LottieFont]
}
