/// The kinds of file a render writes, each with its file extension: the one table that maps
/// extensions to formats (`OutputTarget(path:)` reads it, and so does a command line choosing the
/// format of a stream that has no name).
public enum OutputFormat: String, CaseIterable, Sendable {
  /// An animated GIF (`.gif`).
  case gif
  /// PNG: one still (`.png`) or a folder of frames.
  case png
  /// An animated WebP (`.webp`).
  case webp
  /// An animated PNG (`.apng`).
  case apng
  /// A Lottie animation (Bodymovin JSON, `.json`).
  case lottie
  /// An animated SVG (`.svg`).
  case svg
  /// A dotLottie file (`.lottie`): the Lottie JSON in a ZIP with its manifest.
  case dotLottie = "dotlottie"

  /// The extension without its dot: `gif`.
  public var fileExtension: String {
    switch self {
    case .gif: return "gif"
    case .png: return "png"
    case .webp: return "webp"
    case .apng: return "apng"
    case .lottie: return "json"
    case .svg: return "svg"
    case .dotLottie: return "lottie"
    }
  }

  /// The format of an extension (without its dot; any case), or `nil` for one no format uses.
  /// - Parameter fileExtension: `gif`, `PNG`, ….
  public init?(fileExtension: String) {
    guard let format = OutputFormat.allCases.first(where: { $0.fileExtension == fileExtension.lowercased() }) else {
      return nil
    }
    self = format
  }
}
