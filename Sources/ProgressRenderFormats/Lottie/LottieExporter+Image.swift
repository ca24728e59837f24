import Foundation
import ProgressRenderCore
import ProgressRenderRaster

extension LottieExporter {
  /// The image part: an embedded PNG layer, scaled to cover the circle (and with the look), masked to it.
  /// Without a path, the built-in picture is drawn at twice the circle's size (at most
  /// `maxPictureSide` pixels a side).
  func imageLayer() throws -> (LottieLayer, LottieAsset) {
    let r = geometry.outerRadius
    let frame: Frame
    if let path = style.look.image?.path {
      frame = try Painter.loadPNG(path: path, baseDirectory: baseDirectory)
    } else {
      frame = try LottieExporter.defaultPicture(side: max(1, min(Int((4 * r).rounded(.up)), Self.maxPictureSide)))
    }
    let asset = LottieAsset(id: "image_0", width: frame.width, height: frame.height, png: try PNGCodec.encode(frame))
    let (w, h) = (Double(frame.width), Double(frame.height))
    let fit = max(2 * r / w, 2 * r / h)
    let c = geometry.center
    let ks = LottieTransform(
      anchor: [w / 2, h / 2], position: [c, c], scale: scaleChannel().property { [$0 * fit, $0 * fit, 100] })
    var layer = LottieLayer(ind: 0, ty: 2, nm: "image", ks: ks, ip: 0, op: Double(frameCount))
    layer.refId = asset.id
    layer.hasMask = true
    layer.masksProperties = [
      LottieMask(
        nm: "circle",
        path: LottiePaths.circle(centerX: w / 2, centerY: h / 2, radius: r / fit, start: 0, clockwise: true))
    ]
    return (layer, asset)
  }

  /// The largest edge of the built-in picture, in pixels.
  static let maxPictureSide = 2048

  /// The built-in picture (`DefaultPicture`), `side` pixels square.
  static func defaultPicture(side: Int) throws -> Frame {
    let canvas = try CairoCanvas(pixelWidth: side, pixelHeight: side, deviceScale: 1)
    try canvas.beginFrame(background: RGBAColor.clear)
    DefaultPicture.paint(on: canvas, x: 0, y: 0, side: Double(side))
    return try canvas.snapshot()
  }
}
