/// The keys a style file may contain, per object, so that typos are caught and a near key is
/// suggested. Kept in step with the style types' stored properties by `StyleSchemaTests`.
indirect enum StyleSchema: Sendable {
  /// An object with these keys.
  case object([String: StyleSchema])
  /// An array whose elements have this shape.
  case array(StyleSchema)
  /// A string naming one of these cases.
  case oneOf([String])
  /// A number, string or Boolean (the decoder checks which).
  case scalar

  /// The keys of an object shape, sorted; empty for other shapes.
  var keys: [String] {
    if case .object(let fields) = self { return fields.keys.sorted() }
    return []
  }

  /// The shape of a key of an object shape.
  subscript(key: String) -> StyleSchema? {
    if case .object(let fields) = self { return fields[key] }
    return nil
  }

  static func cases<T: CaseIterable & RawRepresentable>(_: T.Type) -> StyleSchema where T.RawValue == String {
    .oneOf(T.allCases.map(\.rawValue))
  }

  static let timing = StyleSchema.object([
    "begin": .scalar, "speed": .scalar, "repeatCount": .scalar, "repeatForever": .scalar,
    "autoreverses": .scalar, "fill": cases(FillMode.self),
  ])
  static let keyframe = StyleSchema.object(["time": .scalar, "value": .scalar, "easing": .scalar, "hold": .scalar])
  static let track = StyleSchema.object([
    "name": .scalar, "keyframes": .array(keyframe), "calculation": cases(CalculationMode.self), "timing": timing,
  ])
  static let font = StyleSchema.object(["family": .scalar, "size": .scalar, "weight": cases(FontWeight.self)])
  static let label = StyleSchema.object([
    "format": .scalar, "source": .scalar, "multiplier": .scalar, "font": font, "color": .scalar, "offset": .scalar,
    "hiddenAtZero": .scalar, "role": cases(LabelRole.self),
  ])
  static let ringStroke = StyleSchema.object(["color": .scalar, "width": .scalar])
  static let arc = StyleSchema.object([
    "color": .scalar, "width": .scalar, "cap": cases(LineCap.self), "startAngle": .scalar, "clockwise": .scalar,
    "minProgress": .scalar, "source": .scalar,
  ])
  static let thumb = StyleSchema.object([
    "diameter": .scalar, "fill": .scalar, "stroke": .scalar, "strokeWidth": .scalar, "label": label,
  ])
  static let disc = StyleSchema.object(["color": .scalar])
  static let image = StyleSchema.object(["path": .scalar])
  static let pie = StyleSchema.object(["color": .scalar, "source": .scalar])
  static let waveRing = StyleSchema.object(["color": .scalar, "width": .scalar, "gap": .scalar, "tailColor": .scalar])
  static let waveLayer = StyleSchema.object([
    "color": .scalar, "amplitude": .scalar, "wavelength": .scalar, "speed": .scalar, "offset": .scalar,
  ])
  static let wave = StyleSchema.object([
    "ring": waveRing, "inset": .scalar, "fill": .scalar, "layers": .array(waveLayer),
  ])
  static let look = StyleSchema.object([
    "track": ringStroke, "arc": arc, "thumb": thumb, "disc": disc, "image": image, "pie": pie, "wave": wave,
    "labels": .array(label),
  ])
  /// The whole style document.
  static let style = StyleSchema.object([
    "name": .scalar, "summary": .scalar, "size": .scalar, "duration": .scalar, "fps": .scalar, "background": .scalar,
    "tracks": .array(track), "look": look,
  ])
}
