import ProgressRenderSupport

/// Why a painter could not be prepared. Its description is one line naming the file.
public enum PainterError: ProgressRenderError, Equatable, CustomStringConvertible, Sendable {
  /// Bad input: nothing was written.
  public var kind: ErrorKind { .badInput }

  /// The image file does not exist or cannot be read.
  case unreadableImage(path: String)

  public var description: String {
    switch self {
    case .unreadableImage(let path):
      return "\(path): cannot read the image file; give the path of a readable PNG"
    }
  }
}
