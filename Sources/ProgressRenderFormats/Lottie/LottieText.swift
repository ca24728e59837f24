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

  /// Creates a document.
  public init(text: String, font: String, size: Double, color: [Double]) {
    t = text
    f = font
    s = size
    fc = color
    lh = LottieNumber.clean(size * 1.2)
  }
}

/// A text layer's "more options": grouping and anchor, at their defaults.
package struct LottieTextMore: Codable, Equatable, Sendable {
  /// Grouping: characters.
  public var g = 1
  /// Anchor offset: none.
  public var a = LottieProperty.vector([0, 0])
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
}

/// The list of fonts of a Lottie file.
package struct LottieFontList: Codable, Equatable, Sendable {
  /// The fonts.
  public var list: [LottieFont]
}
