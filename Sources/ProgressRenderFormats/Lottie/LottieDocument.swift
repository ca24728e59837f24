import Foundation

/// A Lottie animation (Bodymovin JSON, as lottie-ios, lottie-android, lottie-web and rlottie
/// play it): canvas `w` × `h` points, `fr` frames per second from frame `ip` to `op`, image assets
/// and layers, top first.
///
/// `LottieExporter` makes one from a style; `json()` writes it with sorted keys and rounded
/// numbers, so the same style and settings give the same bytes.
package struct LottieDocument: Codable, Equatable, Sendable {
  /// Bodymovin version the file follows.
  public var v = "5.7.4"
  /// Frame rate.
  public var fr: Double
  /// First frame.
  public var ip: Double
  /// Frame after the last (the animation shows frames `ip..<op`).
  public var op: Double
  /// Canvas width in points.
  public var w: Int
  /// Canvas height in points.
  public var h: Int
  /// Name.
  public var nm: String
  /// 3D: 0.
  public var ddd = 0
  /// Images.
  public var assets: [LottieAsset]
  /// Fonts the text layers use (absent without text).
  public var fonts: LottieFontList?
  /// The glyph of every character the text layers show (absent without text).
  public var chars: [LottieChar]?
  /// Layers, top first.
  public var layers: [LottieLayer]

  /// Creates an animation.
  public init(
    fr: Double, op: Double, w: Int, h: Int, nm: String, assets: [LottieAsset], fonts: LottieFontList?,
    layers: [LottieLayer]
  ) {
    self.fr = fr
    ip = 0
    self.op = op
    self.w = w
    self.h = h
    self.nm = nm
    self.assets = assets
    self.fonts = fonts
    self.layers = layers
  }

  /// The file's bytes: JSON with `ty` first in every object and the other keys sorted (`LottieJSON`),
  /// no whitespace, a final newline. The same animation gives the same bytes.
  /// - Throws: `FormatError.tooLarge` past `LottieWriter.maxFileBytes`; `.failed` (not
  ///   expected: every value is finite).
  public func json() throws(FormatError) -> [UInt8] {
    let bytes: [UInt8]
    do {
      bytes = try LottieJSON.bytes(of: self) + [0x0A]
    } catch {
      throw .failed("cannot encode the Lottie JSON: \(error)")
    }
    guard bytes.count <= LottieWriter.maxFileBytes else {
      throw .tooLarge(what: "the JSON is \(bytes.count) bytes", limit: LottieWriter.maxFileBytes)
    }
    return bytes
  }
}

/// An image of a Lottie file, embedded as a base64 PNG data URL (`e: 1`).
package struct LottieAsset: Codable, Equatable, Sendable {
  /// The id image layers refer to.
  public var id: String
  /// Width in pixels.
  public var w: Int
  /// Height in pixels.
  public var h: Int
  /// Folder: empty for an embedded image.
  public var u = ""
  /// `data:image/png;base64,…`.
  public var p: String
  /// 1: embedded.
  public var e = 1

  /// Creates an embedded PNG asset.
  public init(id: String, width: Int, height: Int, png: [UInt8]) {
    self.id = id
    w = width
    h = height
    p = "data:image/png;base64," + Data(png).base64EncodedString()
  }
}
