import ProgressRenderCore
import ProgressRenderFormats
import ProgressRenderSupport

/// Why a `RenderRequest` cannot be planned or its plan cannot start. Each names the request field
/// it concerns by its key (`key`: `style`, `style-file`, `out`, `at`, `progress`, `image`) and never a command
/// line's spelling of it: `description(naming:)` lets a command line say `--out` and a manifest
/// say `assets[3].out`.
public enum RenderPlanError: ProgressRenderError, Equatable, Sendable, CustomStringConvertible {
  /// Both a preset (`style`) and a style file (`style-file`).
  case conflictingStyles
  /// Neither a preset nor a style file; `names` are the presets.
  case missingStyle(names: [String])
  /// No preset has this name; `names` are the presets, `suggestion` the nearest one.
  case unknownStyle(String, names: [String], suggestion: String?)
  /// The style file cannot be read or used.
  case styleFile(StyleLoadError)
  /// No output (`out`).
  case missingOutput
  /// The output path cannot be used.
  case output(OutputTargetError)
  /// The settings (size, scale, fps, duration, edge levels) are refused; the message names them.
  case settings(RenderSettingsError)
  /// The look overrides do not fit the style; the message names them.
  case overrides(StyleOverrideError)
  /// The still time (`at`) is after the end of the output, whose duration is `duration` seconds.
  case stillTimeAfterEnd(seconds: Double, duration: Double)
  /// A still asks for both a progress (`progress`), which picks the time, and a still time (`at`).
  case progressWithStillTime
  /// A still asks for a progress the style's `progress` track never reaches in its timeline of
  /// `duration` seconds.
  case progressNeverReached(value: Double, duration: Double)
  /// The picture `image` names does not exist.
  case missingImage(path: String)
  /// The picture `image` names is not a readable file.
  case unreadableImage(path: String)
  /// The picture the style paints cannot be decoded; `key` is the field that brought it in
  /// (`image`, or `style-file` for a style's `look.image.path`), the description names the file.
  case image(key: String, description: String)
  /// The style cannot be written as Lottie (`out` is a `.json` file): it has a part the exporter does not know.
  case lottie(LottieExportError)

  /// Bad input, except an output that cannot be written, which has its own kind.
  public var kind: ErrorKind {
    if case .output(let error) = self { return error.kind }
    return .badInput
  }

  /// The request field the error is about, or `nil` when the message names its fields itself
  /// (settings, overrides).
  public var key: String? {
    switch self {
    case .conflictingStyles, .missingStyle, .unknownStyle: return "style"
    case .styleFile: return "style-file"
    case .missingOutput, .output, .lottie: return "out"
    case .settings, .overrides: return nil
    case .stillTimeAfterEnd: return "at"
    case .progressWithStillTime, .progressNeverReached: return "progress"
    case .missingImage, .unreadableImage: return "image"
    case .image(let key, _): return key
    }
  }

  /// What a right value would be, for the errors that say so (a missing style or output, a still
  /// time after the end).
  public var expected: String? {
    switch self {
    case .missingStyle(let names): return "one of " + names.joined(separator: ", ")
    case .missingOutput: return "name.gif, name.png or a folder ending in '/'"
    case .stillTimeAfterEnd(_, let duration):
      let end = NumberText.short(duration)
      return "a time within the \(end) s output: 0s…\(end)s or 0%…100%"
    default: return nil
    }
  }

  /// The value given, as its field spells it, for a still time after the end (`9s`).
  public var valueText: String? {
    if case .stillTimeAfterEnd(let seconds, _) = self { return NumberText.short(seconds) + "s" }
    return nil
  }

  /// One line naming the fields by their keys.
  public var description: String { description(naming: { $0 }) }

  /// One line naming the fields as `name` spells them (`{ "--" + $0 }` for command-line options).
  /// - Parameter name: the spelling of a field's key.
  /// - Returns: the message.
  public func description(naming name: (String) -> String) -> String {
    switch self {
    case .conflictingStyles:
      return "\(name("style")) and \(name("style-file")) cannot be used together; give one of them"
    case .missingStyle, .missingOutput:
      let what = key == "out" ? "\(name("out")) PATH" : "\(name("style")) NAME or \(name("style-file")) FILE"
      return "missing \(what): expected \(expected ?? "")"
    case .unknownStyle(let style, let names, let suggestion):
      return "unknown style \(QuotedText.quoted(style))" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        + (suggestion == nil ? "; valid styles: " : " Valid styles: ") + names.joined(separator: ", ")
    case .styleFile(let error):
      return "\(name("style-file")) \(error.description)"
    case .output(let error):
      return "\(name("out")) \(error.description)"
    case .settings(let error):
      return error.description(naming: name)
    case .overrides(let error):
      return error.description(naming: name)
    case .stillTimeAfterEnd:
      return "\(name("at")) \(QuotedText.escaped(valueText ?? "")) is out of range: expected \(expected ?? "")"
    case .progressWithStillTime:
      return "\(name("progress")) and \(name("at")) cannot be used together for a still: "
        + "\(name("progress")) picks the time; give one of them"
    case .progressNeverReached(let value, let duration):
      return "\(name("progress")) \(NumberText.short(value)) is never reached: the style's progress track "
        + "does not reach it in its \(NumberText.short(duration)) s timeline"
    case .missingImage(let path):
      return "\(name("image")) '\(path)' does not exist; give the path of a PNG file"
    case .unreadableImage(let path):
      return "\(name("image")) '\(path)' is not a readable file; give the path of a PNG file"
    case .image(_, let description):
      return description
    case .lottie(let error):
      return "\(name("out")) (Lottie): \(error.description)"
    }
  }
}
