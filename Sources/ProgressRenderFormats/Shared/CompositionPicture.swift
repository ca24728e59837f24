import ProgressRenderCore
import ProgressRenderRaster

/// A group of pictures (shapes with `smoothEdges`) painted once into a bitmap the size of the canvas
/// at two pixels a point, for the vector writers to embed: what Lottie and SVG hold as an image.
enum CompositionPicture {
  /// The largest edge of an embedded picture, in pixels.
  static let maxSide = 2048

  /// The group painted without its masks, as an image covering the canvas.
  /// - Throws: `RasterError` when the picture cannot be painted.
  static func image(of group: CompositionGroup, in composition: Composition) throws -> CompositionImage {
    let side = max(1, min(Int((2 * max(composition.width, composition.height)).rounded(.up)), maxSide))
    let pixelsPerPoint = Double(side) / max(composition.width, composition.height)
    var flat = group
    flat.masks = []
    let scaled = CompositionGroup(
      name: group.name, transform: NodeTransform(scale: .constant(pixelsPerPoint, pixelsPerPoint)),
      children: [.group(flat)])
    let picture = Composition(
      name: group.name, width: Double(side), height: Double(side), duration: 0, frameRate: 1, frameCount: 1,
      nodes: [.group(scaled)])
    let renderer = try CompositionRenderer(
      composition: picture, settings: PaintSettings(pixelSize: side, scale: 1, edgeLevels: 256, background: .clear))
    let bitmap = try renderer.frame(at: 0)
    return CompositionImage(
      name: group.name, bitmap: bitmap, x: 0, y: 0, width: composition.width, height: composition.height)
  }
}
