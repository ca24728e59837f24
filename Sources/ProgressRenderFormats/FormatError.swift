import ProgressRenderSupport

/// Why an image file did not read or an output could not be encoded: the one error type of
/// `ProgressRenderFormats` (GIF, WebP, APNG, PNG frames and Lottie).
public enum FormatError: ProgressRenderError, Equatable, Sendable, CustomStringConvertible {
  /// An input file (GIF, WebP, APNG, PNG or a frames folder) that cannot be read: `source` names it.
  case unreadable(source: String, problem: String)
  /// A value out of the format's range (a size, a loop count, a palette size); nothing was written.
  case badValue(String)
  /// A style part the format cannot express (Lottie).
  case unsupportedPart(part: String, style: String)
  /// A Lottie file that would pass a limit (`LottieWriter.maxTextBytes` of label texts,
  /// `maxFileBytes` in all); `what` says which, and how far it got; nothing is written.
  case tooLarge(what: String, limit: Int)
  /// The encoder (giflib, libimagequant, libwebp, the JSON writer) failed.
  case failed(String)

  /// Bad input, except for an encoder's failure.
  public var kind: ErrorKind {
    if case .failed = self { return .failed }
    return .badInput
  }

  /// For an unreadable input, what is wrong with it (without the file's name); otherwise the message.
  public var problem: String {
    if case .unreadable(_, let problem) = self { return problem }
    return description
  }

  /// One line naming the file or value and what would be right.
  public var description: String {
    switch self {
    case .unreadable(let source, let problem):
      return "cannot read '\(source)': \(problem)"
    case .badValue(let message), .failed(let message):
      return message
    case .unsupportedPart(let part, let style):
      let known = LottieExporter.supportedParts.joined(separator: ", ")
      return "style '\(style)' has a part '\(part)' that cannot be written as Lottie yet (supported: \(known)); "
        + "write a GIF or PNG instead"
    case .tooLarge(let what, let limit):
      return "the Lottie file would be too large: \(what), beyond the limit of \(limit) bytes; write a shorter "
        + "animation (--duration, --fps), shorter label texts, or a GIF, WebP or APNG instead"
    }
  }
}
