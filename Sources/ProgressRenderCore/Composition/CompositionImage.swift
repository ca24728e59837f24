/// A bitmap stretched into a rectangle (within its group's masks).
public struct CompositionImage: Codable, Equatable, Sendable {
  /// The node's name.
  public var name: String
  /// The pixels.
  public var bitmap: Frame
  /// The rectangle the bitmap fills: left, top, width, height.
  public var x: Double
  /// Top edge.
  public var y: Double
  /// Width drawn.
  public var width: Double
  /// Height drawn.
  public var height: Double

  /// Creates an image node.
  public init(name: String, bitmap: Frame, x: Double, y: Double, width: Double, height: Double) {
    self.name = name
    self.bitmap = bitmap
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The bitmap aspect-filled into a square (covering it, centred), as pictures fill the circle.
  /// - Parameters:
  ///   - bitmap: the pixels.
  ///   - center: the square's centre (both coordinates).
  ///   - radius: half the square's edge.
  public static func filling(_ name: String, bitmap: Frame, center c: Double, radius r: Double) -> CompositionImage {
    let fit = Swift.max(2 * r / Double(bitmap.width), 2 * r / Double(bitmap.height))
    let w = Double(bitmap.width) * fit
    let h = Double(bitmap.height) * fit
    return CompositionImage(name: name, bitmap: bitmap, x: c - w / 2, y: c - h / 2, width: w, height: h)
  }
}
