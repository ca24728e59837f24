import ProgressRenderCore
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
  /// The `animation-timing-function` an element plays an animation with, by name, where most of its
  /// keys share one (`body`).
  private var timings: [String: String] = [:]
  /// The distinct values of `timings` in the order first made: class `e0` plays the first, and so on.
  private var easings: [String] = []
  /// The keys of each animation of an endless output by name, for `shifted(_:period:holds:)`.
  private var cycles: [(name: String, period: Int, holds: Bool, keys: [LottieChannel.Key])] = []
  /// Whether some element plays an animation shifted in time (its reduced-motion delay is its own).
  private var shiftsTime = false

  /// Creates an empty style sheet.
  init(frameCount: Int, frameRate: Double, loopCount: Int?) {
    self.frameCount = max(frameCount, 1)
    self.frameRate = frameRate > 0 ? frameRate : 1
    self.loopCount = loopCount
  }

  /// The name of an animation of one property through keys, each key's value written by `declaration`.
  /// Keys that change nothing are dropped: a repeated value after a hold, and (for keys without easing,
  /// as sampled ones are) a key within `tolerance` of the line between its neighbours.
  ///
  /// An animation that repeats within the output (a spinner's turn, an arc's cycle) is written for
  /// one period and played `frames ÷ period` times as often: the name then carries its period
  /// (`k0|40`, in frames), which `expanded(_:)` turns into the element's `animation-duration`.
  /// A rotation's keys (`turn: 360`) repeat when each period turns the same whole number of turns.
  mutating func animation(
    _ keys: [LottieChannel.Key], tolerance: Double = 0, turn: Double? = nil, _ declaration: (Double) -> String
  ) -> String {
    var keys = keys
    if let first = keys.first, first.frame > 0 {
      keys.insert(LottieChannel.Key(frame: 0, value: first.value, easing: nil, hold: keys[0].hold), at: 0)
    }
    // Keys past the output's end (a cycle unrolled beyond it) would all be written at 100%: the
    // first one ends the keys, at the end itself when the way to it is straight or held.
    if let end = keys.firstIndex(where: { $0.frame >= Double(frameCount) - Self.epsilon }) {
      keys.removeSubrange((end + 1)...)
      let (before, after) = (end > 0 ? keys[end - 1] : keys[end], keys[end])
      if end > 0, after.frame > Double(frameCount), before.easing == nil || before.easing == .linear {
        let f = (Double(frameCount) - before.frame) / (after.frame - before.frame)
        let value = before.hold ? before.value : before.value + (after.value - before.value) * f
        keys[end] = LottieChannel.Key(frame: Double(frameCount), value: value, easing: nil, hold: false)
      }
    }
    if let turn { keys = Self.turnsApart(keys, frames: frameCount, turn: turn) }
    let period = Self.period(of: keys, frames: frameCount, turn: turn, declaration)
    if period < frameCount {
      keys = keys.filter { $0.frame <= Double(period) + Self.epsilon }
    } else if let last = keys.last, last.frame < Double(frameCount) {
      keys.append(LottieChannel.Key(frame: Double(frameCount), value: last.value, easing: nil, hold: false))
    }
    keys = Self.simplified(keys, tolerance: tolerance)
    let holds = keys.dropLast().allSatisfy(\.hold)
    let (body, timing) = Self.body(keys, period: period, holds: holds, declaration)
    let identity = body + (timing.map { "|" + $0 } ?? "")
    if names[identity] == nil, let (name, shift) = shifted(keys, period: period, holds: holds, declaration) {
      shiftsTime = true
      return name + "|\(period)|\(shift)"
    }
    let made = name(of: body, identity: identity)
    if holds { stepped.insert(made) }
    if let timing {
      timings[made] = timing
      if !easings.contains(timing) { easings.append(timing) }
    }
    if endless, keys.count <= Self.maxCycleKeys { cycles.append((made, period, holds, keys)) }
    return period < frameCount ? made + "|\(period)" : made
  }

  /// Whether the output loops forever: only then is an animation shifted in time the same as another.
  private var endless: Bool { (loopCount ?? 0) == 0 }

  /// Animations of more keys are not compared for shifts (the comparison is quadratic in keys).
  private static let maxCycleKeys = 200

  /// The `@keyframes` body of keys over one period, and the timing function the element plays it
  /// with (`nil`: the default, linear or, held, class `s`).
  ///
  /// A key's timing is written only where it matters — not on the last key, nor on a key whose
  /// value the next one repeats (a flat stretch plays the same under any easing). The timing most
  /// of the other keys share, when two or more do, is the element's `animation-timing-function`,
  /// which CSS applies to every interval a keyframe does not override; a key with another timing
  /// (linear included) overrides it. Keys that land on one selector are one keyframe (the later
  /// wins, as CSS merges them), and keyframes of the same text share one rule (`0%,50%{…}`).
  /// - Complexity: O(keys).
  static func body(
    _ keys: [LottieChannel.Key], period: Int, holds: Bool, _ declaration: (Double) -> String
  ) -> (text: String, timing: String?) {
    let texts = keys.map { declaration($0.value) }
    let timings = keys.indices.map { index -> String?? in
      guard !holds, index + 1 < keys.count, texts[index] != texts[index + 1] else { return .none }
      return .some(timing(keys[index]))
    }
    // The element's timing: the most common eased one among those that matter, if two keys share it.
    var counts: [String: Int] = [:]
    var order: [String] = []
    for case .some(.some(let timing)) in timings {
      if counts[timing] == nil { order.append(timing) }
      counts[timing, default: 0] += 1
    }
    let shared = order.max { (counts[$0] ?? 0) < (counts[$1] ?? 0) }.flatMap { (counts[$0] ?? 0) >= 2 ? $0 : nil }
    var frames: [(selector: String, block: String)] = []
    for (index, key) in keys.enumerated() {
      let selector = percent(key.frame / Double(period))
      if index + 1 < keys.count, percent(keys[index + 1].frame / Double(period)) == selector { continue }
      var block = texts[index]
      if case .some(let timing) = timings[index], timing != shared {
        block += ";animation-timing-function:" + (timing ?? "linear")
      }
      frames.append((selector, block))
    }
    return (grouped(frames), shared)
  }

  /// Keyframes as CSS, those of the same block in one rule (`0%,50%{opacity:1}`), in the order each
  /// block first appears. The selectors must be distinct.
  static func grouped(_ frames: [(selector: String, block: String)]) -> String {
    var selectors: [String: [String]] = [:]
    var order: [String] = []
    for (selector, block) in frames {
      if selectors[block] == nil { order.append(block) }
      selectors[block, default: []].append(selector)
    }
    return order.map { (selectors[$0] ?? []).joined(separator: ",") + "{" + $0 + "}" }.joined()
  }

  /// An earlier animation of the same period that these keys play `shift` frames later in its cycle
  /// — the spokes of a spinner, the dots of a loader: one `@keyframes` and a delay each — or `nil`.
  /// Only for an endless output, where a cycle has no first play. The cycle may start anew at one of
  /// its keys or inside a flat stretch (a value held, or two equal keys), which gains a key there.
  /// - Complexity: O(earlier animations of this period × period × keys).
  private func shifted(
    _ keys: [LottieChannel.Key], period: Int, holds: Bool, _ declaration: (Double) -> String
  ) -> (name: String, shift: Int)? {
    guard endless, keys.count >= 3, keys.count <= Self.maxCycleKeys, period <= Self.maxCycleFrames else { return nil }
    let body = Self.body(keys, period: period, holds: holds, declaration)
    let length = Double(period)
    for cycle in cycles where cycle.period == period && cycle.holds == holds && abs(cycle.keys.count - keys.count) <= 1
    {
      let earlier = cycle.keys
      let texts = earlier.map { declaration($0.value) }
      // A cycle that jumps where it wraps plays the jump elsewhere when shifted: only held values
      // (whose last key is never shown) or a seamless cycle.
      guard holds || texts[0] == texts[earlier.count - 1] else { continue }
      var segment = 0
      for shift in 1..<period {
        let at = Double(shift)
        while segment + 1 < earlier.count - 1, earlier[segment + 1].frame <= at + Self.epsilon { segment += 1 }
        let onKey = abs(earlier[segment].frame - at) < Self.epsilon
        guard onKey || earlier[segment].hold || texts[segment] == texts[segment + 1] else { continue }
        // The cycle from `at`: a key there (split off a flat stretch), the keys after it, then those
        // before it one period later, and the end: the value held last, or (seamless) the value at `at`.
        let first = onKey ? segment : segment + 1
        var rotated: [LottieChannel.Key] = []
        if !onKey {
          let flat = earlier[segment]
          rotated.append(LottieChannel.Key(frame: 0, value: flat.value, easing: nil, hold: flat.hold))
        }
        rotated += earlier[first..<(earlier.count - 1)].map { key in
          LottieChannel.Key(frame: key.frame - at, value: key.value, easing: key.easing, hold: key.hold)
        }
        rotated += earlier[0..<first].map { key in
          LottieChannel.Key(frame: key.frame + length - at, value: key.value, easing: key.easing, hold: key.hold)
        }
        let end = holds ? rotated[rotated.count - 1].value : earlier[segment].value
        rotated.append(LottieChannel.Key(frame: length, value: end, easing: nil, hold: false))
        if Self.body(rotated, period: period, holds: holds, declaration) == body { return (cycle.name, shift) }
      }
    }
    return nil
  }

  /// Periods of more frames are not searched for shifts.
  private static let maxCycleFrames = 2000

  /// Frames closer than this are one frame.
  private static let epsilon = 1e-6

  /// The shortest whole number of frames `p` dividing `frames` (at most half of it) after which the
  /// keys repeat — a key at `p`, and every key at `f + p` matched at `f` by the same declaration,
  /// easing and hold, up to the last frame shown — or `frames` when they do not repeat. With `turn`, values may grow by the same
  /// whole number of turns each period (a rotation: `rotate(360deg)` shows as `rotate(0deg)`).
  /// - Complexity: O(divisors × keys).
  static func period(
    of keys: [LottieChannel.Key], frames: Int, turn: Double? = nil, _ declaration: (Double) -> String
  ) -> Int {
    guard frames >= 2, keys.count >= 2, keys[0].frame == 0 else { return frames }
    var keys = keys
    // Frames up to `frames − 1` are shown: keys ending before the last one hold their value to the end.
    if let last = keys.last, last.frame < Double(frames - 1) - epsilon {
      keys.append(LottieChannel.Key(frame: Double(frames), value: last.value, easing: nil, hold: false))
    }
    guard keys.count >= 3 else { return frames }
    let texts = keys.map { declaration($0.value) }
    for period in 1...(frames / 2) where frames % period == 0 {
      let shift = Double(period)
      guard let start = keys.firstIndex(where: { abs($0.frame - shift) < epsilon }) else { continue }
      var offset = 0.0
      if let turn {
        offset = keys[start].value - keys[0].value
        let turns = offset / turn
        guard abs(turns - turns.rounded()) < 1e-9 else { continue }
      } else if texts[start] != texts[0] {
        continue
      }
      let count = keys.count - start
      let repeats = (0..<count).allSatisfy { j in
        let (early, late) = (keys[j], keys[start + j])
        guard abs(early.frame + shift - late.frame) < epsilon else { return false }
        let same = turn == nil ? texts[j] == texts[start + j] : declaration(early.value + offset) == texts[start + j]
        return same && (j == count - 1 || (early.hold == late.hold && timing(early) == timing(late)))
      }
      if repeats { return period }
    }
    return frames
  }

  /// A straight ramp through the output (keys on one line) that covers `n` whole turns, as `n + 1` keys a turn apart
  /// (then `period(of:)` finds the turn's period and one turn is written): a wave that moves one
  /// wavelength a second, a ring that turns once a second. Other keys are returned as they are.
  static func turnsApart(_ keys: [LottieChannel.Key], frames: Int, turn: Double) -> [LottieChannel.Key] {
    guard let (first, end) = keys.first.flatMap({ f in keys.last.map { (f, $0) } }), keys.count >= 2, turn > 0,
      first.frame == 0, abs(end.frame - Double(frames)) < epsilon,
      keys.dropLast().allSatisfy({ !$0.hold && ($0.easing == nil || $0.easing == .linear) })
    else { return keys }
    let slope = (end.value - first.value) / end.frame
    guard keys.allSatisfy({ abs(first.value + slope * $0.frame - $0.value) <= 1e-9 * max(1, abs($0.value)) }) else {
      return keys
    }
    let turns = abs(end.value - first.value) / turn
    let count = Int(turns.rounded())
    guard count >= 2, abs(turns - Double(count)) < 1e-9, frames % count == 0 else { return keys }
    let step = (end.value - first.value) / Double(count)
    return (0...count).map { index in
      LottieChannel.Key(
        frame: Double(index * frames / count), value: first.value + step * Double(index), easing: nil, hold: false)
    }
  }

  /// The most sampled keys one fitted cubic replaces (the fit is tried for every run up to it).
  private static let maxFittedKeys = 240

  /// Keys without the ones that change nothing (see `animation`): runs of plain keys within
  /// `tolerance` of a straight line or of one fitted cubic (`SVGCurveFit`) keep their ends.
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
      // A key between two of its value: the way through it is flat either side.
      if key.value == previous.value, keys[index + 1].value == key.value {
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
        // Farther still under one fitted cubic, when that drops at least three more keys than the line.
        var fitted: (end: Int, easing: Easing)?
        var next = end + 2
        while next < keys.count, next - index <= Self.maxFittedKeys,
          keys[index..<next].allSatisfy({ $0.easing == nil && !$0.hold }),
          let easing = SVGCurveFit.easing(
            from: previous, between: keys[index..<next], to: keys[next], tolerance: tolerance)
        {
          fitted = (next, easing)
          next += 1
        }
        if let fitted {
          kept[kept.count - 1].easing = fitted.easing
          index = fitted.end
          continue
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
  /// A periodic animation's name keeps its period (`k0|40`) until `expanded(_:)`.
  func attributes(_ played: [String]) -> String {
    guard !played.isEmpty else { return "" }
    let holds = played.allSatisfy { stepped.contains(String($0.prefix { $0 != "|" })) }
    return (holds ? " class=\"s\"" : "") + " style=\"animation-name:" + played.joined(separator: ",") + "\""
  }

  /// The name of an animation that steps through one declaration per frame (runs of equal ones merged).
  mutating func steps(_ declarations: [String]) -> String {
    var frames: [(selector: String, block: String)] = []
    var previous: String?
    for (frame, declaration) in declarations.enumerated() where declaration != previous {
      frames.append((Self.percent(Double(frame) / Double(frameCount)), declaration))
      previous = declaration
    }
    frames.append(("to", declarations.last ?? ""))
    let made = name(of: Self.grouped(frames))
    stepped.insert(made)
    return made
  }

  /// The name of the `@keyframes` of a body; `identity` (default the body) tells animations apart
  /// that play one body with different element timings.
  private mutating func name(of body: String, identity: String? = nil) -> String {
    let identity = identity ?? body
    if let kept = names[identity] { return kept }
    let made = "k\(names.count)"
    names[identity] = made
    rules.append("@keyframes \(made){\(body)}")
    return made
  }

  /// The name of an animation that shows an element (class `t`: hidden, stepping) at the given frames.
  mutating func shown(_ frames: [Int]) -> String {
    var keys: [(selector: String, block: String)] = []
    var previous = -2
    for frame in frames.sorted() {
      if frame != previous + 1 {
        if previous >= 0 { keys.append((Self.percent(Double(previous + 1) / Double(frameCount)), "opacity:0")) }
        keys.append((Self.percent(Double(frame) / Double(frameCount)), "opacity:1"))
      }
      previous = frame
    }
    if previous >= 0, previous + 1 < frameCount {
      keys.append((Self.percent(Double(previous + 1) / Double(frameCount)), "opacity:0"))
    }
    return name(of: Self.grouped(keys))
  }

  /// The document's text with each element's periodic animations played at their own pace: a
  /// `style="animation-name:k0|40,k1"` becomes `animation-name:k0,k1` with `animation-duration` (and,
  /// for a loop count, `animation-iteration-count`) listing each animation's own.
  /// - Complexity: O(text).
  func expanded(_ text: String) -> String {
    let marker = " style=\"animation-name:"
    guard text.contains("|") || !timings.isEmpty else { return text }
    var out = ""
    var rest = Substring(text)
    while let range = rest.range(of: marker) {
      let after = rest[range.upperBound...]
      guard let close = after.firstIndex(of: "\"") else { break }
      let (css, eased) = css(played: after[..<close])
      out += rest[..<range.lowerBound] + (eased.map { " class=\"\($0)\"" } ?? "") + marker + css
      rest = after[close...]
    }
    return out + rest
  }

  /// The names of animations, each `name|period` or `name`, as CSS for an element's `style` — their
  /// durations, counts and delays where not the defaults — and the class of their timing function
  /// when they share one of `timings` (`e0`, `e1`, …); else their timing functions are listed where
  /// one has its own or only some step.
  private func css(played: Substring) -> (css: String, eased: String?) {
    let tokens = played.split(separator: ",")
    let functions = tokens.map { token in
      let name = String(token.prefix { $0 != "|" })
      return timings[name] ?? (stepped.contains(name) ? "steps(1,end)" : "linear")
    }
    let own = functions.contains { easings.contains($0) }
    let shared = own && Set(functions).count == 1 ? easings.firstIndex(of: functions[0]).map { "e\($0)" } : nil
    let listed = shared == nil && Set(functions).count > 1
    let timing = listed ? ";animation-timing-function:" + functions.joined(separator: ",") : ""
    guard tokens.contains(where: { $0.contains("|") }) else { return (String(played) + timing, shared) }
    let full = Double(frameCount) / frameRate
    var names: [Substring] = []
    var durations: [String] = []
    var counts: [String] = []
    var delays: [String] = []
    var reduced: [String] = []
    let last = Double(frameCount - 1) / frameRate
    for token in tokens {
      let parts = token.split(separator: "|")
      let period = Self.period(ofPlayed: token) ?? frameCount
      let shift = parts.count > 2 ? Double(Int(parts[2]) ?? 0) / frameRate : 0
      names.append(parts[0])
      durations.append(SVGNumber.text(period == frameCount ? full : Double(period) / frameRate, places: 4) + "s")
      if let loops = loopCount, loops > 0 { counts.append(String(loops * (frameCount / max(period, 1)))) }
      delays.append(SVGNumber.text(-shift, places: 4) + "s")
      reduced.append(SVGNumber.text(-(last + shift), places: 4) + "s")
    }
    var css = names.joined(separator: ",") + timing
    if durations.contains(where: { $0 != SVGNumber.text(full, places: 4) + "s" }) {
      css += ";animation-duration:" + durations.joined(separator: ",")
    }
    if !counts.isEmpty { css += ";animation-iteration-count:" + counts.joined(separator: ",") }
    if delays.contains(where: { $0 != "0s" }) {
      // One animation: its delay as `--d`, which the style sheet plays and the reduced-motion rule
      // offsets; several: their delays and their reduced-motion delays (`--r`) in full.
      css +=
        delays.count == 1
        ? ";--d:" + delays[0]
        : ";animation-delay:" + delays.joined(separator: ",") + ";--r:" + reduced.joined(separator: ",")
    }
    return (css, shared)
  }

  /// The period in frames a name from `animation(_:tolerance:turn:_:)` carries (`k0|40` → 40), or
  /// `nil` for an animation over the whole output.
  static func period(ofPlayed name: some StringProtocol) -> Int? {
    let parts = name.split(separator: "|")
    return parts.count > 1 ? Int(parts[1]) : nil
  }

  /// Whether any animation was asked for.
  var isEmpty: Bool { rules.isEmpty }

  /// The `<style>` text: defaults for every element, the stepping class `s`, the easing classes
  /// `e0`, `e1`, …, the keyframes, the reduced-motion rule.
  var text: String { text(stepping: true, switching: true) }

  /// The `<style>` text for a document body: the classes `s` and `t` only where the body uses them.
  /// - Parameter body: the document's elements.
  /// - Returns: the style text.
  func text(for body: String) -> String {
    text(stepping: body.contains("class=\"s\""), switching: body.contains("class=\"t\""))
  }

  private func text(stepping: Bool, switching: Bool) -> String {
    guard !rules.isEmpty else { return "" }
    let classes: String
    switch (stepping, switching) {
    case (true, true): classes = ".s,.t{animation-timing-function:steps(1,end)}.t{opacity:0}"
    case (true, false): classes = ".s{animation-timing-function:steps(1,end)}"
    case (false, true): classes = ".t{animation-timing-function:steps(1,end);opacity:0}"
    case (false, false): classes = ""
    }
    let duration = SVGNumber.text(Double(frameCount) / frameRate, places: 4) + "s"
    let count = (loopCount ?? 0) > 0 ? String(loopCount ?? 1) : "infinite"
    let last = SVGNumber.text(Double(frameCount - 1) / frameRate, places: 4)
    return "*{animation:\(duration) linear \(count) both\(shiftsTime ? ";animation-delay:var(--d,0s)" : "")}"
      + classes
      + easings.enumerated().map { ".e\($0){animation-timing-function:\($1)}" }.joined()
      + rules.joined()
      + "@media (prefers-reduced-motion:reduce){*{animation-delay:"
      + (shiftsTime ? "var(--r,calc(var(--d,0s) - \(last)s))" : "-\(last)s") + "!important;"
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
      let numbers = [x1, b, x2, d].map { SVGNumber.text($0, places: 4) }
      // CSS's own names for its curves are shorter.
      switch numbers {
      case [".25", ".1", ".25", "1"]: return "ease"
      case [".42", "0", "1", "1"]: return "ease-in"
      case ["0", "0", ".58", "1"]: return "ease-out"
      case [".42", "0", ".58", "1"]: return "ease-in-out"
      default: return "cubic-bezier(" + numbers.joined(separator: ",") + ")"
      }
    case .steps(let count, let position)?:
      return "steps(\(count),\(position.rawValue))"
    case .linear?, nil:
      return nil
    }
  }
}

/// Numbers as an SVG writes them: rounded to a few places, shortest form, no `-0`.
enum SVGNumber {
  /// The number rounded to `places` decimals, in its shortest text (`.5`, `-.25`: CSS and SVG
  /// numbers need no leading zero).
  static func text(_ value: Double, places: Int = 2) -> String {
    guard value.isFinite else { return "0" }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    let text = NumberText.short(rounded == 0 ? 0 : rounded)
    if text.hasPrefix("0.") { return String(text.dropFirst()) }
    if text.hasPrefix("-0.") { return "-" + text.dropFirst(2) }
    return text
  }
}
