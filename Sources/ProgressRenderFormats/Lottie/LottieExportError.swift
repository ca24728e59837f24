import ProgressRenderSupport

/// Why a style could not be written as a Lottie file. Its description is one line.
public enum LottieExportError: ProgressRenderError, Equatable, CustomStringConvertible, Sendable {
  /// The style has a part the exporter does not know (a part added to `Look` after it); nothing is written.
  case unsupportedPart(part: String, style: String)
  /// The JSON encoder failed (not expected).
  case encodingFailed(String)
  /// The file would pass a limit (`LottieWriter.maxTextBytes` of label texts, `maxFileBytes` in all);
  /// `what` says which, and how far it got; nothing is written.
  case tooLarge(what: String, limit: Int)

  /// An unknown part is bad input; an encoder failure is a failure.
  public var kind: ErrorKind {
    switch self {
    case .unsupportedPart, .tooLarge: return .badInput
    case .encodingFailed: return .failed
    }
  }

  public var description: String {
    switch self {
    case .unsupportedPart(let part, let style):
      let known = LottieExporter.supportedParts.joined(separator: ", ")
      return "style '\(style)' has a part '\(part)' that cannot be written as Lottie yet (supported: \(known)); "
        + "write a GIF or PNG instead"
    case .encodingFailed(let message):
      return "cannot encode the Lottie JSON: \(message)"
    case .tooLarge(let what, let limit):
      return "the Lottie file would be too large: \(what), beyond the limit of \(limit) bytes; write a shorter "
        + "animation (--duration, --fps), shorter label texts, or a GIF, WebP or APNG instead"
    }
  }
}
