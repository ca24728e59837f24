import ProgressRenderSupport

/// Why a Lottie file cannot be read: one line naming the JSON path and the rule it breaks
/// (`layers[3].shapes[0].it[2]: a group nests more than 64 deep`).
public struct LottieImportError: ProgressRenderError, Equatable {
  /// Where in the file: a JSON path from the root (`layers[2].ks.p`), or empty for the file.
  public let path: String
  /// What is wrong, ending with what would be accepted.
  public let message: String

  /// Creates an error.
  public init(path: String, _ message: String) {
    self.path = path
    self.message = message
  }

  /// The input cannot be used.
  public var kind: ErrorKind { .badInput }

  /// `path: message`, or the message alone for the whole file.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
