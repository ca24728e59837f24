import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderLottie

/// `LottieImporter`: what a Lottie document becomes (canvas, time, layers, keyframes, easing),
/// the warnings for what is not rendered, and the refusals of hostile or broken input, each
/// naming the JSON path.
@Suite struct LottieImportTests {
  /// A document of one layer list at 60 fps, 60 frames, 100 × 100 (or the size given).
  static func document(_ layers: String, width: Int = 100, height: Int = 100, assets: String = "[]") -> [UInt8] {
    Array(
      #"{"v":"5.7.0","fr":60,"ip":0,"op":60,"w":\#(width),"h":\#(height),"nm":"test","assets":\#(assets),"layers":\#(layers)}"#
        .utf8)
  }

  /// A shape layer holding `shapes`, with `extra` members.
  static func shapeLayer(_ shapes: String, extra: String = "") -> String {
    #"{"ty":4,"nm":"shape","ind":1,"ip":0,"op":60,"st":0,"ks":{}\#(extra),"shapes":\#(shapes)}"#
  }

  static func read(_ bytes: [UInt8]) throws -> LottieImport { try LottieImporter().read(bytes) }

  /// The import's root children.
  static func layers(_ imported: LottieImport) throws -> [CompositionNode] {
    guard case .group(let root) = try #require(imported.composition.nodes.first) else { return [] }
    return root.children
  }

  @Test func canvasAndTime() throws {
    let imported = try Self.read(Self.document("[]", width: 120, height: 40))
    let c = imported.composition
    #expect(c.width == 120)
    #expect(c.height == 40)
    #expect(c.frameRate == 60)
    #expect(c.frameCount == 60)
    #expect(c.duration == 1)
    #expect(imported.warnings.isEmpty)
  }

  /// Layers are listed top first; the composition paints bottom first.
  @Test func layerOrderIsReversed() throws {
    let a = #"{"ty":3,"nm":"top","ind":1,"ks":{}}"#
    let b = #"{"ty":3,"nm":"bottom","ind":2,"ks":{}}"#
    let names = try Self.layers(Self.read(Self.document("[\(a),\(b)]"))).map(\.name)
    #expect(names == ["bottom", "top"])
  }

  /// Each keyframed dimension is one track: values scaled (percent, degrees), times in seconds
  /// from `ip`, per-dimension Bézier easing and holds kept.
  @Test func keyframesBecomeTracks() throws {
    let ks = #"""
      ,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},{"t":30,"s":[100],"h":1},{"t":45,"s":[50]}]},
      "s":{"a":1,"k":[{"t":0,"s":[100,50],"o":{"x":[0.1,0.2],"y":[0.3,0.4]},"i":{"x":[0.5,0.6],"y":[0.7,0.8]}},{"t":60,"s":[200,50]}]}}
      """#
    let layer = Self.shapeLayer("[]").replacingOccurrences(of: #","ks":{}"#, with: ks)
    let imported = try Self.read(Self.document("[\(layer)]"))
    let tracks = imported.composition.timeline
    // Scale x (2 keys), opacity (3 keys), in the order the transform reads them; scale y is constant.
    #expect(tracks.count == 2)
    let opacity = tracks[1].keyframes
    #expect(opacity.map(\.time) == [0, 0.5, 0.75])
    #expect(opacity.map(\.value) == [0, 1, 0.5])
    #expect(opacity[0].easing == .cubicBezier(0.4, 0, 0.6, 1))
    #expect(opacity[1].hold == true)
    let scale = tracks[0].keyframes
    #expect(scale.map(\.value) == [1, 2])
    #expect(scale[0].easing == .cubicBezier(0.1, 0.3, 0.5, 0.7))
    guard case .group(let group) = try Self.layers(imported)[0] else {
      Issue.record("not a group")
      return
    }
    #expect(group.transform.scale.value(in: TrackValues(time: 0, values: [:])).y == 0.5)
  }

  /// A layer starting later shifts its keys; a precomposition stretched by 2 plays at half speed.
  @Test func startTimeAndStretch() throws {
    let o = #"{"a":1,"k":[{"t":0,"s":[0]},{"t":10,"s":[100]}]}"#
    let inner = #"{"ty":3,"nm":"inner","ind":1,"ks":{"o":\#(o)}}"#
    let assets = #"[{"id":"p","layers":[\#(inner)]}]"#
    let pre = #"{"ty":0,"nm":"pre","ind":1,"refId":"p","st":6,"sr":2,"w":100,"h":100,"ks":{}}"#
    let imported = try Self.read(Self.document("[\(pre)]", assets: assets))
    let keys = try #require(imported.composition.timeline.first).keyframes
    // Frames 6 + 2 × 0 and 6 + 2 × 10 at 60 fps.
    #expect(keys.map(\.time) == [0.1, 26.0 / 60])
  }

  /// A layer shown from frame 30 to 45 gets a visibility track.
  @Test func inAndOutPoints() throws {
    let layer = #"{"ty":3,"nm":"late","ind":1,"ip":30,"op":45,"ks":{}}"#
    let imported = try Self.read(Self.document("[\(layer)]"))
    let timeline = Timeline(tracks: imported.composition.timeline)
    guard case .group(let group) = try Self.layers(imported)[0] else {
      Issue.record("not a group")
      return
    }
    for (seconds, shown) in [(0.0, 0.0), (0.49, 0.0), (0.5, 1.0), (0.74, 1.0), (0.75, 0.0), (1.0, 0.0)] {
      let values = TrackValues(time: seconds, values: timeline.values(at: seconds))
      #expect(group.opacity.value(in: values) == shown, "at \(seconds) s")
    }
  }

  /// Features it does not render are named with their layer.
  static let unsupported: [(String, String)] = [
    (Self.shapeLayer("[]", extra: #","ef":[{"ty":5}]"#), "effect of type 5 is not rendered"),
    (
      #"{"ty":5,"nm":"shape","ind":1,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"","f":"F","s":0}}]},"a":[{"a":{}}]}}"#,
      "text animators"
    ),
    (Self.shapeLayer("[]", extra: #","bm":16"#), "blend mode 16 of 'shape' is drawn as normal"),
    (#"{"ty":3,"nm":"shape","ind":1,"ks":{"r":{"a":0,"k":0,"x":"time*10"}}}"#, "expressions"),
  ]

  /// A zig zag is imported as a path modifier of the outlines before it, with no warning.
  @Test(arguments: [(1, false), (2, true)])
  func zigZagIsApplied(pointType: Int, smooth: Bool) throws {
    let items =
      #"[{"ty":"rc","nm":"box","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},"#
      + #"{"ty":"zz","nm":"Zig 1","s":{"a":0,"k":5},"r":{"a":0,"k":3},"pt":{"a":0,"k":\#(pointType)}},"#
      + #"{"ty":"fl","nm":"paint","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]"#
    let imported = try Self.read(Self.document("[\(Self.shapeLayer(items))]"))
    #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    func shapes(_ node: CompositionNode) -> [CompositionShape] {
      switch node {
      case .group(let group): group.children.flatMap(shapes)
      case .shape(let shape): [shape]
      default: []
      }
    }
    let shape = try #require(try Self.layers(imported).flatMap(shapes).first)
    guard case .modified(let modifier) = shape.geometry,
      case .zigZag(let size, let ridges, let isSmooth) = modifier.kind
    else {
      Issue.record("not a zig zag: \(shape.geometry)")
      return
    }
    #expect(size.constantValue == 5 && ridges.constantValue == 3 && isSmooth == smooth)
  }

  @Test(arguments: unsupported)
  func warnsAboutWhatItDoesNotRender(layer: String, feature: String) throws {
    let warnings = try Self.read(Self.document("[\(layer)]")).warnings
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("layer 'shape': ") == true)
    #expect(warnings.first?.contains(feature) == true, "\(warnings)")
  }

  /// Broken and hostile documents, refused with the JSON path and the rule.
  static let refused: [(String, String)] = [
    ("not json", "not valid JSON"),
    ("[1]", "expected a Lottie object"),
    (#"{"fr":30,"ip":0,"w":10,"h":10,"layers":[]}"#, "the animation has no 'op'"),
    (#"{"fr":0,"ip":0,"op":10,"w":10,"h":10,"layers":[]}"#, "fr: frame rate 0"),
    (#"{"fr":30,"ip":10,"op":10,"w":10,"h":10,"layers":[]}"#, "op: out point 10"),
    (#"{"fr":30,"ip":0,"op":10,"w":100000,"h":10,"layers":[]}"#, "w: canvas side 100000"),
    (#"{"fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":{}}"#, "layers: expected an array"),
    (
      #"{"fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":0,"refId":"a","ks":{}}],"#
        + #""assets":[{"id":"a","layers":[{"ty":0,"refId":"a","ks":{}}]}]}"#,
      "layers[0].refId: precomposition 'a' contains itself (a → a)"
    ),
    (
      #"{"fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":0,"refId":"zz","ks":{}}]}"#,
      "layers[0].refId: no precomposition asset"
    ),
    (
      #"{"fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":3,"ind":1,"parent":2,"ks":{}},"#
        + #"{"ty":3,"ind":2,"parent":1,"ks":{}}]}"#, "parent: the parents form a cycle"
    ),
    (
      #"{"fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":3,"ks":{"o":{"a":1,"k":[{"t":5,"s":[1]},"#
        + #"{"t":2,"s":[0]}]}}}]}"#, "layers[0].ks.o.k[1]: keyframe at frame 2.0 comes before"
    ),
    (
      #"{"fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":4,"ks":{},"shapes":[{"ty":"rc","s":{"a":0,"k":"x"}}]}]}"#,
      "layers[0].shapes[0].s.k: expected an array"
    ),
    (
      #"{"fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":4,"ks":{},"shapes":[{"ty":"rp","c":{"a":0,"k":1e9}}]}]}"#,
      "layers[0].shapes[0]: 1000000000.0 copies"
    ),
  ]

  @Test(arguments: refused)
  func refusesWithThePath(json: String, message: String) {
    #expect {
      try Self.read(Array(json.utf8))
    } throws: { error in
      (error as? LottieImportError)?.description.contains(message) == true
    }
  }

  /// Groups nested past the limit, and a file past the byte limit.
  @Test func boundsOfNestingAndSize() throws {
    var limits = LottieImportLimits()
    limits.maxDepth = 8
    var shapes = "[]"
    for _ in 0..<10 { shapes = #"[{"ty":"gr","it":\#(shapes)}]"# }
    let deep = Self.document("[\(Self.shapeLayer(shapes))]")
    #expect(throws: LottieImportError.self) { try LottieImporter(limits: limits).read(deep) }
    limits.maxBytes = 100
    #expect {
      try LottieImporter(limits: limits).read(Self.document("[]") + Array(repeating: 32, count: 100))
    } throws: { error in
      (error as? LottieImportError)?.description.contains("more than 100") == true
    }
  }

  /// Too many keyframes in one property, and layers over the limit (a precomposition counted at each use).
  @Test func boundsOfKeyframesAndLayers() throws {
    var limits = LottieImportLimits()
    limits.maxKeyframes = 3
    let keys = (0..<4).map { #"{"t":\#($0),"s":[0]}"# }.joined(separator: ",")
    let layer = #"{"ty":3,"ks":{"o":{"a":1,"k":[\#(keys)]}}}"#
    #expect(throws: LottieImportError.self) { try LottieImporter(limits: limits).read(Self.document("[\(layer)]")) }
    limits = LottieImportLimits()
    limits.maxLayers = 20
    let uses = (0..<5).map { _ in #"{"ty":0,"refId":"p","ks":{}}"# }.joined(separator: ",")
    let five = (0..<5).map { _ in #"{"ty":3,"ks":{}}"# }.joined(separator: ",")
    let bomb = Self.document("[\(uses)]", assets: #"[{"id":"p","layers":[\#(five)]}]"#)
    #expect {
      try LottieImporter(limits: limits).read(bomb)
    } throws: { error in
      (error as? LottieImportError)?.description.contains("more than 20 layers") == true
    }
  }

  /// An image outside the file's folder is refused; a data URI that is not base64 too.
  @Test func imagesStayInside() throws {
    let image = #"{"ty":2,"refId":"i","ks":{}}"#
    let outside = Self.document("[\(image)]", assets: #"[{"id":"i","w":1,"h":1,"u":"../","p":"x.png"}]"#)
    #expect {
      try LottieImporter(baseDirectory: "/tmp").read(outside)
    } throws: { error in
      (error as? LottieImportError)?.description.contains("outside the animation's folder") == true
    }
    let notBase64 = Self.document("[\(image)]", assets: #"[{"id":"i","w":1,"h":1,"p":"data:image/png,abc"}]"#)
    #expect(throws: LottieImportError.self) { try LottieImporter().read(notBase64) }
  }
}
