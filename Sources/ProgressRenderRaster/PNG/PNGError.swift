import ProgressRenderSupport

/// Why a PNG could not be read or written. Its description is one line naming the file.
public enum PNGError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The bytes do not start with the PNG signature.
  case notPNG(source: String)
  /// libpng rejected the data; `reason` is libpng's message (truncated, bad CRC, …).
  case corrupt(source: String, reason: String)
  /// The header announces more pixels than allowed.
  case tooLarge(source: String, width: Int, height: Int, maxPixels: Int)
  /// libpng could not encode a frame.
  case encodeFailed(reason: String)

  public var description: String {
    switch self {
    case .notPNG(let source):
      return "\(source): not a PNG file (it does not start with the PNG signature); give a .png image"
    case .corrupt(let source, let reason):
      return "\(source): the PNG is truncated or corrupt (\(reason)); re-export it as a valid PNG"
    case .tooLarge(let source, let width, let height, let maxPixels):
      return
        "\(source): the PNG is \(width)×\(height) = \(width * height) pixels, more than the limit of \(maxPixels); use a smaller image"
    case .encodeFailed(let reason):
      return "could not encode a PNG: \(reason)"
    }
  }
}

extension PNGError: ProgressRenderError {
  /// A PNG that cannot be read is bad input; one that cannot be encoded is a failure.
  public var kind: ErrorKind {
    if case .encodeFailed = self { return .failed }
    return .badInput
  }
}
