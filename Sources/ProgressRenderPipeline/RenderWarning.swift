import Foundation
import ProgressRenderCore
import ProgressRenderRaster

/// Something a render request asks for that the render ignores or cannot draw as asked; the render
/// goes ahead without it.
public enum RenderWarning: Equatable, Sendable {
  /// The style does not use this look override (`key`: `color`, `track-color`, …).
  case ignoredOverride(key: OptionKey, style: String)
  /// The style has a track none of its parts reads; `readers` are the parts that read it by default.
  case unreadTrack(String, style: String, readers: [String])
  /// A still's option (`at`) given for an output that is not a still.
  case stillOnly(key: OptionKey)
  /// A GIF's option (`loop`, `colors`, `dither`, `dither-method`, `matte`) given for an output that is not a GIF.
  case gifOnly(key: OptionKey)
  /// A font family (`key`: `font`) that no installed font has; fontconfig draws with its fallback.
  case uninstalledFont(key: OptionKey, family: String)
  /// A pixel option (`edge-levels`, `scale`) given for a Lottie file, which is vector.
  case notForLottie(key: OptionKey)
  /// An option an SVG does not use (`edge-levels`, `scale`).
  case notForSVG(key: OptionKey)
  /// An option only an SVG uses (`title`).
  case svgOnly(key: OptionKey)
  /// An option of animated files (`loop`) given for a still or a frames folder.
  case animationOnly(key: OptionKey)
  /// A WebP's option (`quality`) given for an output that is not a WebP.
  case webpOnly(key: OptionKey)
  /// A label's text (`key`: `caption` or `label`, the field that sets it) does not fit inside the
  /// ring at its font size, even wrapped: it is drawn at `drawnSize` points, or left out when it
  /// does not fit even there (`clipped`). `text` is the text that shrank most; `given` says whether
  /// the request set that text (else the message names the style's label, not the option).
  case labelTooLong(
    key: OptionKey, text: String, fontSize: Double, drawnSize: Double, clipped: Bool, given: Bool = true)
  /// A thumb's label (`key`: `label`) would be drawn at `fontSize` points at this canvas size,
  /// under `PresetCompiler.minLegibleFontSize`: it is left out. `text` is its format.
  case labelTooSmall(key: OptionKey, text: String, fontSize: Double, given: Bool)
  /// A part (`the arc`, `the label`, …) in `color` has a contrast ratio under 3:1 against what is
  /// behind it (`behind`: `the background`, `the track`, …, in `behindColor`): WCAG's minimum for
  /// large text and graphical objects (`ContrastCheck`).
  case lowContrast(part: String, color: RGBAColor, behind: String, behindColor: RGBAColor, ratio: Double)
  /// A feature of a Lottie file that is not rendered (`layer 'Dots': trim paths ('Trim 1') are not applied`).
  case lottieFeature(String)

  /// The most characters of a label's text a warning quotes.
  public static let quotedTextLength = 24

  /// The request field the warning is about, or `nil` for a track of the style.
  public var key: OptionKey? {
    switch self {
    case .ignoredOverride(let key, _), .stillOnly(let key), .gifOnly(let key), .uninstalledFont(let key, _),
      .notForLottie(let key), .notForSVG(let key), .svgOnly(let key), .animationOnly(let key), .webpOnly(let key),
      .labelTooLong(let key, _, _, _, _, _),
      .labelTooSmall(let key, _, _, _):
      return key
    case .lottieFeature: return .lottie
    case .unreadTrack, .lowContrast: return nil
    }
  }

  /// One line naming the fields as `name` spells them (`{ "--" + $0 }` for command-line options).
  /// - Parameter name: the spelling of a field's key.
  /// - Returns: the warning: what is ignored (ending in `; ignored`), or how a label is drawn instead.
  public func message(naming name: (OptionKey) -> String) -> String {
    switch self {
    case .ignoredOverride(let key, let style):
      return "style '\(style)' does not use \(name(key)); ignored"
    case .unreadTrack(let track, let style, let readers):
      let who = readers.isEmpty ? "only a label, arc or pie naming it as its source" : readers.joined(separator: ", ")
      return "style '\(style)' has a track '\(track)' that none of its parts reads (read by: \(who)); ignored"
    case .stillOnly(let key):
      return "\(name(key)) is used only for a still (\(name(.out)) name.png); ignored"
    case .gifOnly(let key):
      return "\(name(key)) is used only for a GIF (\(name(.out)) name.gif); ignored"
    case .uninstalledFont(let key, let family):
      return "\(name(key)) '\(family)': no installed font has this family (see 'fc-list : family'); "
        + "labels use fontconfig's fallback"
    case .notForLottie(let key):
      return "\(name(key)) does not apply to a Lottie file (\(name(.out)) name.json), which is vector; ignored"
    case .notForSVG(let key):
      return "\(name(key)) does not apply to an SVG (\(name(.out)) name.svg), which is vector; ignored"
    case .svgOnly(let key):
      return "\(name(key)) is used only for an SVG (\(name(.out)) name.svg); ignored"
    case .animationOnly(let key):
      return "\(name(key)) is used only for an animation (\(name(.out)) name.gif, name.webp or name.apng); ignored"
    case .webpOnly(let key):
      return "\(name(key)) is used only for a WebP (\(name(.out)) name.webp); ignored"
    case .labelTooLong(let key, let text, let fontSize, let drawnSize, let clipped, let given):
      let cut = text.prefix(Self.quotedTextLength - 1).trimmingCharacters(in: .whitespaces) + "…"
      let quoted = text.count > Self.quotedTextLength ? cut : text
      let who = given ? name(key) : "the " + key.name
      let start = "\(who) '\(quoted)' does not fit inside the ring at \(Self.points(fontSize)) pt"
      let shrunk = drawnSize < fontSize ? " even shrunk to \(Self.points(drawnSize)) pt" : ""
      return clipped
        ? start + shrunk + ": it is left out; shorten it or give a larger "
          + name(.size)
        : start + ": " + (text.contains { $0.isLetter } ? "wrapped and " : "")
          + "shrunk to \(Self.points(drawnSize)) pt"
    case .lowContrast(let part, let color, let behind, let behindColor, let ratio):
      let shown = String(format: "%.2f", (ratio * 100).rounded(.down) / 100)
      return "\(part) \(color.hexString) on \(behind) \(behindColor.hexString) has a contrast of \(shown):1, "
        + "under the 3:1 WCAG asks of large text and graphics; see \(name(.appearance)) and the colour options"
    case .labelTooSmall(let key, let text, let fontSize, let given):
      let who = given ? name(key) : "the thumb's label"
      return "\(who) '\(text)' would be \(Self.points(fontSize)) pt at this size, under the smallest legible "
        + "\(Self.points(PresetCompiler.minLegibleFontSize)) pt: it is left out; give a larger \(name(.size))"
    case .lottieFeature(let line):
      return "\(name(.lottie)): \(line)"
    }
  }

  /// A size in points with at most one decimal: `18`, `12.6`.
  private static func points(_ value: Double) -> String {
    let text = String(format: "%.1f", value)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}
