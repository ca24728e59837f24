import Foundation
import ProgressRenderCore
import ProgressRenderRaster

extension LottieExporter {
  /// How far below a line's centre its baseline lies, in ems (DejaVu Sans: (ascent − descent) / 2).
  static let baselineDrop = 0.35

  /// A label as a text layer: one document per change of its text (hidden is empty text), centred
  /// on the canvas or on the thumb, scaled with the look about the centre.
  func textLayer(_ label: LookLabel, name: String, onThumb: Bool, fonts: inout [LottieFont]) -> LottieLayer {
    let font = LottieExporter.font(label.font)
    if !fonts.contains(font) { fonts.append(font) }
    let color = [label.color.red, label.color.green, label.color.blue].map(LottieNumber.clean)
    var keys: [LottieTextKey] = []
    for index in 0..<frameCount {
      let text = LabelText.string(for: label, in: scene(atFrame: index)) ?? ""
      guard keys.last?.s.t != text else { continue }
      keys.append(
        LottieTextKey(
          s: LottieTextDocument(text: text, font: font.fName, size: LottieNumber.clean(label.font.size), color: color),
          t: Double(index)))
    }
    let c = geometry.center
    let drop = (label.offset ?? 0) + Self.baselineDrop * label.font.size
    // The layer's origin is the text's baseline centre; the anchor puts the canvas centre there.
    let anchor: LottieProperty
    if onThumb {
      let points = (0..<frameCount).map { index in
        let (x, y) = thumbCenter(atFrame: index)
        return [c - x, c - y - drop].map(LottieNumber.clean)
      }
      anchor = LottieExporter.sampled(points)
    } else {
      anchor = .vector([0, -drop, 0])
    }
    var ks = LottieTransform(
      anchor: [0, 0], position: [c, c], scale: scaleChannel().property { [$0, $0, 100] },
      opacity: .number(label.color.alpha * 100))
    ks.a = anchor
    var layer = LottieLayer(ind: 0, ty: 5, nm: name, ks: ks, ip: 0, op: Double(frameCount))
    layer.t = LottieTextData(keyframes: keys)
    return layer
  }

  /// A vector property with one linear key per frame (static when every frame is the same).
  static func sampled(_ points: [[Double]]) -> LottieProperty {
    guard let first = points.first, points.contains(where: { $0 != first }) else {
      return .vector((points.first ?? [0, 0]) + [0])
    }
    let (out, into) = LottieChannel.tangents(.linear, count: 3)
    let keys = points.enumerated().map { index, point in
      index + 1 < points.count
        ? LottieKeyframe(t: Double(index), s: point + [0], o: out, i: into)
        : LottieKeyframe(t: Double(index), s: point + [0])
    }
    return LottieProperty(.keyframes(keys))
  }

  /// The font a Lottie file names for a font request: PostScript-style name, family and style.
  static func font(_ spec: FontSpec) -> LottieFont {
    let family = spec.family ?? "DejaVu Sans"
    let bold = spec.weight == .bold
    let name = family.filter { $0 != " " } + (bold ? "-Bold" : "")
    return LottieFont(fName: name, fFamily: family, fStyle: bold ? "Bold" : "Regular", ascent: 75)
  }
}
