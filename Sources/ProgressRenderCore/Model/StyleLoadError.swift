import ProgressRenderSupport

/// Why a style file was rejected: the file, where in it (a JSON path such as
/// `tracks[2].keyframes[0].time`) and what was expected there.
public struct StyleLoadError: ProgressRenderError, Equatable, CustomStringConvertible, Sendable {
  /// Bad input: nothing was written.
  public var kind: ErrorKind { .badInput }

  /// The file (or other source) the style came from.
  public var source: String
  /// The JSON path of the offending value; empty for the whole document.
  public var path: String
  /// What is wrong and what would be right.
  public var message: String

  /// Creates the error.
  public init(source: String, path: String, message: String) {
    self.source = source
    self.path = path
    self.message = message
  }

  /// One line: `source: path: message` (without the path for the whole document), control
  /// characters escaped.
  public var description: String {
    QuotedText.escaped(path.isEmpty ? "\(source): \(message)" : "\(source): \(path): \(message)")
  }
}
