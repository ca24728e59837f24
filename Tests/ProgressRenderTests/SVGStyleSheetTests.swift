import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats

/// `SVGStyleSheet` writes each repeating animation once (issue 20, "Sizes"): a cycle for its period
/// (`animation-duration`), a copy shifted in time as a delay of the same `@keyframes`.
@Suite struct SVGStyleSheetTests {
  typealias Key = LottieChannel.Key

  /// Keys one per frame of a function of the frame.
  static func sampled(_ frames: Int, _ value: (Int) -> Double) -> [Key] {
    (0..<frames).map { Key(frame: Double($0), value: value($0), easing: nil, hold: false) }
  }

  static func text(_ value: Double) -> String { "opacity:\(SVGNumber.text(value, places: 3))" }

  /// Values of a test animation one per frame: `f % 10`, a staircase of 8, `f²`, `f % 13`, and
  /// rotations of 18° and 9° a frame.
  static func value(_ kind: Int, _ f: Int) -> Double {
    switch kind {
    case 0: return Double(f % 10) / 10
    case 1: return [0, 1, 3, 1, 0, 2, 2, 1][f % 8]
    case 2: return Double(f * f)
    case 3: return Double(f % 13)
    case 4: return Double(f) * 18
    default: return Double(f) * 9
    }
  }

  @Test(arguments: [
    ("a cycle of 10 frames, 4 times", 0, nil as Double?, 10), ("a cycle of 8 frames, 5 times", 1, nil, 8),
    ("no cycle", 2, nil, 40), ("a cycle of 13 frames does not divide 40", 3, nil, 40),
    ("a turn every 20 frames", 4, 360, 20), ("half a turn every 20 frames is no cycle", 5, 360, 40),
  ])
  func periods(what: String, kind: Int, turn: Double?, period: Int) {
    let keys = Self.sampled(40) { Self.value(kind, $0) }
    #expect(SVGStyleSheet.period(of: keys, frames: 40, turn: turn, Self.text) == period, "\(what)")
  }

  /// A periodic animation is written for one period and played at its own duration; the rule for
  /// every element keeps the output's.
  @Test func aCycleIsWrittenOnceAndPlayedAtItsPeriod() {
    var sheet = SVGStyleSheet(frameCount: 40, frameRate: 20, loopCount: nil)
    let name = sheet.animation(Self.sampled(40) { Double($0 % 10) / 10 }, Self.text)
    #expect(name == "k0|10")
    let element = "<path" + sheet.attributes([name]) + "/>"
    #expect(sheet.expanded(element) == #"<path style="animation-name:k0;animation-duration:.5s"/>"#)
    #expect(sheet.text.hasPrefix("*{animation:2s linear infinite both}"))
    #expect(sheet.text.contains("@keyframes k0{0%,100%{opacity:0}10%{opacity:.1}"))
    #expect(!sheet.text.contains("100%{opacity:.9}"))
  }

  /// Keys past the output's end (a turn unrolled past it) end at the end: a straight way cut there
  /// at its value, not every later key written at 100%.
  @Test func keysPastTheEndEndAtTheEnd() {
    var sheet = SVGStyleSheet(frameCount: 40, frameRate: 20, loopCount: nil)
    let keys = [0.0, 30, 60].map { Key(frame: $0, value: $0 * 12, easing: nil, hold: false) }
    _ = sheet.animation(keys) { "transform:rotate(\(SVGNumber.text($0))deg)" }
    #expect(
      sheet.text.contains(
        "@keyframes k0{0%{transform:rotate(0deg)}75%{transform:rotate(360deg)}100%{transform:rotate(480deg)}}"))
  }

  /// With a loop count, a cycle plays as many times more often.
  @Test func aCountedLoopCountsEachCycle() {
    var sheet = SVGStyleSheet(frameCount: 40, frameRate: 20, loopCount: 3)
    let name = sheet.animation(Self.sampled(40) { Double($0 % 10) / 10 }, Self.text)
    #expect(
      sheet.expanded("<g" + sheet.attributes([name]) + ">")
        == #"<g style="animation-name:k0;animation-duration:.5s;animation-iteration-count:12">"#)
  }

  /// A spinner's spokes: one `@keyframes`, each spoke a delay; the reduced-motion rule shows each
  /// spoke as it is at the end. Not for a counted loop, where a shifted cycle would end early.
  @Test(arguments: [(nil as Int?, true), (0, true), (2, false)])
  func shiftedCopiesShareTheirKeyframes(loop: Int?, shared: Bool) {
    var sheet = SVGStyleSheet(frameCount: 24, frameRate: 24, loopCount: loop)
    let steps = [1.0, 0.8, 0.6, 0.4]
    func spoke(_ n: Int) -> [Key] {
      (0..<4).map { Key(frame: Double($0 * 6), value: steps[($0 - n + 4) % 4], easing: nil, hold: true) }
    }
    let first = sheet.animation(spoke(0), Self.text)
    let second = sheet.animation(spoke(1), Self.text)
    #expect(first == "k0")
    if shared {
      #expect(second == "k0|24|18")
      #expect(sheet.expanded(#" style="animation-name:\#(second)""#) == #" style="animation-name:k0;--d:-.75s""#)
      #expect(sheet.text.contains("animation-delay:var(--r,calc(var(--d,0s) - .9583s))!important"))
    } else {
      #expect(second == "k1")
    }
  }

  /// A dot that starts its cycle later, in a flat stretch of the first dot's: shared too.
  @Test func aCycleMayStartInsideAFlatStretch() {
    var sheet = SVGStyleSheet(frameCount: 36, frameRate: 30, loopCount: nil)
    let ease = Easing.cubicBezier(0.42, 0, 0.58, 1)
    let first = [
      Key(frame: 0, value: 0.35, easing: ease, hold: false), Key(frame: 9, value: 1, easing: ease, hold: false),
      Key(frame: 18, value: 0.35, easing: nil, hold: false),
    ]
    let later = first.map { Key(frame: $0.frame + 6, value: $0.value, easing: $0.easing, hold: false) }
    #expect(sheet.animation(first, Self.text) == "k0")
    #expect(sheet.animation(later, Self.text) == "k0|36|30")
  }

  /// An easing most keys share is the element's timing function, once, as class `e0`: a key of
  /// another timing (the linear way from 25 % to 50 %) overrides it, a flat stretch (0 % to 25 %,
  /// 87.5 % to the end) and the last key write none, and keys of the same text share one rule.
  @Test func aSharedEasingIsWrittenOnceForTheElement() {
    var sheet = SVGStyleSheet(frameCount: 40, frameRate: 20, loopCount: nil)
    let ease = Easing.cubicBezier(0.4, 0, 0.2, 1)
    let values: [(Double, Double, Easing?)] = [(0, 0, ease), (10, 0, nil), (20, 1, ease), (30, 0, ease), (35, 1, nil)]
    let keys = values.map { Key(frame: $0.0, value: $0.1, easing: $0.2, hold: false) }
    let name = sheet.animation(keys, Self.text)
    #expect(name == "k0")
    #expect(sheet.text.contains(".e0{animation-timing-function:cubic-bezier(.4,0,.2,1)}"))
    #expect(
      sheet.text.contains(
        "@keyframes k0{0%,75%{opacity:0}25%{opacity:0;animation-timing-function:linear}50%,87.5%,100%{opacity:1}}"))
    #expect(sheet.expanded("<g" + sheet.attributes([name]) + ">") == #"<g class="e0" style="animation-name:k0">"#)
    // The same keys with another easing are another animation, of another class.
    let other = sheet.animation(
      keys.map {
        Key(
          frame: $0.frame, value: $0.value, easing: $0.easing.map { _ in .cubicBezier(0.42, 0, 0.58, 1) }, hold: false)
      },
      Self.text)
    #expect(other == "k1")
    #expect(sheet.expanded("<g" + sheet.attributes([other]) + ">") == #"<g class="e1" style="animation-name:k1">"#)
  }

  /// An element playing animations of different timings lists them: an eased one beside a linear
  /// one, a held one beside an eased one (where class `s` would step them all).
  @Test func animationsOfDifferentTimingsListThem() {
    var sheet = SVGStyleSheet(frameCount: 40, frameRate: 20, loopCount: nil)
    let ease = Easing.cubicBezier(0.4, 0, 0.2, 1)
    let eased = sheet.animation(
      [0.0, 10, 20, 39].map {
        Key(frame: $0, value: $0.truncatingRemainder(dividingBy: 20), easing: ease, hold: false)
      },
      Self.text)
    let linear = sheet.animation(
      [Key(frame: 0, value: 0, easing: nil, hold: false), Key(frame: 39, value: 1, easing: nil, hold: false)], Self.text
    )
    let held = sheet.animation([0.0, 13, 26].map { Key(frame: $0, value: $0, easing: nil, hold: true) }, Self.text)
    #expect(
      sheet.expanded("<g" + SVGWriter.mergedStyles(sheet.attributes([eased]) + sheet.attributes([linear])) + ">")
        == "<g style=\"animation-name:\(eased),\(linear);animation-timing-function:cubic-bezier(.4,0,.2,1),linear\">")
    #expect(
      sheet.expanded("<g" + SVGWriter.mergedStyles(sheet.attributes([held]) + sheet.attributes([linear])) + ">")
        == "<g style=\"animation-name:\(held),\(linear);animation-timing-function:steps(1,end),linear\">")
  }

  /// A label's switches: the frames it shows at, those of one value in one rule.
  @Test func aSwitchGroupsItsKeys() {
    var sheet = SVGStyleSheet(frameCount: 10, frameRate: 10, loopCount: nil)
    _ = sheet.shown([0, 1, 4, 7])
    #expect(sheet.text.contains("@keyframes k0{0%,40%,70%{opacity:1}20%,50%,80%{opacity:0}}"))
  }

  /// Siblings painted alike share one `<g>` of paint; others keep their own.
  @Test func siblingsShareTheirPaint() {
    let paint = ##" fill="none" stroke="#8e8e93" stroke-width="5""##
    let same = (0..<3).map { "<path d=\"M\($0) 0L1 1\"" + paint + "/>" }
    let bare = (0..<3).map { "<path d=\"M\($0) 0L1 1\"/>" }
    #expect(SVGWriter.sharingPaint(same) == "<g" + paint + ">" + bare.joined() + "</g>")
    let mixed = Array(same.dropLast()) + [##"<path d="M2 0L1 1" fill="#ff0000"/>"##]
    #expect(SVGWriter.sharingPaint(mixed) == mixed.joined())
  }

  @Test(arguments: [
    ("translate(20 20)", Point(x: 20, y: 20) as Point?), ("translate(-1.5 0)", Point(x: -1.5, y: 0)),
    ("rotate(30)", nil), ("translate(1)", nil),
  ])
  func translations(text: String, point: Point?) {
    #expect(SVGWriter.translation(text) == point)
  }

  /// A straight ramp of whole turns through the output is keyed a turn apart (so one turn is
  /// written); a ramp of a fraction of turns, an eased one or one that ends early is left alone.
  struct Ramp: Sendable {
    var frames: [Double]
    var values: [Double]
    var turn: Double
    var made: [Double]
  }

  @Test(arguments: [
    Ramp(frames: [0, 120], values: [0, 524.8], turn: 131.2, made: [0, 30, 60, 90, 120]),
    Ramp(frames: [0, 60, 120], values: [0, 262.4, 524.8], turn: 131.2, made: [0, 30, 60, 90, 120]),
    Ramp(frames: [0, 120], values: [10, 370], turn: 360, made: [0, 120]),
    Ramp(frames: [0, 120], values: [0, 500], turn: 131.2, made: [0, 120]),
    Ramp(frames: [0, 60, 120], values: [0, 100, 524.8], turn: 131.2, made: [0, 60, 120]),
    Ramp(frames: [0, 100], values: [0, 524.8], turn: 131.2, made: [0, 100]),
  ])
  func rampsOfWholeTurns(ramp: Ramp) {
    let keys = zip(ramp.frames, ramp.values).map { Key(frame: $0, value: $1, easing: nil, hold: false) }
    let made = SVGStyleSheet.turnsApart(keys, frames: 120, turn: ramp.turn)
    #expect(made.map(\.frame) == ramp.made)
    #expect(made.last?.value == ramp.values.last)
  }

  /// The stepping and switching classes are written only where the document uses them.
  @Test(arguments: [
    ("<g class=\"s\" style=\"animation-name:k0\"/>", true, false),
    ("<g class=\"t\" style=\"animation-name:k0\"/>", false, true),
    ("<g style=\"animation-name:k0\"/>", false, false),
  ])
  func classesOnlyWhereUsed(body: String, stepping: Bool, switching: Bool) {
    var sheet = SVGStyleSheet(frameCount: 10, frameRate: 10, loopCount: nil)
    _ = sheet.animation(Self.sampled(10) { Double($0) }) { "opacity:\($0)" }
    let text = sheet.text(for: body)
    #expect((text.contains(".s{") || text.contains(".s,")) == stepping, "\(text)")
    #expect(text.contains(".t{") == switching, "\(text)")
  }
}
