import Foundation
import ProgressRenderCore
import ProgressRenderRaster

/// Writes a style as a Lottie animation that plays like the tool's own render: the style compiled
/// into a composition by `PresetCompiler` (the same the frames are painted from), serialized by
/// `LottieWriter`.
///
/// The canvas is `size` points square and frame i of the output is Lottie frame i (`fr` = fps,
/// `op` = frame count).
public struct LottieExporter {
  /// The style to write.
  public let style: Style
  /// Canvas edge in points.
  public let size: Double
  /// Frames per second.
  public let fps: Double
  /// Output length in seconds; the style's timeline is stretched to it.
  public let duration: Double
  /// Number of frames.
  public let frameCount: Int
  /// Canvas background (`clear`: none).
  public let background: RGBAColor
  /// Folder relative image paths are resolved against (`nil`: the working directory).
  public let baseDirectory: String?

  /// The parts of a look the exporter writes; a look with any other part is refused.
  public static let supportedParts = [
    "disc", "image", "wave", "track", "arc", "pie", "thumb", "spokes", "dots", "labels",
  ]
  /// The look's keys that are geometry rather than parts (`Look.margin`, `Look.sizes`).
  static let geometryKeys: Set<String> = ["margin", "sizes"]

  /// Prepares an export.
  /// - Parameters:
  ///   - style: what to draw, overrides applied.
  ///   - size: canvas edge in points.
  ///   - fps: frames per second.
  ///   - duration: output length in seconds.
  ///   - frameCount: number of frames (round(duration × fps), at least 1).
  ///   - background: canvas colour.
  ///   - baseDirectory: where relative image paths are resolved.
  public init(
    style: Style, size: Double, fps: Double, duration: Double, frameCount: Int, background: RGBAColor,
    baseDirectory: String? = nil
  ) {
    self.style = style
    self.size = size.rounded()
    self.fps = fps
    self.duration = duration
    self.frameCount = max(frameCount, 1)
    self.background = background
    self.baseDirectory = baseDirectory
  }

  /// Checks that every part of the style's look is one the exporter writes.
  /// - Throws: `FormatError.unsupportedPart` naming the first other part.
  public static func checkParts(of style: Style) throws(FormatError) {
    guard let data = try? JSONEncoder().encode(style.look),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return }
    // `margin` and `sizes` are geometry the preset compiler has already applied, not parts.
    let parts = object.filter { !($0.value is NSNull) && !geometryKeys.contains($0.key) }.map(\.key)
    try checkParts(named: parts, style: style.name)
  }

  /// Checks part names (the look's JSON keys) against `supportedParts`.
  /// - Throws: `FormatError.unsupportedPart` naming the first other part, in sorted order.
  static func checkParts(named parts: [String], style: String) throws(FormatError) {
    for part in parts.sorted() where !supportedParts.contains(part) {
      throw .unsupportedPart(part: part, style: style)
    }
  }

  /// The animation.
  /// - Returns: the Lottie animation.
  /// - Throws: `FormatError.unsupportedPart`, or the errors of reading the look's image
  ///   (`RasterError`, `RasterError`) or drawing the built-in one (`RasterError`).
  /// - Complexity: O(frames × parts) for the checks and samples, plus the image's pixels.
  package func animation() throws -> LottieDocument {
    try write().document
  }

  /// The animation and what it could not hold exactly: the style compiled into a composition
  /// (`PresetCompiler`) and written by `LottieWriter`.
  /// - Returns: the document and one warning per approximated part, naming it.
  /// - Throws: what `animation()` throws.
  package func write() throws -> (document: LottieDocument, warnings: [String]) {
    try LottieExporter.checkParts(of: style)
    let composition = try PresetCompiler(style: style, pixelSize: Int(size), scale: 1).composition(
      fps: fps, frameCount: frameCount, duration: duration, background: background, baseDirectory: baseDirectory)
    return try LottieWriter(composition: composition).document()
  }
}
