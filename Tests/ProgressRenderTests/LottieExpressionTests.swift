import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster

/// The After Effects expressions the importer evaluates (`LottieExpression`), each checked against
/// the value lottie-web 5.13 computes at chosen frames, and the ones it does not evaluate still
/// warned about.
@Suite struct LottieExpressionTests {
  /// One expression on a layer's rotation, and the rotation it gives at a frame (60 fps).
  struct Case: Sendable, CustomTestStringConvertible {
    /// The property's `x`.
    var expression: String
    /// The rotation's keyframes, or a constant.
    var keys = LottieExpressionTests.zigzag
    /// The frame.
    var frame: Double
    /// The rotation then, in degrees.
    var degrees: Double
    var testDescription: String { "\(expression) at frame \(frame) → \(degrees)°" }
  }

  /// Linear keys: 0° at frame 0, 100° at frame 10, 40° at frame 20.
  static let zigzag = #"[{"t":0,"s":[0]},{"t":10,"s":[100]},{"t":20,"s":[40]}]"#
  /// Linear keys: −50° at frame 0 to 150° at frame 20.
  static let ramp = #"[{"t":0,"s":[-50]},{"t":20,"s":[150]}]"#

  static let cases: [Case] = [
    // Before and at the last key the keys play as they are.
    Case(expression: "loopOut('cycle')", frame: 5, degrees: 50),
    Case(expression: "loopOut('cycle')", frame: 20, degrees: 40),
    // cycle: frame 25 shows frame 5, 30 frame 10, 55 frame 15.
    Case(expression: "loopOut('cycle')", frame: 25, degrees: 50),
    Case(expression: "loopOut('cycle')", frame: 30, degrees: 100),
    Case(expression: "loopOut('cycle')", frame: 55, degrees: 70),
    Case(expression: "loopOut()", frame: 25, degrees: 50),
    Case(expression: "var $bm_rt;\n$bm_rt = loopOut( \"cycle\" , 0 );", frame: 25, degrees: 50),
    Case(expression: "loopOut('cycle', 7)", frame: 25, degrees: 50),
    Case(
      expression:
        "var $bm_rt; if (thisProperty.numKeys > 1) { $bm_rt = thisProperty.loopOut('cycle'); } else { $bm_rt = value; }",
      frame: 25, degrees: 50),
    // cycle over the last key only: frames 10…20 again, so 25 shows 15.
    Case(expression: "loopOut('cycle', 1)", frame: 15, degrees: 70),
    Case(expression: "loopOut('cycle', 1)", frame: 25, degrees: 70),
    Case(expression: "loopOut('cycle', 1)", frame: 32, degrees: 88),
    // pingpong: back from frame 20 to 0, then forward again.
    Case(expression: "loopOut('pingpong')", frame: 25, degrees: 70),
    Case(expression: "loopOut('PingPong')", frame: 38, degrees: 20),
    Case(expression: "loopOut('pingpong')", frame: 45, degrees: 50),
    Case(expression: "loopOut('pingpong', 1)", frame: 28, degrees: 88),
    // offset: each pass moved on by 40° (the last key minus the first).
    Case(expression: "loopOut('offset')", frame: 25, degrees: 90),
    Case(expression: "loopOut('offset')", frame: 45, degrees: 130),
    Case(expression: "loopOut('offset', 1)", frame: 25, degrees: 10),
    // continue: −6° a frame, the speed into the last key.
    Case(expression: "loopOut('continue')", frame: 25, degrees: 10),
    Case(expression: "loopOut('continue')", frame: 30, degrees: -20),
    // clamp: the keyed value limited, the bounds in either order, a constant too.
    Case(expression: "clamp(value, 0, 100);", keys: ramp, frame: 2, degrees: 0),
    Case(expression: "clamp(value, 0, 100);", keys: ramp, frame: 10, degrees: 50),
    Case(expression: "clamp(value, 100, 0)", keys: ramp, frame: 18, degrees: 100),
    Case(expression: "clamp(value, -20, -10)", keys: "150", frame: 18, degrees: -10),
  ]

  /// The rotation's value at a frame, in degrees, with the warnings.
  static func rotation(_ keys: String, _ expression: String, frame: Double) throws -> (Double, [String]) {
    let animated = keys.hasPrefix("[") ? 1 : 0
    let json = try String(decoding: JSONEncoder().encode(expression), as: UTF8.self)
    let layer =
      #"{"ty":3,"nm":"null","ind":1,"ip":0,"op":60,"st":0,"ks":{"r":{"a":\#(animated),"k":\#(keys),"x":\#(json)}}}"#
    let imported = try LottieImporter().read(LottieImportTests.document("[\(layer)]"))
    let composition = imported.composition
    guard case .group(let root) = composition.nodes[0], case .group(let group) = root.children[0] else {
      Issue.record("no layer group")
      return (.nan, imported.warnings)
    }
    let values = composition.values(at: frame / 60)
    return (group.transform.rotation.value(in: values) * 180 / .pi, imported.warnings)
  }

  @Test(arguments: cases)
  func rotation(_ test: Case) throws {
    let (degrees, warnings) = try Self.rotation(test.keys, test.expression, frame: test.frame)
    #expect(abs(degrees - test.degrees) < 0.05)
    #expect(warnings.isEmpty)
  }

  /// Expressions outside the recognised forms keep the keyframed value and warn.
  @Test(arguments: [
    "time * 10", "loopIn('cycle')", "loopOut('cycle', -1)", "loopOut('cycle', 1.5)", "loopOut('bounce')",
    "loopOutDuration('cycle', 1)", "clamp(value, 0)", "clamp(time, 0, 100)", "wiggle(2, 10)",
    "loopOut('cycle') + 1", "if (thisProperty.numKeys > 1) { $bm_rt = time; } else { $bm_rt = value; }",
    "'unclosed", String(repeating: "loopOut('cycle');", count: 500),
  ])
  func unrecognised(_ expression: String) throws {
    let (degrees, warnings) = try Self.rotation(Self.zigzag, expression, frame: 25)
    #expect(abs(degrees - 40) < 1e-9)
    #expect(warnings == ["layer 'null': expressions (layers[0].ks.r.x) are not evaluated; the keyframed value is used"])
  }

  /// Loops of extreme keys (values near the largest double, keys a millionth of a frame apart) stay
  /// finite far past the last key.
  @Test(arguments: ["loopOut('offset')", "loopOut('continue')", "loopOut('cycle', 1)", "loopOut('pingpong')"])
  func extremeLoops(_ expression: String) throws {
    let keys = #"[{"t":0,"s":[-1e300]},{"t":0.000001,"s":[1e300]},{"t":0.000002,"s":[0]}]"#
    for frame in [0.0000015, 30, 6e7] {
      let (degrees, warnings) = try Self.rotation(keys, expression, frame: frame)
      #expect(degrees.isFinite)
      #expect(warnings.isEmpty)
    }
  }

  /// A two-dimensional `continue` goes on at lottie-web's rate for arrays: the change over the
  /// last thousandth of a frame per half a millisecond, not per thousandth of a frame.
  @Test func continueInTwoDimensions() throws {
    let position = #"{"a":1,"k":[{"t":0,"s":[0,0]},{"t":20,"s":[60,30]}],"x":"loopOut('continue')"}"#
    let layer = #"{"ty":3,"nm":"null","ind":1,"ip":0,"op":60,"st":0,"ks":{"p":\#(position)}}"#
    let imported = try LottieImporter().read(LottieImportTests.document("[\(layer)]"))
    guard case .group(let root) = imported.composition.nodes[0], case .group(let group) = root.children[0] else {
      Issue.record("no layer group")
      return
    }
    let point = group.transform.position.value(in: imported.composition.values(at: 30.0 / 60))
    #expect(abs(point.x - 61) < 1e-3)
    #expect(abs(point.y - 30.5) < 1e-3)
    #expect(imported.warnings.isEmpty)
  }

  /// A solid moving right 3 px a frame to x 60 at frame 20, under `loopOut('pingpong')`, is
  /// painted back at x 30 at frame 30.
  @Test func pingpongPainted() throws {
    let moving = #"{"p":{"a":1,"k":[{"t":0,"s":[0,40]},{"t":20,"s":[60,40]}],"x":"loopOut('pingpong')"}}"#
    let solid = LottieRenderTests.solid("#ff0000", 20, 20, ks: moving, extra: #","ip":0,"op":60,"st":0"#)
    let imported = try LottieImporter().read(LottieImportTests.document("[\(solid)]"))
    #expect(imported.warnings.isEmpty)
    let renderer = try CompositionRenderer(
      composition: imported.composition,
      settings: PaintSettings(pixelSize: 100, scale: 1, edgeLevels: 256, background: .clear))
    let frame = try renderer.frame(at: 30.0 / 60)
    #expect(LottieRenderTests.rgba(frame, 40, 50) == LottieRenderTests.red)
    #expect(LottieRenderTests.rgba(frame, 25, 50) == LottieRenderTests.clear)
    #expect(LottieRenderTests.rgba(frame, 55, 50) == LottieRenderTests.clear)
  }

  /// A keyed path (a square growing from 10 to 50 px wide over 20 frames) cycles under `loopOut`;
  /// `offset` cannot move a path on, and warns.
  @Test(arguments: [("loopOut('cycle')", true), ("loopOut('offset')", false)])
  func pathLoop(_ expression: String, _ evaluated: Bool) throws {
    func square(_ side: Int) -> String {
      #"{"c":true,"v":[[0,0],[\#(side),0],[\#(side),\#(side)],[0,\#(side)]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}"#
    }
    let keys = #"[{"t":0,"s":[\#(square(10))]},{"t":20,"s":[\#(square(50))]}]"#
    let path = #"{"ty":"sh","nm":"path","ks":{"a":1,"k":\#(keys),"x":"\#(expression)"}}"#
    let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
    let layer = LottieImportTests.shapeLayer("[\(path),\(fill)]")
    let imported = try LottieImporter().read(LottieImportTests.document("[\(layer)]"))
    #expect(imported.warnings.isEmpty == evaluated)
    let renderer = try CompositionRenderer(
      composition: imported.composition,
      settings: PaintSettings(pixelSize: 100, scale: 1, edgeLevels: 256, background: .clear))
    // Frame 30 shows frame 10 (30 px) when cycling, the last key (50 px) otherwise.
    let frame = try renderer.frame(at: 30.0 / 60)
    #expect(LottieRenderTests.rgba(frame, 25, 5) == LottieRenderTests.red)
    #expect((LottieRenderTests.rgba(frame, 40, 5) == LottieRenderTests.clear) == evaluated)
  }

  /// A reference on a layer's rotation, and what it reads at frame 10 (the lead layer turns from 0°
  /// to 90° over 20 frames; the layer's own value is a constant 7°).
  struct Reference: Sendable, CustomTestStringConvertible {
    /// The second layer's rotation expression.
    var expression: String
    /// Its rotation at frame 10, in degrees.
    var degrees: Double
    /// Whether the import warns that the expression is not evaluated.
    var warns = false
    var testDescription: String { "\(expression) → \(degrees)°\(warns ? ", warned" : "")" }
  }

  static let references: [Reference] = [
    Reference(expression: "thisComp.layer('lead').transform.rotation", degrees: 45),
    Reference(expression: "var $bm_rt;\n$bm_rt = thisComp.layer(\"lead\").transform.rotation;", degrees: 45),
    Reference(expression: "thisComp.layer('lead').rotation", degrees: 45),
    // A reference to the lead layer, which itself loops.
    Reference(expression: "thisComp.layer('looping').transform.rotation", degrees: 45),
    // Itself: its own value.
    Reference(expression: "transform.rotation", degrees: 7),
    Reference(expression: "thisLayer.transform.rotation", degrees: 7),
    // What cannot be resolved keeps the keyed value and warns.
    Reference(expression: "thisComp.layer('missing').transform.rotation", degrees: 7, warns: true),
    Reference(expression: "thisComp.layer('lead').transform.position", degrees: 7, warns: true),
    Reference(expression: "comp('other').layer('lead').transform.rotation", degrees: 7, warns: true),
    Reference(expression: "thisComp.layer('lead').transform.rotation.value", degrees: 7, warns: true),
    // Two layers naming each other: followed a few times, then warned.
    Reference(expression: "thisComp.layer('echo').transform.rotation", degrees: 7, warns: true),
  ]

  @Test(arguments: references)
  func reference(_ test: Reference) throws {
    let json = try String(decoding: JSONEncoder().encode(test.expression), as: UTF8.self)
    let turning = #"{"a":1,"k":[{"t":0,"s":[0]},{"t":20,"s":[90]}]}"#
    let lead = #"{"ty":3,"nm":"lead","ind":1,"ks":{"r":\#(turning)}}"#
    let looping =
      #"{"ty":3,"nm":"looping","ind":3,"ks":{"r":{"a":1,"k":[{"t":0,"s":[0]},{"t":20,"s":[90]}],"x":"loopOut()"}}}"#
    let echo = #"{"ty":3,"nm":"echo","ind":4,"ks":{"r":{"a":0,"k":3,"x":"thisComp.layer('copy').transform.rotation"}}}"#
    let copy = #"{"ty":3,"nm":"copy","ind":2,"ks":{"r":{"a":0,"k":7,"x":\#(json)}}}"#
    let imported = try LottieImporter().read(LottieImportTests.document("[\(copy),\(lead),\(looping),\(echo)]"))
    guard case .group(let root) = imported.composition.nodes[0], case .group(let group) = root.children.last else {
      Issue.record("no layer group")
      return
    }
    #expect(group.name == "copy")
    let values = imported.composition.values(at: 10.0 / 60)
    // (A loop plays a thousandth of a frame late: 0.0045° here.)
    #expect(abs(group.transform.rotation.value(in: values) * 180 / .pi - test.degrees) < 0.01)
    #expect(imported.warnings.contains { $0.contains("layers[0].ks.r.x") } == test.warns)
  }

  /// A group's path and rotation copied from another group of the layer (hidden, as After Effects
  /// rigs keep it): the copy paints the referenced square, 30 px, not its own 10 px one.
  @Test func pathReference() throws {
    func square(_ side: Int) -> String {
      #"{"c":true,"v":[[0,0],[\#(side),0],[\#(side),\#(side)],[0,\#(side)]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}"#
    }
    let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
    func transform(_ rotation: String) -> String {
      #"{"ty":"tr","p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[15,15]},"s":{"a":0,"k":[100,100]},"r":\#(rotation),"o":{"a":0,"k":100}}"#
    }
    let source =
      #"{"ty":"gr","nm":"Shape 1","hd":true,"it":[{"ty":"sh","nm":"Path 1","ks":{"a":0,"k":\#(square(30))}},\#(fill),\#(transform(#"{"a":0,"k":0}"#))]}"#
    let path =
      #"{"ty":"sh","nm":"Path 1","ks":{"a":0,"k":\#(square(10)),"x":"content('Shape 1').content('Path 1').path"}}"#
    let rotation = #"{"a":0,"k":45,"x":"var $bm_rt;\n$bm_rt = content('Shape 1').transform.rotation;"}"#
    let copy = #"{"ty":"gr","nm":"Shape 2","it":[\#(path),\#(fill),\#(transform(rotation))]}"#
    let imported = try LottieImporter().read(
      LottieImportTests.document("[\(LottieImportTests.shapeLayer("[\(copy),\(source)]"))]"))
    #expect(imported.warnings.isEmpty)
    let renderer = try CompositionRenderer(
      composition: imported.composition,
      settings: PaintSettings(pixelSize: 100, scale: 1, edgeLevels: 256, background: .clear))
    let frame = try renderer.frame(at: 0)
    // Unturned, the 30 px square spans 35…65 on both axes.
    #expect(LottieRenderTests.rgba(frame, 37, 37) == LottieRenderTests.red)
    #expect(LottieRenderTests.rgba(frame, 63, 63) == LottieRenderTests.red)
    #expect(LottieRenderTests.rgba(frame, 33, 50) == LottieRenderTests.clear)
  }

  /// The overshoot template's slider form on a rotation keyed from 0° at frame 0 to −90° at frame
  /// 17 (30 fps), with sliders 10, 30 and 126 (its `clamp(value, 0, 100)` not applied, as lottie-web
  /// reads it); `declared` lists the variables after `var`.
  static func sliderOvershoot(declared: String) -> String {
    func slider(_ name: String, _ value: Int, clamped: Bool) -> String {
      let x = clamped ? #","x":"var $bm_rt;\n$bm_rt = clamp(value, 0, 100);""# : ""
      return #"{"ty":5,"nm":"Rotation - \#(name)","mn":"ADBE Slider Control","ef":[{"ty":0,"nm":"Slider","#
        + #""mn":"ADBE Slider Control-0001","v":{"a":0,"k":\#(value)\#(x)}}]}"#
    }
    let effects = [
      slider("Overshoot", 10, clamped: true), slider("Bounce", 30, clamped: false),
      slider("Friction", 126, clamped: true),
    ]
    let expression = """
      var $bm_rt;
      var \(declared);
      try {
          amp = div(effect('Rotation - Overshoot')('ADBE Slider Control-0001'), 2.5), freq = div(effect('Rotation - Bounce')('ADBE Slider Control-0001'), 20), decay = div(effect('Rotation - Friction')('ADBE Slider Control-0001'), 20), n = 0, 0 < numKeys && (n = nearestKey(time).index, key(n).time > time && n--), t = 0 === n ? 0 : time - key(n).time, $bm_rt = 0 < n ? (v = velocityAtTime(sub(key(n).time, div(thisComp.frameDuration, 10))), sum(value, div(mul(mul(div(v, 100), amp), Math.sin(mul(mul(mul(freq, t), 2), Math.PI))), Math.exp(mul(decay, t))))) : value;
      } catch (e$$4) {
          $bm_rt = value = value;
      }
      """
    let x = String(decoding: (try? JSONEncoder().encode(expression)) ?? Data(), as: UTF8.self)
    let keys = #"[{"i":{"x":[0.833],"y":[0.833]},"o":{"x":[0.45],"y":[0]},"t":0,"s":[0],"e":[-90]},{"t":17}]"#
    return #"{"ty":3,"nm":"null","ind":1,"ip":0,"op":60,"st":0,"ef":[\#(effects.joined(separator: ","))],"#
      + #""ks":{"r":{"a":1,"k":\#(keys),"x":\#(x)}}}"#
  }

  /// The template's constant form with its 2 s limit on a position moving down 125 px from frame 9
  /// to 14 along straight tangents (30 fps).
  static let limitedOvershoot: String = {
    let expression = """
      var $bm_rt;
      var amp, freq, decay, n, time_max, n, t, t, v;
      amp = 0.05;
      freq = 2;
      decay = 2;
      n = 0;
      $bm_rt = time_max = 2;
      if (numKeys > 0) {
          $bm_rt = n = nearestKey(time).index;
          if (key(n).time > time) {
              n--;
          }
      }
      if (n == 0) {
          $bm_rt = t = 0;
      } else {
          $bm_rt = t = sub(time, key(n).time);
      }
      if (n > 0 && t < time_max) {
          v = velocityAtTime(sub(key(n).time, div(thisComp.frameDuration, 10)));
          $bm_rt = sum(value, div(mul(mul(v, amp), Math.sin(mul(mul(mul(freq, t), 2), Math.PI))), Math.exp(mul(decay, t))));
      } else {
          $bm_rt = value;
      }
      """
    let x = String(decoding: (try? JSONEncoder().encode(expression)) ?? Data(), as: UTF8.self)
    let keys =
      #"[{"i":{"x":0.833,"y":0.833},"o":{"x":0.167,"y":0.167},"t":9,"s":[0,0,0],"e":[0,125,0],"#
      + #""to":[0,20.8333339691162,0],"ti":[0,-20.8333339691162,0]},{"t":14}]"#
    return #"{"ty":3,"nm":"null","ind":1,"ip":0,"op":90,"st":0,"ks":{"p":{"a":1,"k":\#(keys),"x":\#(x)}}}"#
  }()

  /// The same on a curved motion from (10, 10) at frame 9 to (60, 80) at frame 24, arriving straight
  /// down: x and y are sampled every half frame, then swing.
  static let curvedOvershoot: String = limitedOvershoot.replacingOccurrences(
    of: #"{"i":{"x":0.833,"y":0.833},"o":{"x":0.167,"y":0.167},"t":9,"s":[0,0,0],"e":[0,125,0],"#
      + #""to":[0,20.8333339691162,0],"ti":[0,-20.8333339691162,0]},{"t":14}"#,
    with: #"{"i":{"x":0.833,"y":0.833},"o":{"x":0.3,"y":0},"t":9,"s":[10,10,0],"e":[60,80,0],"#
      + #""to":[30,0,0],"ti":[0,-30,0]},{"t":24}"#)

  /// An overshoot at a frame, and lottie-web 5.13's value then (read from its `finalTransform`).
  struct Overshoot: Sendable, CustomTestStringConvertible {
    /// The layer.
    var layer: String
    /// What is read: the rotation in degrees, or the position's y.
    var rotation: Bool
    /// The frame (30 fps).
    var frame: Double
    /// lottie-web's value.
    var expected: Double
    /// How far from it ours may be (a curved motion's arc length is measured differently).
    var tolerance = 1e-3
    var testDescription: String { "\(rotation ? "rotation" : "position y") at frame \(frame) → \(expected)" }
  }

  static let overshoots: [Overshoot] = {
    let swinging = sliderOvershoot(declared: "amp, freq, decay, n, t, v")
    // Without `v` declared, lottie-web's strict mode throws and the catch gives the keyed value.
    let thrown = sliderOvershoot(declared: "amp, freq, decay, n, t")
    return [
      (16, -83.532518872086), (17, -90), (18, -91.69916430154801), (20, -92.92285299684524),
      (22, -92.37380831270156), (25, -90.74311975730448), (30, -89.64207786169781), (40, -90.04382986664916),
    ].map { Overshoot(layer: swinging, rotation: true, frame: $0, expected: $1) } + [
      Overshoot(layer: thrown, rotation: true, frame: 16, expected: -83.532518872086),
      Overshoot(layer: thrown, rotation: true, frame: 20, expected: -90),
    ]
      + [
        (10, 25), (14, 125), (15, 139.26893615722656), (17, 154.19972229003906), (20, 139.77516174316406),
        (30, 130.24925231933594), (60, 125.71041107177734), (73, 124.70137786865234), (74, 125), (80, 125),
      ].map { Overshoot(layer: limitedOvershoot, rotation: false, frame: $0, expected: $1) }
      + [
        (12, 10.96869945526123), (20, 49.37690734863281), (24, 80), (26, 86.41960144042969),
        (30, 83.88903045654297), (40, 81.38167572021484), (60, 80.52632141113281),
      ].map { Overshoot(layer: curvedOvershoot, rotation: false, frame: $0, expected: $1, tolerance: 0.05) }
  }()

  @Test(arguments: overshoots)
  func overshoot(_ test: Overshoot) throws {
    let document = #"{"v":"5.7.0","fr":30,"ip":0,"op":90,"w":100,"h":100,"assets":[],"layers":[\#(test.layer)]}"#
    let imported = try LottieImporter().read(Array(document.utf8))
    #expect(!imported.warnings.contains { $0.contains("expressions") })
    guard case .group(let root) = imported.composition.nodes[0], case .group(let group) = root.children[0] else {
      Issue.record("no layer group")
      return
    }
    let values = imported.composition.values(at: test.frame / 30)
    let value =
      test.rotation
      ? group.transform.rotation.value(in: values) * 180 / .pi : group.transform.position.value(in: values).y
    #expect(abs(value - test.expected) < test.tolerance)
  }

  /// The recognised forms, token by token.
  @Test(arguments: [
    ("loopOut('cycle')", LottieExpression.loop(LottieLoop())),
    ("thisProperty.loopOut('continue', 2);", .loop(LottieLoop(.continue, keys: 2))),
    ("var $bm_rt;\n$bm_rt = loop_out('offset');", .loop(LottieLoop(.offset))),
    ("clamp(value, -5, 1e2)", .clamp(lower: -5, upper: 100)),
    ("clamp( value ,3,-3 )", .clamp(lower: -3, upper: 3)),
    (
      "thisComp.layer(\"Null 1\").transform.position",
      .reference([.member("thisComp"), .member("layer"), .call("Null 1"), .member("transform"), .member("position")])
    ),
  ])
  func parsed(_ source: String, _ expected: LottieExpression) {
    #expect(LottieExpression(source) == expected)
  }
}
