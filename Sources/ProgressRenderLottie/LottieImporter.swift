import Foundation
import ProgressRenderCore
import ProgressRenderRaster
import ProgressRenderSupport

/// Reads a Lottie (Bodymovin JSON) animation into a `Composition` that the Cairo renderer paints
/// and the writers serialize.
///
/// Rendered: shape, solid, image, null and precomposition layers; parenting; in and out points;
/// hidden layers; start times, time stretch and time remapping; transforms (anchor, position — split or along
/// spatial tangents —, scale, rotation, skew, opacity); rectangles, ellipses, paths (animated
/// too), polystars (keyframed position, rotation and one keyframed radius or roundness too); fills, strokes (caps, joins, miter limit, dashes), gradients (at their first
/// keyframe); masks (add, subtract, intersect, inverted, with opacity; lighten as add); repeaters; keyframes with per-dimension
/// Bézier easing and holds; a few whole-expression forms (`LottieExpression`: `loopOut`, `clamp`,
/// references to another property, the overshoot template). Everything else — other expressions,
/// effects, mattes, trim paths, text… — gives a warning that names the layer and the feature.
///
/// The file is not trusted: its size, layers, shapes, keyframes, nesting and precomposition
/// references are bounded (`LottieImportLimits`; cycles refused) and every refusal names the JSON path.
public struct LottieImporter: Sendable {
  /// The bounds the file must stay within.
  public var limits: LottieImportLimits
  /// The folder images named by path are read from (they must stay inside it), or `nil` to read
  /// only embedded images.
  public var baseDirectory: String?

  /// Creates an importer.
  public init(limits: LottieImportLimits = LottieImportLimits(), baseDirectory: String? = nil) {
    self.limits = limits
    self.baseDirectory = baseDirectory
  }

  /// Reads a Lottie file: JSON, or a dotLottie archive when its bytes start with the ZIP signature.
  /// - Parameters:
  ///   - path: the file; `-` reads standard input.
  ///   - limits: the bounds the file must stay within.
  /// - Returns: the composition and the warnings.
  /// - Throws: `LottieImportError` naming the file (or the JSON path) and the rule broken.
  public static func read(path: String, limits: LottieImportLimits = LottieImportLimits()) throws(LottieImportError)
    -> LottieImport
  {
    let bytes: [UInt8]
    do throws(InputFile.Problem) {
      bytes =
        path == "-"
        ? [UInt8](try InputFile.readStandardInput(limit: limits.maxBytes))
        : try InputFile.readBytes(path, limit: limits.maxBytes)
    } catch {
      throw LottieImportError(path: "", "\(path == "-" ? "standard input" : path) \(error.message)")
    }
    let base = path == "-" ? nil : URL(fileURLWithPath: path).deletingLastPathComponent().path
    return try LottieImporter(limits: limits, baseDirectory: base).read(
      bytes, name: path == "-" ? "standard input" : path)
  }

  /// Reads a Lottie JSON document or a dotLottie archive (bytes starting with the ZIP signature)
  /// from its bytes.
  /// - Parameters:
  ///   - bytes: the JSON or the archive.
  ///   - name: the input's name in messages about the archive (`anim.lottie`).
  /// - Returns: the composition and the warnings.
  /// - Throws: `LottieImportError` naming the input, then the JSON path or the archive's entry, and
  ///   the rule or limit broken (`anim.json: layers[0].ks: …`).
  /// - Complexity: O(size of the file) plus, for an archive, O(uncompressed bytes), at most
  ///   `LottieImportLimits.maxArchiveBytes`.
  public func read(_ bytes: [UInt8], name: String) throws(LottieImportError) -> LottieImport {
    var packed: [String: [UInt8]]?
    var json = bytes
    if DotLottieFile.isArchive(bytes) {
      let file = try DotLottieFile(bytes, name: name, limits: limits)
      (json, packed) = (file.json, file.images)
    }
    do throws(LottieImportError) {
      return try parse(json, packagedImages: packed)
    } catch {
      throw LottieImportError(path: "", "\(name): \(error.description)")
    }
  }

  /// Reads a Lottie document from its bytes.
  /// - Parameter bytes: the JSON.
  /// - Returns: the composition and the warnings.
  /// - Throws: `LottieImportError` naming the JSON path and the rule broken.
  /// - Complexity: O(size of the file) plus O(copies) for repeaters and reused precompositions.
  public func read(_ bytes: [UInt8]) throws(LottieImportError) -> LottieImport {
    try parse(bytes, packagedImages: nil)
  }

  private func parse(_ bytes: [UInt8], packagedImages: [String: [UInt8]]?) throws(LottieImportError)
    -> LottieImport
  {
    guard bytes.count <= limits.maxBytes else {
      throw LottieImportError(path: "", "the file is \(bytes.count) bytes, more than \(limits.maxBytes)")
    }
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    } catch {
      throw LottieImportError(path: "", "not valid JSON (\((error as NSError).localizedDescription))")
    }
    let root = LottieJSONNode(value: LottieLegacyFormat.upgrade(parsed), path: "")
    guard root.isObject else { throw LottieImportError(path: "", "expected a Lottie object at the top level") }
    var builder = try LottieLayerBuilder(
      root: root, limits: limits, baseDirectory: packagedImages == nil ? baseDirectory : nil,
      packagedImages: packagedImages)
    return try builder.build()
  }
}
