/// Something a render request asks for that the render ignores; the render goes ahead without it.
public enum RenderWarning: Equatable, Sendable {
  /// The style does not use this look override (`key`: `color`, `track-color`, …).
  case ignoredOverride(key: String, style: String)
  /// The style has a track none of its parts reads; `readers` are the parts that read it by default.
  case unreadTrack(String, style: String, readers: [String])
  /// A still's option (`at`) given for an output that is not a still.
  case stillOnly(key: String)
  /// A GIF's option (`loop`, `colors`, `dither`, `dither-method`, `matte`) given for an output that is not a GIF.
  case gifOnly(key: String)

  /// The request field the warning is about, or `nil` for a track of the style.
  public var key: String? {
    switch self {
    case .ignoredOverride(let key, _), .stillOnly(let key), .gifOnly(let key): return key
    case .unreadTrack: return nil
    }
  }

  /// One line naming the fields as `name` spells them (`{ "--" + $0 }` for command-line options).
  /// - Parameter name: the spelling of a field's key.
  /// - Returns: the warning, ending in `; ignored`.
  public func message(naming name: (String) -> String) -> String {
    switch self {
    case .ignoredOverride(let key, let style):
      return "style '\(style)' does not use \(name(key)); ignored"
    case .unreadTrack(let track, let style, let readers):
      let who = readers.isEmpty ? "only a label, arc or pie naming it as its source" : readers.joined(separator: ", ")
      return "style '\(style)' has a track '\(track)' that none of its parts reads (read by: \(who)); ignored"
    case .stillOnly(let key):
      return "\(name(key)) is used only for a still (\(name("out")) name.png); ignored"
    case .gifOnly(let key):
      return "\(name(key)) is used only for a GIF (\(name("out")) name.gif); ignored"
    }
  }
}
