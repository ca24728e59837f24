import Foundation
import ProgressRenderCore

/// Fits the centre labels inside the ring: a text whose ink would cross the room's circle
/// (`LookGeometry.labelRadius`) is wrapped to it, and shrunk when wrapping is not enough.
///
/// A text that fits as written is left as written (the presets draw exactly as before). Otherwise
/// it is wrapped between words at the chord of the room where its lines reach, narrower while its
/// ink still crosses the circle; then, if no width fits, at 0.9, 0.81, … of its size down to
/// `minScale` (and not below `minSize`); then all that again breaking words between characters.
/// A text without letters (a number, a time, a percentage) is never wrapped nor broken: it is
/// only shrunk. What fits first is used; when nothing fits, the smallest size tried (`overflows`:
/// the renderer leaves it out).
///
/// Fits are kept per text and font (at most `maxKept`; emptied when full), so a label whose value
/// changes rarely is measured once. A text that holds digits is fitted
/// as its *pattern*, every digit made 0 (digits share one advance in the fonts labels use), once
/// for all the values it shows: the pattern's fit (as written, or wrapped and shrunk) is used when
/// the text fits with it, and a pattern that fits nowhere leaves the text out too. The search runs again only for a text the
/// pattern's fit does not hold. So a counting label costs one search, not one a frame, and the
/// fit of a text depends on the text alone (not on the frames a worker saw before).
struct LabelFitter {
  /// Radius of the circle about the canvas centre that a label's ink must stay inside, in points.
  let radius: Double
  /// The smallest font size tried, in points (besides `minScale` of the label's size).
  let minSize: Double
  private var kept: [Key: LabelFit] = [:]

  /// The smallest fraction of its size a text is shrunk to.
  static let minScale = 0.4
  /// Each smaller size tried is this fraction of the one before.
  static let shrinkStep = 0.9
  /// Wrap widths tried at one size.
  static let widthTries = 5
  /// The most fits kept at once.
  static let maxKept = 256

  private struct Key: Hashable {
    var text: String
    var font: TextRenderer.Font
    var offset: Double
  }

  /// Creates a fitter for a room of `radius` points that shrinks no text below `minSize` points.
  init(radius: Double, minSize: Double = 0) {
    self.radius = radius
    self.minSize = minSize
  }

  /// How to lay out a label's text so that its ink stays inside the room.
  /// - Parameters:
  ///   - string: the text shown.
  ///   - font: the label's font.
  ///   - offset: how far below the centre the text is centred, in points.
  ///   - text: the renderer that measures it.
  /// - Returns: the fit; `LabelFit.asWritten` when the text fits as it is.
  /// - Throws: `RasterError` when Pango cannot create a layout.
  /// - Complexity: a few layouts of the text the first time, none after.
  mutating func fit(_ string: String, font: FontSpec, offset: Double, text: TextRenderer) throws(RasterError)
    -> LabelFit
  {
    let key = Key(text: string, font: TextRenderer.Font(font), offset: offset)
    if let fit = kept[key] { return fit }
    let fit = try fitByPattern(string, font: font, offset: offset, text: text)
    keep(fit, for: key)
    return fit
  }

  private mutating func keep(_ fit: LabelFit, for key: Key) {
    if kept.count >= Self.maxKept { kept.removeAll(keepingCapacity: true) }
    kept[key] = fit
  }

  /// The fit of a text through its digit pattern (see the type's summary).
  private mutating func fitByPattern(_ string: String, font: FontSpec, offset: Double, text: TextRenderer)
    throws(RasterError) -> LabelFit
  {
    let pattern = String(string.map { $0.isASCII && $0.isNumber ? "0" : $0 })
    guard pattern != string, font.size > 0, font.size.isFinite, radius > 0 else {
      return try compute(string, font: font, offset: offset, text: text)
    }
    let patternKey = Key(text: pattern, font: TextRenderer.Font(font), offset: offset)
    let general: LabelFit
    if let known = kept[patternKey] {
      general = known
    } else {
      general = try compute(pattern, font: font, offset: offset, text: text)
      keep(general, for: patternKey)
    }
    if general.overflows { return general }
    if try reach(string, TextRenderer.Font(font, fit: general), offset, text).fits(radius) { return general }
    return try compute(string, font: font, offset: offset, text: text)
  }

  private func compute(_ string: String, font: FontSpec, offset: Double, text: TextRenderer) throws(RasterError)
    -> LabelFit
  {
    let size = font.size
    guard !string.isEmpty, size > 0, size.isFinite, radius > 0 else { return .asWritten(size) }
    if try reach(string, TextRenderer.Font(font), offset, text).fits(radius) { return .asWritten(size) }
    let wraps = string.contains { $0.isLetter }
    var smallest = LabelFit(fontSize: size, wrapWidth: nil, breaksWords: false, overflows: true)
    let lowest = max(size * Self.minScale, min(minSize, size)) * 0.999_999
    // The smallest size the search below tries, computed as it computes it (the same Double).
    var last = size
    var scale = 1.0
    while size * scale >= lowest {
      last = size * scale
      scale *= Self.shrinkStep
    }
    let least = LabelFit(fontSize: last, wrapWidth: nil, breaksWords: false, overflows: true)
    if try cannotFit(string, font, least, offset, wraps: wraps, text) { return least }
    for breaksWords in wraps ? [false, true] : [false] {
      var scale = 1.0
      while size * scale >= lowest {
        let fit = LabelFit(fontSize: size * scale, wrapWidth: nil, breaksWords: breaksWords, overflows: false)
        if !wraps {
          if try reach(string, TextRenderer.Font(font, fit: fit), offset, text).fits(radius) { return fit }
        } else if let width = try wrapWidth(string, font, fit, offset, text) {
          return LabelFit(fontSize: fit.fontSize, wrapWidth: width, breaksWords: breaksWords, overflows: false)
        }
        smallest.fontSize = fit.fontSize
        scale *= Self.shrinkStep
      }
    }
    return smallest
  }

  /// Whether the text cannot fit even at the smallest size, measured with one layout: a number
  /// that does not fit there unwrapped, or a text whose ink reaches beyond the room vertically
  /// when wrapped at the room's diameter, breaking words: every narrower width and larger size the
  /// search would try stacks more or taller lines about the same centre, so reaches farther. Then
  /// the search would try every size and width in vain (a long label: 90 layouts).
  private func cannotFit(
    _ string: String, _ font: FontSpec, _ least: LabelFit, _ offset: Double, wraps: Bool, _ text: TextRenderer
  ) throws(RasterError) -> Bool {
    var fit = least
    fit.overflows = false
    if wraps {
      fit.wrapWidth = 2 * radius
      fit.breaksWords = true
      return try reach(string, TextRenderer.Font(font, fit: fit), offset, text).y > radius
    }
    return try !reach(string, TextRenderer.Font(font, fit: fit), offset, text).fits(radius)
  }

  /// A wrap width at which the text fits at the fit's size and breaking, or `nil`: from the room's
  /// diameter, each try narrowed to the chord at the height its ink reaches, or by what sticks out.
  private func wrapWidth(_ string: String, _ font: FontSpec, _ fit: LabelFit, _ offset: Double, _ text: TextRenderer)
    throws(RasterError) -> Double?
  {
    var width = 2 * radius
    for _ in 0..<Self.widthTries {
      var tried = fit
      tried.wrapWidth = width
      let reach = try reach(string, TextRenderer.Font(font, fit: tried), offset, text)
      if reach.fits(radius) { return width }
      guard reach.y < radius else { return nil }
      let chord = 2 * (radius * radius - reach.y * reach.y).squareRoot()
      let next = min(chord, width - 2 * max(reach.x - chord / 2, 0.5))
      guard next > fit.fontSize else { return nil }
      width = next
    }
    return nil
  }

  /// How far the ink reaches from the centre, horizontally and vertically, when the logical box is
  /// centred `offset` below the centre (as `TextRenderer.draw` centres it).
  private func reach(_ string: String, _ font: TextRenderer.Font, _ offset: Double, _ text: TextRenderer)
    throws(RasterError) -> Reach
  {
    let (ink, logical) = try text.extents(text: string, font: font)
    let left = ink.x - (logical.x + logical.width / 2)
    let top = ink.y - (logical.y + logical.height / 2) + offset
    return Reach(x: max(abs(left), abs(left + ink.width)), y: max(abs(top), abs(top + ink.height)))
  }

  /// The farthest corner of a text's ink box from the centre.
  private struct Reach {
    var x: Double
    var y: Double

    func fits(_ radius: Double) -> Bool { x * x + y * y <= radius * radius }
  }
}
