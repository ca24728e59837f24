import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster

/// The expressions of After Effects' "Create Nulls From Paths" panel: a layer traced along another
/// layer's path by its Trace Path effect, evaluated as lottie-web evaluates them.
@Suite struct LottieRigTests {
  /// Trace Path's position expression, as the panel writes it.
  static let trace =
    #"var $bm_rt;\nvar pathLayer = thisComp.layer('bar');\nvar progress = div(thisLayer.effect('Pseudo/ADBE Trace Path')('Pseudo/ADBE Trace Path-0001'), 100);\nvar pathToTrace = pathLayer('ADBE Root Vectors Group')(1)('ADBE Vectors Group')(1)('ADBE Vector Shape');\n$bm_rt = pathLayer.toComp(pathToTrace.pointOnPath(progress));"#

  /// The progress slider's loop, on while the effect's Loop checkbox is.
  static let loop =
    #"var $bm_rt;\nif (thisProperty.propertyGroup(1)('Pseudo/ADBE Trace Path-0002') == true && thisProperty.numKeys > 1) {\n    $bm_rt = thisProperty.loopOut('cycle');\n} else {\n    $bm_rt = value;\n}"#

  /// A 100 × 100 document at 60 fps, 120 frames: a red 10 × 10 dot (layer 1) whose position is
  /// `expression`, its Trace Path progress going 0 → 100 linearly over frames 0…60, looping when
  /// `loops`; a layer 'bar' (layer 2) holding an open path through `vertices`, transformed by `barKS`.
  static func document(
    vertices: [(Double, Double)], barKS: String = "{}", loops: Bool = true, expression: String = trace,
    topLayers: String = ""
  ) -> [UInt8] {
    let v = vertices.map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
    let zeros = vertices.map { _ in "[0,0]" }.joined(separator: ",")
    let effect =
      #"{"ty":5,"nm":"Trace Path","mn":"Pseudo/ADBE Trace Path","ef":[{"ty":0,"nm":"Progress","mn":"Pseudo/ADBE Trace Path-0001","v":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":60,"s":[100]}],"x":"\#(loop)"}},{"ty":7,"nm":"Loop","mn":"Pseudo/ADBE Trace Path-0002","v":{"a":0,"k":\#(loops ? 1 : 0)}}]}"#
    let dot =
      ##"{"ty":1,"nm":"dot","ind":1,"sc":"#ff0000","sw":10,"sh":10,"ip":0,"op":120,"st":0,"ks":{"a":{"a":0,"k":[5,5]},"p":{"a":0,"k":[0,0],"x":"\##(expression)"}},"ef":[\##(effect)]}"##
    let bar =
      #"{"ty":4,"nm":"bar","ind":2,"ip":0,"op":120,"st":0,"ks":\#(barKS),"shapes":[{"ty":"gr","nm":"Shape 1","it":[{"ty":"sh","nm":"Path 1","ks":{"a":0,"k":{"v":[\#(v)],"i":[\#(zeros)],"o":[\#(zeros)],"c":false}}},{"ty":"tr","p":{"a":0,"k":[0,0]}}]}]}"#
    return LottieImportTests.document("[\(topLayers)\(dot),\(bar)]")
  }

  /// The centre of the red (or blue) pixels, or `nil` when there are none.
  static func centre(_ frame: Frame, blue: Bool = false) -> (x: Double, y: Double)? {
    var (sum, sx, sy) = (0.0, 0.0, 0.0)
    for y in 0..<frame.height {
      for x in 0..<frame.width {
        let p = frame.rgba(x: x, y: y)
        guard (blue ? p.b : p.r) > 128, (blue ? p.r : p.b) < 64, p.g < 64 else { continue }
        let w = Double(p.a)
        (sum, sx, sy) = (sum + w, sx + w * (Double(x) + 0.5), sy + w * (Double(y) + 0.5))
      }
    }
    return sum > 0 ? (sx / sum, sy / sum) : nil
  }

  static func render(_ bytes: [UInt8], frame: Double) throws -> (Frame, LottieImport) {
    let imported = try LottieImporter().read(bytes)
    let renderer = try CompositionRenderer(
      composition: imported.composition,
      settings: PaintSettings(pixelSize: 100, scale: 1, edgeLevels: 256, background: .clear))
    return (try renderer.frame(at: frame / 60), imported)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var vertices: [(Double, Double)]
    var barKS = "{}"
    var loops = true
    var frame: Double
    var x: Double
    var y: Double
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "start of a straight path", vertices: [(10, 50), (90, 50)], frame: 0, x: 10, y: 50),
    Case(name: "half way", vertices: [(10, 50), (90, 50)], frame: 30, x: 50, y: 50),
    Case(name: "end", vertices: [(10, 50), (90, 50)], frame: 60, x: 90, y: 50),
    Case(name: "looped: half way again", vertices: [(10, 50), (90, 50)], frame: 90, x: 50, y: 50),
    Case(name: "Loop off: stays at the end", vertices: [(10, 50), (90, 50)], loops: false, frame: 90, x: 90, y: 50),
    Case(
      name: "toComp: the bar layer scaled and moved", vertices: [(10, 50), (90, 50)],
      barKS: #"{"p":{"a":0,"k":[0,20]},"s":{"a":0,"k":[50,50]}}"#, frame: 30, x: 25, y: 45),
    Case(
      name: "toComp: the bar layer turned a quarter about its anchor", vertices: [(10, 50), (90, 50)],
      barKS: #"{"a":{"a":0,"k":[50,50]},"p":{"a":0,"k":[50,50]},"r":{"a":0,"k":90}}"#, frame: 15, x: 50, y: 30),
    Case(
      name: "two segments, by length: 70 of 140", vertices: [(10, 20), (90, 20), (90, 80)], frame: 30, x: 80, y: 20),
    Case(name: "two segments, into the second", vertices: [(10, 20), (90, 20), (90, 80)], frame: 45, x: 90, y: 45),
  ]

  @Test(arguments: cases)
  func traceFollowsThePath(_ c: Case) throws {
    let (frame, imported) = try Self.render(
      Self.document(vertices: c.vertices, barKS: c.barKS, loops: c.loops), frame: c.frame)
    let centre = Self.centre(frame)
    #expect(centre.map { abs($0.x - c.x) < 0.3 && abs($0.y - c.y) < 0.3 } == true, "\(String(describing: centre))")
    #expect(imported.warnings.isEmpty, "\(imported.warnings)")
  }

  /// A blue layer placed through another reference to the trace's point, and on a path vertex;
  /// an expression with an array literal is not evaluated, and said so.
  @Test(arguments: [
    (#"$bm_rt = thisComp.layer('dot').transform.position;"#, 30.0, 50.0, 50.0),
    (
      #"var barLayer, barPath;\nbarLayer = thisComp.layer('bar');\nbarPath = barLayer.content('Shape 1').content('Path 1').path.points();\n$bm_rt = barLayer.toComp(barPath[1]);"#,
      30, 90, 50
    ),
    (#"$bm_rt = sub(thisComp.layer('bar').toComp([0, 0]), [0, 0]);"#, 30, -1, -1),
  ])
  func layersFollowTheRig(expression: String, frame: Double, x: Double, y: Double) throws {
    let follower =
      ##"{"ty":1,"nm":"follower","ind":3,"sc":"#0000ff","sw":10,"sh":10,"ip":0,"op":120,"st":0,"ks":{"a":{"a":0,"k":[5,5]},"p":{"a":0,"k":[-50,-50],"x":"var $bm_rt;\n\##(expression)"}}},"##
    let (rendered, imported) = try Self.render(
      Self.document(vertices: [(10, 50), (90, 50)], topLayers: follower), frame: frame)
    let warned = imported.warnings.filter { $0.contains("'follower'") }
    guard x >= 0 else {
      #expect(warned.count == 1, "\(imported.warnings)")
      return
    }
    #expect(warned.isEmpty, "\(imported.warnings)")
    let centre = Self.centre(rendered, blue: true)
    #expect(centre.map { abs($0.x - x) < 0.3 && abs($0.y - y) < 0.3 } == true, "\(String(describing: centre))")
  }

  /// The bar's trim follows the trace's progress through an effect reference.
  @Test func trimReadsTheEffect() throws {
    let document = Self.document(vertices: [(10, 50), (90, 50)])
    let text = String(decoding: document, as: UTF8.self).replacingOccurrences(
      of: #"{"ty":"tr","p""#,
      with:
        #"{"ty":"tm","s":{"a":0,"k":0,"x":"var $bm_rt;\n$bm_rt = thisComp.layer('dot').effect('Trace Path')('Progress');"},"e":{"a":0,"k":100},"o":{"a":0,"k":0},"m":1},{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4}},{"ty":"tr","p""#
    )
    let (frame, imported) = try Self.render(Array(text.utf8), frame: 30)
    #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    // Trimmed from 50 %: the blue stroke is gone left of x = 50, still there right of the dot.
    #expect(frame.rgba(x: 30, y: 50).a == 0)
    #expect(frame.rgba(x: 75, y: 50).b == 255)
  }

  /// A path that moves is not traced: the expression is warned about.
  @Test func movingPathIsNotTraced() throws {
    let document = String(decoding: Self.document(vertices: [(10, 50), (90, 50)]), as: UTF8.self)
      .replacingOccurrences(
        of: #""ks":{"a":0,"k":{"v""#, with: #""ks":{"a":0,"x":"var $bm_rt;\n$bm_rt = value;","k":{"v""#)
    let imported = try LottieImporter().read(Array(document.utf8))
    #expect(
      imported.warnings.contains { $0.contains("layer 'dot'") && $0.contains("not evaluated") }, "\(imported.warnings)")
  }

  /// Nested calls are followed 32 deep, not to the stack's end: deeper, the expression is not
  /// evaluated, and said so.
  @Test(arguments: [(10, false), (31, false), (40, true), (5_000, true)])
  func deepNestingIsRefused(depth: Int, warned: Bool) throws {
    let deep =
      String(repeating: "div(", count: depth) + "thisComp.layer('dot').transform.position"
      + String(repeating: ", 1)", count: depth)
    let follower =
      ##"{"ty":1,"nm":"follower","ind":3,"sc":"#0000ff","sw":10,"sh":10,"ip":0,"op":120,"st":0,"ks":{"a":{"a":0,"k":[5,5]},"p":{"a":0,"k":[-50,-50],"x":"var $bm_rt;\n$bm_rt = \##(deep);"}}},"##
    let imported = try LottieImporter().read(Self.document(vertices: [(10, 50), (90, 50)], topLayers: follower))
    #expect(imported.warnings.contains { $0.contains("'follower'") } == warned, "\(imported.warnings)")
  }

  /// "Points Follow Nulls" as the panel writes it, for two vertices.
  static let follow =
    #"var $bm_rt;\nvar nullLayerNames = [\n    'Shape Layer 1: Path 1 [1.1.0]',\n    'Shape Layer 1: Path 1 [1.1.1]'\n];\nvar origPath = thisProperty;\nvar origPoints = origPath.points();\nvar origInTang = origPath.inTangents();\nvar origOutTang = origPath.outTangents();\nvar getNullLayers = [];\nfor (var i = 0; i < nullLayerNames.length; i++) {\n    try {\n        getNullLayers.push(effect(nullLayerNames[i])('ADBE Layer Control-0001'));\n    } catch (err) {\n        getNullLayers.push(null);\n    }\n}\nfor (var i = 0; i < getNullLayers.length; i++) {\n    if (getNullLayers[i] != null && getNullLayers[i].index != thisLayer.index) {\n        origPoints[i] = fromCompToSurface(getNullLayers[i].toComp(getNullLayers[i].anchorPoint));\n    }\n}\n$bm_rt = createPath(origPoints, origInTang, origOutTang, origPath.isClosed());"#

  /// A red horizontal stroke from (10, 50) whose second vertex follows null 2, which moves from
  /// (50, 0) to (90, 0) over frames 0…60 under a parent null 3 at (0, 50); the path's layer is
  /// moved by `pathKS`, which the vertex undoes (`fromCompToSurface`).
  static func followDocument(pathKS: String, follows: Int = 2) -> [UInt8] {
    let control = { (name: String, index: Int) in
      #"{"ty":5,"nm":"\#(name)","mn":"ADBE Layer Control","ef":[{"ty":10,"nm":"Layer","mn":"ADBE Layer Control-0001","v":{"a":0,"k":\#(index)}}]}"#
    }
    let shape =
      #"{"ty":4,"nm":"Shape Layer 1","ind":1,"ip":0,"op":120,"st":0,"ks":\#(pathKS),"ef":[\#(control("Shape Layer 1: Path 1 [1.1.0]", 1)),\#(control("Shape Layer 1: Path 1 [1.1.1]", follows))],"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"v":[[0,50],[40,50]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"c":false},"x":"\#(follow)"}},{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1},{"ty":"tr"}]}]}"#
    let null =
      #"{"ty":3,"nm":"Shape Layer 1: Path 1 [1.1.1]","ind":2,"parent":3,"ip":0,"op":120,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[50,0],"i":{"x":1,"y":1},"o":{"x":0,"y":0}},{"t":60,"s":[90,0]}]}}}"#
    let parent = #"{"ty":3,"nm":"parent","ind":3,"ip":0,"op":120,"st":0,"ks":{"p":{"a":0,"k":[0,50]}}}"#
    return LottieImportTests.document("[\(shape),\(null),\(parent)]")
  }

  /// The rightmost column holding red ink on row 50.
  static func rightEnd(_ frame: Frame) -> Int? {
    (0..<frame.width).last { frame.rgba(x: $0, y: 50).a > 128 && frame.rgba(x: $0, y: 50).r > 128 }
  }

  @Test(arguments: [
    (#"{"p":{"a":0,"k":[10,0]}}"#, 0.0, 49), (#"{"p":{"a":0,"k":[10,0]}}"#, 30, 69),
    (#"{"p":{"a":0,"k":[10,0]}}"#, 60, 89),
    (#"{"p":{"a":0,"k":[10,0]}}"#, 90, 89),
    (#"{"a":{"a":0,"k":[0,50]},"p":{"a":0,"k":[10,50]},"s":{"a":0,"k":[50,50]}}"#, 30, 69),
  ])
  func pointsFollowNulls(pathKS: String, frame: Double, right: Int) throws {
    let (rendered, imported) = try Self.render(Self.followDocument(pathKS: pathKS), frame: frame)
    #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    let end = Self.rightEnd(rendered)
    #expect(end.map { abs($0 - right) <= 1 } == true, "\(String(describing: end))")
  }

  /// A control that names the path's own layer leaves its vertex where the path has it.
  @Test func aVertexNamingItsOwnLayerStays() throws {
    let (rendered, _) = try Self.render(Self.followDocument(pathKS: "{}", follows: 1), frame: 30)
    let end = Self.rightEnd(rendered)
    #expect(end.map { abs($0 - 39) <= 1 } == true, "\(String(describing: end))")
  }

  /// Trace Path along a path whose vertices follow nulls, with the rig's rotation along the tangent:
  /// a red 20 × 4 bar (layer 1) traced over frames 0…60 along layer 'bar', from its fixed vertex
  /// (50, 10) to its second vertex, which null 2 (at (50, −20) → (50, 40) under null 3 at (0, 50))
  /// moves from (50, 30) to (50, 90) in the composition.
  static func movingTraceDocument() -> [UInt8] {
    let rotation =
      #"var $bm_rt;\nvar pathToTrace = thisComp.layer('bar')('ADBE Root Vectors Group')(1)('ADBE Vectors Group')(1)('ADBE Vector Shape');\nvar progress = div(thisLayer.effect('Pseudo/ADBE Trace Path')('Pseudo/ADBE Trace Path-0001'), 100);\nvar pathTan = pathToTrace.tangentOnPath(progress);\n$bm_rt = radiansToDegrees(Math.atan2(pathTan[1], pathTan[0]));"#
    let effect =
      #"{"ty":5,"nm":"Trace Path","mn":"Pseudo/ADBE Trace Path","ef":[{"ty":0,"nm":"Progress","mn":"Pseudo/ADBE Trace Path-0001","v":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":60,"s":[100]}]}}]}"#
    let dot =
      ##"{"ty":1,"nm":"dot","ind":1,"sc":"#ff0000","sw":20,"sh":4,"ip":0,"op":120,"st":0,"ks":{"a":{"a":0,"k":[10,2]},"p":{"a":0,"k":[0,0],"x":"\##(trace)"},"r":{"a":0,"k":0,"x":"\##(rotation)"}},"ef":[\##(effect)]}"##
    let control = { (name: String, index: Int) in
      #"{"ty":5,"nm":"\#(name)","mn":"ADBE Layer Control","ef":[{"ty":10,"nm":"Layer","mn":"ADBE Layer Control-0001","v":{"a":0,"k":\#(index)}}]}"#
    }
    let bar =
      #"{"ty":4,"nm":"bar","ind":4,"ip":0,"op":120,"st":0,"ks":{},"ef":[\#(control("Shape Layer 1: Path 1 [1.1.0]", 4)),\#(control("Shape Layer 1: Path 1 [1.1.1]", 2))],"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"v":[[50,10],[50,20]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"c":false},"x":"\#(follow)"}},{"ty":"tr"}]}]}"#
    let null =
      #"{"ty":3,"nm":"n","ind":2,"parent":3,"ip":0,"op":120,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[50,-20],"i":{"x":1,"y":1},"o":{"x":0,"y":0}},{"t":60,"s":[50,40]}]}}}"#
    let parent = #"{"ty":3,"nm":"parent","ind":3,"ip":0,"op":120,"st":0,"ks":{"p":{"a":0,"k":[0,50]}}}"#
    return LottieImportTests.document("[\(dot),\(null),\(parent),\(bar)]")
  }

  /// The box of the red pixels: its centre and size.
  static func redBox(_ frame: Frame) -> (x: Double, y: Double, width: Int, height: Int)? {
    var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
    for y in 0..<frame.height {
      for x in 0..<frame.width where frame.rgba(x: x, y: y).a >= 128 && frame.rgba(x: x, y: y).r > 128 {
        (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
      }
    }
    guard maxX >= minX else { return nil }
    return (Double(minX + maxX + 1) / 2, Double(minY + maxY + 1) / 2, maxX - minX + 1, maxY - minY + 1)
  }

  /// Frame 30: the path runs from (50, 10) to (50, 60); half way is (50, 35), heading down (90°),
  /// so the bar stands upright there. Frame 60: at the path's end, (50, 90); frame 0 at its start.
  @Test(arguments: [(30.0, 50.0, 35.0), (60, 50, 90), (0, 50, 10)])
  func traceAlongAPathThatMoves(frame: Double, x: Double, y: Double) throws {
    let (rendered, imported) = try Self.render(Self.movingTraceDocument(), frame: frame)
    #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    let box = Self.redBox(rendered)
    #expect(box.map { abs($0.x - x) <= 1 && abs($0.y - y) <= 1 } == true, "\(String(describing: box))")
    #expect(box.map { $0.width == 4 && $0.height == 20 } == true, "\(String(describing: box))")
  }
}
