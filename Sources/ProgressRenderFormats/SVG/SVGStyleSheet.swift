import ProgressRenderSupport

/// The CSS of an animated SVG: one `@keyframes` rule per distinct animation (named `k0`, `k1`, … in
/// the order first asked for, so the same composition gives the same text), every animation as long
/// as the output, looping as the GIF does, and a reduced-motion rule that holds the last frame.
///
/// Keys are in output frames: frame f is at f ÷ frames of the way through. A key's easing to the next
/// is that keyframe's `animation-timing-function` — `cubic-bezier(…)` and `steps(n, jump-…)` as the
/// timeline has them, a hold as `steps(1, end)`, linear otherwise (the element's default).
struct SVGStyleSheet {
  /// Frames of the output.
  let frameCount: Int
  /// Output frames per second.
  let frameRate: Double
  /// Plays of the animation; `nil` or 0 for endless.
  let loopCount: Int?
  private var rules: [String] = []
  private var names: [String: String] = [:]
  /// Animations that hold each value until the next key: played with class `s` (`steps(1, end)`).
  private var stepped: Set<String> = []

  /// Creates an empty style sheet.
  init(frameCount: Int, frameRate: Double, loopCount: Int?) {
    self.frameCount = max(frameCount, 1)
    self.frameRate = frameRate > 0 ? frameRate : 1
    self.loopCount = loopCount
  }

  /// The name of an animation of one property through keys, each key's value written by `declaration`.
  /// Keys that change nothing are dropped: a repeated value after a hold, and (for keys without easing,
  /// as sampled ones are) a key within `tolerance` of the line between its neighbours.
  mutating func animation(_ keys: [LottieChannel.Key], tolerance: Double = 0, _ declaration: (Double) -> String)
    -> String
  {
    var keys = Self.simplified(keys, tolerance: tolerance)
    if let first = keys.first, first.frame > 0 {
      keys.insert(LottieChannel.Key(frame: 0, value: first.value, easing: nil, hold: keys[0].hold), at: 0)
    }
    if let last = keys.last, last.frame < Double(frameCount) {
      keys.append(LottieChannel.Key(frame: Double(frameCount), value: last.value, easing: nil, hold: false))
    }
    let holds = keys.dropLast().allSatisfy(\.hold)
    var body = ""
    for (index, key) in keys.enumerated() {
      body += Self.percent(key.frame / Double(frameCount)) + "{" + declaration(key.value)
      if !holds, index + 1 < keys.count, let timing = Self.timing(key) {
        body += ";animation-timing-function:" + timing
      }
      body += "}"
    }
    let made = name(of: body)
    if holds { stepped.insert(made) }
    return made
  }

  /// Keys without the ones that change nothing (see `animation`).
  static func simplified(_ keys: [LottieChannel.Key], tolerance: Double) -> [LottieChannel.Key] {
    guard keys.count > 2 else { return keys }
    var kept = [keys[0]]
    var index = 1
    while index < keys.count - 1 {
      let previous = kept[kept.count - 1]
      let key = keys[index]
      if previous.hold, key.value == previous.value, key.hold || index + 1 == keys.count {
        index += 1
        continue
      }
      // The longest run of plain keys after `previous` that a straight line covers within tolerance.
      if tolerance > 0, previous.easing == nil, !previous.hold, key.easing == nil, !key.hold {
        var end = index + 1
        while end < keys.count, keys[end - 1].easing == nil, !keys[end - 1].hold,
          Self.straight(previous, keys[index..<end], keys[end], tolerance)
        {
          end += 1
        }
        if end - 1 > index {
          index = end - 1
          continue
        }
      }
      kept.append(key)
      index += 1
    }
    kept.append(keys[keys.count - 1])
    return kept
  }

  private static func straight(
    _ from: LottieChannel.Key, _ between: ArraySlice<LottieChannel.Key>, _ to: LottieChannel.Key, _ tolerance: Double
  ) -> Bool {
    let span = to.frame - from.frame
    guard span > 0 else { return false }
    return between.allSatisfy { key in
      let line = from.value + (to.value - from.value) * (key.frame - from.frame) / span
      return abs(line - key.value) <= tolerance
    }
  }

  /// The attributes that play animations on an element: their names, and class `s` when they hold.
  func attributes(_ played: [String]) -> String {
    guard !played.isEmpty else { return "" }
    let holds = played.allSatisfy { stepped.contains($0) }
    return (holds ? " class=\"s\"" : "") + " style=\"animation-name:" + played.joined(separator: ",") + "\""
  }

  /// The name of an animation that steps through one declaration per frame (runs of equal ones merged).
  mutating func steps(_ declarations: [String]) -> String {
    var body = ""
    var previous: String?
    for (frame, declaration) in declarations.enumerated() where declaration != previous {
      body += Self.percent(Double(frame) / Double(frameCount)) + "{" + declaration + "}"
      previous = declaration
    }
    let made = name(of: body + "to{" + (declarations.last ?? "") + "}")
    stepped.insert(made)
    return made
  }

  private mutating func name(of body: String) -> String {
    if let kept = names[body] { return kept }
    let made = "k\(names.count)"
    names[body] = made
    rules.append("@keyframes \(made){\(body)}")
    return made
  }

  /// The name of an animation that shows an element (class `t`: hidden, stepping) at the given frames.
  mutating func shown(_ frames: [Int]) -> String {
    var body = ""
    var previous = -2
    for frame in frames.sorted() {
      if frame != previous + 1 {
        if previous >= 0 { body += Self.percent(Double(previous + 1) / Double(frameCount)) + "{opacity:0}" }
        body += Self.percent(Double(frame) / Double(frameCount)) + "{opacity:1}"
      }
      previous = frame
    }
    if previous >= 0, previous + 1 < frameCount {
      body += Self.percent(Double(previous + 1) / Double(frameCount)) + "{opacity:0}"
    }
    return name(of: body)
  }

  /// Whether any animation was asked for.
  var isEmpty: Bool { rules.isEmpty }

  /// The `<style>` text: defaults for every element, the stepping class `s`, the keyframes, the
  /// reduced-motion rule.
  var text: String {
    guard !rules.isEmpty else { return "" }
    let duration = SVGNumber.text(Double(frameCount) / frameRate, places: 4) + "s"
    let count = (loopCount ?? 0) > 0 ? String(loopCount ?? 1) : "infinite"
    let last = SVGNumber.text(Double(frameCount - 1) / frameRate, places: 4)
    return "*{animation:\(duration) linear \(count) both}.s,.t{animation-timing-function:steps(1,end)}.t{opacity:0}"
      + rules.joined()
      + "@media (prefers-reduced-motion:reduce){*{animation-delay:-\(last)s!important;"
      + "animation-play-state:paused!important}}"
  }

  /// A keyframe selector: `0%`, `37.5%`.
  static func percent(_ fraction: Double) -> String {
    SVGNumber.text(100 * min(max(fraction, 0), 1), places: 4) + "%"
  }

  /// The CSS timing function from a key to the next, or `nil` for linear.
  static func timing(_ key: LottieChannel.Key) -> String? {
    if key.hold { return "steps(1,end)" }
    switch key.easing {
    case .cubicBezier(let a, let b, let c, let d)?:
      let x1 = min(max(a, 0), 1)
      let x2 = min(max(c, 0), 1)
      return "cubic-bezier(" + [x1, b, x2, d].map { SVGNumber.text($0, places: 4) }.joined(separator: ",") + ")"
    case .steps(let count, let position)?:
      return "steps(\(count),\(position.rawValue))"
    case .linear?, nil:
      return nil
    }
  }
}

/// Numbers as an SVG writes them: rounded to a few places, shortest form, no `-0`.
enum SVGNumber {
  /// The number rounded to `places` decimals, in its shortest text.
  static func text(_ value: Double, places: Int = 2) -> String {
    guard value.isFinite else { return "0" }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return NumberText.short(rounded == 0 ? 0 : rounded)
  }
}
