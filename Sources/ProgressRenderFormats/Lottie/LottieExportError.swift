import ProgressRenderSupport

/// Why a style could not be written as a Lottie file. Its description is one line.
public enum LottieExportError: ProgressRenderError, Equatable, CustomStringConvertible, Sendable {
  /// The style has a part the exporter does not know (a part added to `Look` after it); nothing is written.
  case unsupportedPart(part: String, style: String)
  /// The JSON encoder failed (not expected).
  case encodingFailed(String)

  /// An unknown part is bad input; an encoder failure is a failure.
  public var kind: ErrorKind {
    switch self {
    case .unsupportedPart: return .badInput
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
    }
  }
}
