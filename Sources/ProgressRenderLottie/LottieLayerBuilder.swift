import Foundation
import ProgressRenderCore
import ProgressRenderRaster
import ProgressRenderSupport

/// Builds the composition of a parsed Lottie document: its layers (and those of the
/// precompositions they use) bottom first, each a group under its parents' transforms.
struct LottieLayerBuilder {
  private let root: LottieJSONNode
  private let limits: LottieImportLimits
  private let baseDirectory: String?
  private let packagedImages: [String: [UInt8]]?
  private let reader: LottiePropertyReader
  private let shapes: LottieShapeBuilder
  private let text: LottieTextBuilder
  private var assets: [String: LottieJSONNode] = [:]
  private var images: [String: Frame] = [:]
  /// The linked image files read, in the order first used.
  private var imageFiles: [String] = []
  private var layerCount = 0
  /// Root seconds of the animation's end (infinite under a time remapping, whose time can go anywhere).
  private var end = 0.0
  /// The file's frame rate.
  private var fps = 60.0

  init(
    root: LottieJSONNode, limits: LottieImportLimits, baseDirectory: String?,
    packagedImages: [String: [UInt8]]? = nil
  ) throws(LottieImportError) {
    self.root = root
    self.limits = limits
    self.baseDirectory = baseDirectory
    self.packagedImages = packagedImages
    reader = LottiePropertyReader(limits: limits)
    shapes = LottieShapeBuilder(reader: reader, limits: limits)
    text = try LottieTextBuilder(root: root, reader: reader, shapes: shapes, limits: limits)
  }

  /// The composition and the warnings.
  mutating func build() throws(LottieImportError) -> LottieImport {
    for key in ["fr", "op", "w", "h"] where root[key] == nil {
      throw root.error("the animation has no '\(key)'; a Lottie file gives its frame rate, out point, width and height")
    }
    fps = try root.number("fr", 0)
    guard fps > 0, fps <= 1000 else { throw (root["fr"] ?? root).error("frame rate \(fps); give 0 < fr ≤ 1000") }
    reader.frameRate = fps
    let first = try root.number("ip", 0)
    let last = try root.number("op", first)
    guard last > first else { throw (root["op"] ?? root).error("out point \(last) is not after the in point \(first)") }
    guard last - first <= 1_000_000 else { throw (root["op"] ?? root).error("more than 1000000 frames") }
    let width = try root.number("w", 0)
    let height = try root.number("h", 0)
    for (key, side) in [("w", width), ("h", height)] where !(side >= 1 && side <= limits.maxSide) {
      throw (root[key] ?? root).error("canvas side \(side); give 1 to \(Int(limits.maxSide))")
    }
    if root.flag("ddd") { reader.warn("3D ('ddd') is drawn without perspective or depth order") }
    for asset in try root["assets"]?.elements() ?? [] {
      guard let id = asset.string("id") else { continue }
      assets[id] = asset
    }
    end = (last - first) / fps
    let time = LottieTimeMap(offset: -first / fps, scale: 1 / fps)
    let nodes = try layers(root["layers"], time, stack: [])
    let duration = (last - first) / fps
    let composition = Composition(
      name: root.string("nm") ?? "Lottie", width: width, height: height, duration: duration, frameRate: fps,
      frameCount: max(1, Int((last - first).rounded())), timeline: reader.tracks,
      nodes: [.group(CompositionGroup(name: root.string("nm") ?? "Lottie", children: nodes))])
    var imported = LottieImport(composition: composition, warnings: reader.warnings)
    imported.imageFiles = imageFiles
    return imported
  }

  // MARK: Layers

  /// The nodes of a list of layers, bottom first.
  /// - Parameters:
  ///   - list: the `layers` array.
  ///   - time: the time of the composition that holds them.
  ///   - stack: the precompositions being built, outermost first (a cycle is refused).
  private mutating func layers(_ list: LottieJSONNode?, _ time: LottieTimeMap, stack: [String])
    throws(LottieImportError) -> [CompositionNode]
  {
    guard let list else { return [] }
    let elements = try list.elements()
    reader.layerLists[list.path] = elements
    layerCount += elements.count
    guard layerCount <= limits.maxLayers else {
      throw list.error("more than \(limits.maxLayers) layers (precompositions counted at each use); simplify it")
    }
    var byIndex: [Int: LottieJSONNode] = [:]
    for layer in elements {
      guard layer.isObject else { throw layer.error("expected a layer object") }
      if let index = try layer["ind"]?.number(), let key = Int(exactly: index) { byIndex[key] = layer }
    }
    var nodes: [CompositionNode] = []
    for (position, layer) in elements.enumerated().reversed() {
      reader.layer = layer.string("nm") ?? "#\(position)"
      if layer.flag("td") || layer.flag("hd") { continue }
      guard var node = try placed(layer, byIndex, time, stack: stack) else { continue }
      let matteType = Int(try layer["tt"]?.number() ?? 0)
      if matteType != 0 {
        // The matte: the layer named by `tp`, else the one just above (After Effects' older form).
        var source: LottieJSONNode?
        if let index = try layer["tp"]?.number(), let key = Int(exactly: index) {
          source = byIndex[key]
        } else if position > 0 {
          source = elements[position - 1]
        }
        let name = reader.layer
        guard let source else { throw layer.error("the track matte's layer is missing") }
        reader.layer = source.string("nm") ?? "matte"
        let matte = try placed(source, byIndex, time, stack: stack)
        reader.layer = name
        let mode: TrackMatte.Mode
        switch matteType {
        case 1: mode = .alpha
        case 2: mode = .invertedAlpha
        case 3: mode = .luma
        case 4: mode = .invertedLuma
        default:
          reader.warn("track matte type \(matteType) is drawn as alpha")
          mode = .alpha
        }
        node = .group(
          CompositionGroup(
            name: "\(name) matte", matte: TrackMatte(mode, nodes: matte.map { [$0] } ?? []), children: [node]))
      }
      // The blend mode applies to the layer as it shows, through its matte.
      let blend = reader.blendMode(layer, of: reader.layer)
      if blend != .normal, case .group(var group) = node {
        group.blendMode = blend
        node = .group(group)
      }
      nodes.append(node)
    }
    return nodes
  }

  /// A layer under its parents' transforms (nearest first; their opacity and in and out points do
  /// not apply), or `nil` when it draws nothing.
  private mutating func placed(
    _ layer: LottieJSONNode, _ byIndex: [Int: LottieJSONNode], _ time: LottieTimeMap, stack: [String]
  ) throws(LottieImportError) -> CompositionNode? {
    guard var node = try content(of: layer, time, stack: stack) else { return nil }
    var seen: Set<Int> = []
    var current = layer
    while let parent = try current["parent"]?.number(), let key = Int(exactly: parent) {
      guard seen.insert(key).inserted, seen.count <= limits.maxDepth else {
        throw (current["parent"] ?? current).error("the parents form a cycle or nest more than \(limits.maxDepth) deep")
      }
      guard let next = byIndex[key] else {
        throw (current["parent"] ?? current).error("no layer has index \(key)")
      }
      var (transform, _, projection) = try reader.transform(next["ks"], time)
      let outer = Self.flattening(&transform, projection)
      node = .group(CompositionGroup(name: next.string("nm") ?? "parent", transform: transform, children: [node]))
      if let outer {
        node = .group(CompositionGroup(name: "\(next.string("nm") ?? "parent") 3D", transform: outer, children: [node]))
      }
      current = next
    }
    return node
  }

  /// One layer as a group: its transform, opacity (and in and out points), masks and content; `nil`
  /// when it draws nothing.
  private mutating func content(of layer: LottieJSONNode, _ time: LottieTimeMap, stack: [String])
    throws(LottieImportError) -> CompositionNode?
  {
    let name = reader.layer
    let type = Int(try layer.number("ty", -1))
    let start = try layer.number("st", 0)
    // Keyframe times, in and out points are frames of the holding composition whatever the start
    // time (lottie-web evaluates a property at frame − st against key times − st): `st` moves only
    // a precomposition's own time.
    warnUnsupported(layer)
    var children: [CompositionNode] = []
    var clip: NodeMask?
    var remap: AnimatedNumber?
    switch type {
    case 0:
      guard let id = layer.string("refId"), let asset = assets[id] else {
        throw (layer["refId"] ?? layer).error("no precomposition asset with this id")
      }
      guard !stack.contains(id) else {
        throw (layer["refId"] ?? layer).error(
          "precomposition '\(id)' contains itself (\((stack + [id]).joined(separator: " → ")))")
      }
      guard stack.count < limits.maxDepth else {
        throw layer.error("precompositions nest more than \(limits.maxDepth) deep")
      }
      let stretch = try layer.number("sr", 1)
      guard stretch > 0 else { throw (layer["sr"] ?? layer).error("time stretch \(stretch); give a positive number") }
      if let tm = layer["tm"] {
        // Time remapping (lottie-web): the precomposition shows its frame tm(t) × fr, whatever
        // `st` and `sr`; tm is keyed in the holding composition's frames, in seconds.
        remap = try reader.number(tm, time, fallback: 0)
        let outer = end
        end = .infinity
        children = try layers(asset["layers"], LottieTimeMap(offset: 0, scale: 1 / fps), stack: stack + [id])
        end = outer
      } else {
        children = try layers(
          asset["layers"], time.precomposition(start: start, stretch: stretch), stack: stack + [id])
      }
      reader.layer = name
      let w = try layer.number("w", 0)
      let h = try layer.number("h", 0)
      if w > 0, h > 0 {
        clip = NodeMask(
          .rectangle(center: .constant(w / 2, h / 2), size: .constant(w, h), cornerRadius: .constant(0)),
          mode: .intersect)
      }
    case 1:
      let w = try layer.number("sw", 0)
      let h = try layer.number("sh", 0)
      let color = (try? RGBAColor.parse(layer.string("sc") ?? "#000000")) ?? .black
      children = [
        .shape(
          CompositionShape(
            name: name,
            geometry: .rectangle(center: .constant(w / 2, h / 2), size: .constant(w, h), cornerRadius: .constant(0)),
            fill: ShapeFill(.color(color))))
      ]
    case 2:
      guard let id = layer.string("refId"), let asset = assets[id] else {
        throw (layer["refId"] ?? layer).error("no image asset with this id")
      }
      if let bitmap = try image(asset) {
        children = [
          .image(
            CompositionImage(
              name: name, bitmap: bitmap, x: 0, y: 0, width: try asset.number("w", Double(bitmap.width)),
              height: try asset.number("h", Double(bitmap.height))))
        ]
      }
    case 3: break
    case 4:
      children = try shapes.nodes(
        layer["shapes"] ?? LottieJSONNode(value: [Any](), path: layer.path + ".shapes"), time)
    case 5: children = try text.nodes(layer, time)
    default: reader.warn("layers of type \(type) are not rendered")
    }
    var (transform, opacity, projection) = try reader.transform(layer["ks"], time)
    transform.autoOrient = layer.flag("ao")
    let outer = Self.flattening(&transform, projection)
    let masks = try self.masks(layer, time)
    var inner = children
    if let clip {
      inner = [.group(CompositionGroup(name: "\(name) bounds", masks: [clip], children: children))]
    }
    let shown = try visible(opacity, layer, time)
    // A layer's opacity fades the layer as a whole, as lottie-web (`<g opacity>`) and After Effects do.
    let group = CompositionNode.group(
      CompositionGroup(
        name: name, transform: transform, opacity: shown, masks: masks, timeRemap: remap, isolated: true,
        fillColor: try fillEffect(layer, time), children: inner))
    guard let outer else { return group }
    return .group(CompositionGroup(name: "\(name) 3D", transform: outer, children: [group]))
  }

  /// The group around a 3D layer that squeezes it as its turn about x or y does, seen from straight
  /// ahead (`projection`), and places it: `transform` keeps the anchor, scale, skew and rotation,
  /// and gives its position and auto-orientation to that group. `nil` for a flat layer.
  private static func flattening(_ transform: inout NodeTransform, _ projection: AnimatedPoint?) -> NodeTransform? {
    guard let projection else { return nil }
    var outer = NodeTransform(position: transform.position, scale: projection)
    outer.autoOrient = transform.autoOrient
    transform.position = .zero
    transform.autoOrient = false
    return outer
  }

  /// The layer's opacity, zero outside its in and out points (in the holding composition's frames).
  private func visible(_ opacity: AnimatedNumber, _ layer: LottieJSONNode, _ time: LottieTimeMap)
    throws(LottieImportError) -> AnimatedNumber
  {
    // A layer shows from frame ip up to, not at, frame op: the switches a thousandth of a frame
    // early, so that a frame time rounded in text still lands on the right side.
    let (first, last) = (try layer.number("ip", -1e9), try layer.number("op", 1e9))
    guard time.seconds(first) > 1e-9 || time.seconds(last) < end - 1e-9 else { return opacity }
    let from = time.seconds(first - 1e-3)
    let to = time.seconds(last - 1e-3)
    let shown = reader.track([
      TrackKeyframe(time: min(from, to) - 1, value: 0, hold: true), TrackKeyframe(time: from, value: 1, hold: true),
      TrackKeyframe(time: max(to, from), value: 0, hold: true),
    ])
    if opacity.constantValue == 1 { return shown }
    guard case .expression(let a) = shown else { return opacity }
    switch opacity {
    case .constant(let value): return .expression(.product(.constant(value), a))
    case .expression(let b): return .expression(.product(b, a))
    }
  }

  private func masks(_ layer: LottieJSONNode, _ time: LottieTimeMap) throws(LottieImportError) -> [NodeMask] {
    var masks: [NodeMask] = []
    for mask in try layer["masksProperties"]?.elements() ?? [] {
      let mode: NodeMask.Mode
      switch mask.string("mode") ?? "a" {
      case "n": continue
      case "a": mode = .add
      case "s": mode = .subtract
      case "i": mode = .intersect
      case "l":
        // Lighten: the union of opaque masks, an add; lottie-web's SVG renderer draws it as add.
        mode = .add
      case let other where other == "d" || other == "f":
        let kind = other == "d" ? "darken" : "difference"
        reader.warn("mask mode '\(other)' (\(kind)) is drawn as add, as lottie-web draws it")
        mode = .add
      case let other:
        reader.warn("mask mode '\(other)' is drawn as add")
        mode = .add
      }
      guard let outline = mask["pt"] else { throw mask.error("the mask has no path 'pt'") }
      var geometry = try reader.shape(outline, time)
      let expansion = try reader.number(mask["x"], time, fallback: 0)
      if expansion.constantValue != 0 {
        geometry = .modified(
          PathModifier([geometry], kind: .offset(amount: expansion, join: .round, miterLimit: .constant(4))))
      }
      let opacity = try reader.number(mask["o"], time, fallback: 100, scale: 0.01)
      masks.append(NodeMask(geometry, mode: mode, inverted: mask.flag("inv"), opacity: opacity))
    }
    return masks
  }

  /// Whether an effect is After Effects' Fill effect.
  static func isFill(_ effect: [String: Any]?) -> Bool {
    (effect?["mn"] as? String) == "ADBE Fill" || (effect?["ty"] as? NSNumber)?.intValue == 21
  }

  /// The colour of the layer's last enabled Fill effect, as lottie-web reads it: the colour of its
  /// third control, at the opacity of its seventh (the colour's own alpha is not used); `nil` without
  /// one. Its mask, invert and feather controls are not applied (lottie-web ignores them too).
  private func fillEffect(_ layer: LottieJSONNode, _ time: LottieTimeMap) throws(LottieImportError) -> AnimatedColor? {
    guard let effects = try layer["ef"]?.elements() else { return nil }
    guard let fill = effects.last(where: { Self.isFill($0.value as? [String: Any]) && $0["en"]?.value as? Int != 0 })
    else { return nil }
    let controls = try fill["ef"]?.elements() ?? []
    guard controls.count > 6 else { return nil }
    let color = try reader.color(controls[2]["v"], time)
    let opacity = try reader.number(controls[6]["v"], time, fallback: 1)
    switch (color, opacity) {
    case (.constant(let c), .constant(let a)):
      return .constant(RGBAColor(red: c.red, green: c.green, blue: c.blue, alpha: a))
    case (.constant(let c), _):
      return .components(red: .constant(c.red), green: .constant(c.green), blue: .constant(c.blue), alpha: opacity)
    case (.components(let r, let g, let b, _), _): return .components(red: r, green: g, blue: b, alpha: opacity)
    case (.cycle, _): return color
    }
  }

  /// After Effects' expression controls (`mn`): values for expressions to read, which draw nothing
  /// in After Effects or any player, so nothing is said of them (an expression that reads one and is
  /// not evaluated is warned about itself). Pseudo effects (`Pseudo/…`) are controls too.
  static let expressionControls: Set<String> = [
    "ADBE Slider Control", "ADBE Point Control", "ADBE Point3D Control", "ADBE Angle Control",
    "ADBE Checkbox Control", "ADBE Color Control", "ADBE Layer Control", "ADBE Dropdown Control",
  ]

  /// Whether an effect is an expression control (`expressionControls`, or a pseudo effect).
  static func isExpressionControl(_ effect: [String: Any]?) -> Bool {
    guard let name = effect?["mn"] as? String else { return false }
    return expressionControls.contains(name) || name.hasPrefix("Pseudo/")
  }

  private func warnUnsupported(_ layer: LottieJSONNode) {
    // Each effect and layer style by its name (After Effects' `nm`, else its type number); past
    // the eighth, one line counts the rest, so a hostile file cannot fill the warnings.
    for (key, kind) in [("ef", "effect"), ("sy", "layer style")] {
      let all = (layer[key]?.value as? [Any]) ?? []
      let items =
        key == "ef"
        ? all.filter { !Self.isExpressionControl($0 as? [String: Any]) && !Self.isFill($0 as? [String: Any]) } : all
      for item in items.prefix(8) {
        let fields = item as? [String: Any]
        let label =
          (fields?["nm"] as? String).map { "'\($0)'" } ?? "of type \((fields?["ty"] as? NSNumber)?.stringValue ?? "?")"
        reader.warn("\(kind) \(label) is not rendered")
      }
      if items.count > 8 { reader.warn("\(items.count - 8) more \(kind)s are not rendered") }
    }
    if layer.flag("ddd") {
      reader.warn("3D layer drawn seen from straight ahead, as lottie-web draws it: no perspective, z ignored")
    }
  }

  // MARK: Images

  /// An image asset's pixels, PNG or JPEG: an embedded data URI, a dotLottie's image entry, or a
  /// file inside the input's folder.
  private mutating func image(_ asset: LottieJSONNode) throws(LottieImportError) -> Frame? {
    let id = asset.string("id") ?? ""
    if let kept = images[id] { return kept }
    let name = asset.string("p") ?? ""
    var bytes: [UInt8]
    if name.hasPrefix("data:") {
      guard let comma = name.firstIndex(of: ","), name[..<comma].hasSuffix(";base64") else {
        throw (asset["p"] ?? asset).error("an embedded image must be a base64 data URI")
      }
      let encoded = name[name.index(after: comma)...]
      guard encoded.utf8.count / 4 * 3 <= limits.maxImageBytes else {
        throw (asset["p"] ?? asset).error("the embedded image is more than \(limits.maxImageBytes) bytes")
      }
      guard let data = Data(base64Encoded: String(encoded), options: .ignoreUnknownCharacters) else {
        throw (asset["p"] ?? asset).error("the embedded image is not valid base64")
      }
      bytes = [UInt8](data)
    } else {
      let folder = asset.string("u") ?? ""
      let relative = folder + name
      if let packagedImages {
        // A dotLottie's images: `u` is `/images/` or `images/` (`/i/` in version 2), `p` the file.
        let inside = relative.drop { $0 == "/" }
        guard
          let packaged = packagedImages[String(inside)] ?? packagedImages["images/" + name]
            ?? packagedImages["i/" + name]
        else {
          reader.warn("image '\(relative)' is not in the dotLottie archive; it is not drawn")
          return nil
        }
        bytes = packaged
      } else {
        guard let base = baseDirectory else {
          reader.warn("image '\(relative)' is not embedded and the file's folder is unknown; it is not drawn")
          return nil
        }
        guard !relative.hasPrefix("/"), !relative.split(separator: "/").contains("..") else {
          throw (asset["p"] ?? asset).error("image '\(relative)' is outside the animation's folder; embed it")
        }
        do {
          imageFiles.append(base + "/" + relative)
          bytes = try InputFile.readBytes(base + "/" + relative, limit: limits.maxImageBytes)
        } catch {
          throw (asset["p"] ?? asset).error("image '\(relative)' \(error.message)")
        }
      }
    }
    do {
      let pixels =
        bytes.starts(with: JPEGCodec.signature)
        ? try JPEGCodec.decodePixels(bytes, source: id, maxPixels: limits.maxImagePixels)
        : try PNGCodec.decodePixels(bytes, source: id, maxPixels: limits.maxImagePixels)
      let frame = Frame(pixels)
      images[id] = frame
      return frame
    } catch {
      reader.warn("image '\(id)' is not a PNG or JPEG it can read (\(error.description)); it is not drawn")
      return nil
    }
  }
}
