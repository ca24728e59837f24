import CCairo
import ProgressRenderSupport

/// Why drawing, text or a PNG failed: Cairo, pango or fontconfig refused an operation, or an image
/// did not read. The one error type of `ProgressRenderRaster`.
public enum RasterError: ProgressRenderError, Equatable, Sendable, CustomStringConvertible {
  /// Cairo failed an operation (`operation` says which) with its status text.
  case cairo(operation: String, status: String)
  /// Pango could not create `what` (a font map, a context, a layout).
  case pango(what: String)
  /// Pango's library could not be opened (`PangoLibrary`), for the reason the loader gave.
  case pangoUnavailable(reason: String)
  /// Fontconfig could not do `what`.
  case fontconfig(what: String)
  /// An image file that cannot be read.
  case unreadableImage(path: String)
  /// A file that does not start with the PNG signature.
  case notPNG(source: String)
  /// A PNG that is truncated or corrupt.
  case corruptPNG(source: String, reason: String)
  /// A PNG with more pixels than the limit.
  case pngTooLarge(source: String, width: Int, height: Int, maxPixels: Int)
  /// A PNG that could not be encoded.
  case pngEncodeFailed(reason: String)
  /// A JPEG that is truncated or corrupt, in libjpeg-turbo's words.
  case corruptJPEG(source: String, reason: String)
  /// A JPEG with more pixels than the limit.
  case jpegTooLarge(source: String, width: Int, height: Int, maxPixels: Int)
  /// Neither a PNG nor a JPEG.
  case unknownImageFormat(source: String)

  /// A failure of the libraries for Cairo, pango, fontconfig and PNG encoding; bad input for an image.
  public var kind: ErrorKind {
    switch self {
    case .unreadableImage, .notPNG, .corruptPNG, .pngTooLarge, .corruptJPEG, .jpegTooLarge, .unknownImageFormat:
      return .badInput
    case .cairo, .pango, .pangoUnavailable, .fontconfig, .pngEncodeFailed: return .failed
    }
  }

  /// One line naming the failure and what to do.
  public var description: String {
    switch self {
    case .cairo(let operation, let status):
      return "cairo failed while \(operation): \(status)"
    case .pango(let what):
      return "pango could not create \(what); check that pango and fontconfig are installed with at least one font"
    case .pangoUnavailable(let reason):
      return "pango, which lays out text, could not be loaded (\(reason)); install it (Debian: apt-get install "
        + "libpangocairo-1.0-0, Homebrew: brew install pango)"
    case .fontconfig(let what):
      return "fontconfig could not \(what)"
    case .unreadableImage(let path):
      return "\(path): cannot read the image file; give the path of a readable PNG"
    case .notPNG(let source):
      return "\(source): not a PNG file (it does not start with the PNG signature); give a .png image"
    case .corruptPNG(let source, let reason):
      return "\(source): the PNG is truncated or corrupt (\(reason)); re-export it as a valid PNG"
    case .pngTooLarge(let source, let width, let height, let maxPixels):
      return "\(source): the PNG is \(width)×\(height) = \(width * height) pixels, more than the limit of "
        + "\(maxPixels); use a smaller image"
    case .pngEncodeFailed(let reason):
      return "could not encode a PNG: \(reason)"
    case .corruptJPEG(let source, let reason):
      return "\(source): the JPEG is truncated or corrupt (\(reason)); re-export it, or as a PNG"
    case .jpegTooLarge(let source, let width, let height, let maxPixels):
      return "\(source): the JPEG is \(width)×\(height) = \(width * height) pixels, more than the limit of "
        + "\(maxPixels); use a smaller image"
    case .unknownImageFormat(let source):
      return "\(source): neither a PNG nor a JPEG (by its first bytes); give a .png or .jpg image"
    }
  }

  /// Cairo's failure of `operation` with status `code`, in Cairo's words.
  static func cairo(operation: String, code: cairo_status_t) -> RasterError {
    .cairo(operation: operation, status: String(cString: cairo_status_to_string(code)))
  }

  /// Throws `.cairo` unless `code` is success.
  static func check(_ code: cairo_status_t, _ operation: @autoclosure () -> String) throws(RasterError) {
    if code != CAIRO_STATUS_SUCCESS { throw cairo(operation: operation(), code: code) }
  }
}
