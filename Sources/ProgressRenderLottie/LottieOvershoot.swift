import Foundation

/// The "inertial bounce" expression template After Effects rigs paste onto keyed properties: after
/// each key the value swings about the keyed value like a damped spring,
///
///     value + v × amp × sin(2π × freq × t) / exp(decay × t)
///
/// with t the seconds since the latest key at or before the time, and v the velocity (per second)
/// a tenth of a frame before that key, over the thousandth of a second before (lottie-web's
/// `velocityAtTime`). Two forms are recognised: amp, freq and decay from slider effects
/// (`div(effect('X - Overshoot')('ADBE Slider Control-0001'), 2.5)`, v divided by 100), and
/// constants with a limit `time_max` after which the swing stops.
///
/// lottie-web runs expressions in strict mode, so the slider form that does not declare `v`
/// (`var amp, freq, decay, n, t;`) throws when it assigns the velocity, and its `catch` gives the
/// keyed value: that form changes nothing (`swings` false).
struct LottieOvershoot: Equatable, Sendable {
  /// A number the template is given: a constant, or a slider effect's value divided by a constant.
  enum Operand: Equatable, Sendable {
    /// A number.
    case constant(Double)
    /// `div(effect('name')('ADBE Slider Control-0001'), divisor)` (divisor 1 without `div`).
    case slider(String, divisor: Double)
  }

  /// The swing's size per unit of velocity (before `velocityScale`).
  var amplitude: Operand
  /// Swings per second.
  var frequency: Operand
  /// How fast the swing dies away, per second.
  var decay: Operand
  /// What the velocity is multiplied by (0.01 in the slider form).
  var velocityScale: Double
  /// Seconds after a key past which the swing stops (`time_max`), or `nil`.
  var limit: Double?
  /// Whether lottie-web gets to the swing (false: the expression throws, and gives the keyed value).
  var swings = true

  /// The swing added at `seconds` after a key.
  /// - Parameters:
  ///   - seconds: seconds since the key (0 or more).
  ///   - velocity: the velocity before the key, per second.
  ///   - amplitude, frequency, decay: the operands' values.
  func swing(at seconds: Double, velocity: Double, amplitude: Double, frequency: Double, decay: Double) -> Double {
    if let limit, !(seconds < limit) { return 0 }
    return velocity * velocityScale * amplitude * sin(frequency * seconds * 2 * Double.pi) / exp(decay * seconds)
  }

  // MARK: Recognising

  /// The template's two forms, their operands written as `AMP`, `FREQ`, `DECAY` and `LIMIT`,
  /// after the `var …;` declaration; `ANY` matches any word (the catch clause's name).
  private static let forms: [(source: String, velocityScale: Double)] = [
    (
      """
      try { amp = AMP, freq = FREQ, decay = DECAY, n = 0, 0 < numKeys && (n = nearestKey(time).index,
      key(n).time > time && n--), t = 0 === n ? 0 : time - key(n).time, $bm_rt = 0 < n ? (v =
      velocityAtTime(sub(key(n).time, div(thisComp.frameDuration, 10))), sum(value, div(mul(mul(div(v, 100),
      amp), Math.sin(mul(mul(mul(freq, t), 2), Math.PI))), Math.exp(mul(decay, t))))) : value; } catch (ANY)
      { $bm_rt = value = value; }
      """, 0.01
    ),
    (
      """
      amp = AMP; freq = FREQ; decay = DECAY; n = 0; $bm_rt = time_max = LIMIT; if (numKeys > 0) { $bm_rt = n
      = nearestKey(time).index; if (key(n).time > time) { n--; } } if (n == 0) { $bm_rt = t = 0; } else {
      $bm_rt = t = sub(time, key(n).time); } if (n > 0 && t < time_max) { v = velocityAtTime(sub(key(n).time,
      div(thisComp.frameDuration, 10))); $bm_rt = sum(value, div(mul(mul(v, amp), Math.sin(mul(mul(mul(freq,
      t), 2), Math.PI))), Math.exp(mul(decay, t)))); } else { $bm_rt = value; }
      """, 1
    ),
  ]
  private static let formTokens = forms.map { (LottieExpression.tokens($0.source) ?? [], $0.velocityScale) }

  /// Recognises the template in an expression's tokens (Bodymovin's wrapping taken off).
  /// - Returns: the overshoot, or `nil`.
  static func recognise(_ tokens: [LottieExpression.Token]) -> LottieOvershoot? {
    var rest = tokens[...]
    // `var amp, freq, decay, n, t, v;` in any order and number.
    var declared: Set<String> = []
    if rest.first == .word("var"), let end = rest.firstIndex(of: .symbol(";")) {
      for case .word(let name) in rest[..<end] { declared.insert(name) }
      rest = rest[(end + 1)...]
    }
    var operands: [String: Operand] = [:]
    var plain: [LottieExpression.Token] = []
    var index = rest.startIndex
    while index < rest.endIndex {
      let token = rest[index]
      plain.append(token)
      index += 1
      let names = ["amp": "AMP", "freq": "FREQ", "decay": "DECAY", "time_max": "LIMIT"]
      guard case .word(let name) = token, let placeholder = names[name], index < rest.endIndex,
        rest[index] == .symbol("="), operands[placeholder] == nil
      else { continue }
      guard let (operand, length) = operand(rest[(index + 1)...]) else { return nil }
      operands[placeholder] = operand
      plain.append(contentsOf: [.symbol("="), .word(placeholder)])
      index += 1 + length
    }
    for (form, velocityScale) in formTokens where matches(plain, form) {
      // Without `try`, an undeclared `v` would throw out of the expression.
      guard declared.contains("v") || form.first == .word("try") else { return nil }
      guard let amplitude = operands["AMP"], let frequency = operands["FREQ"], let decay = operands["DECAY"]
      else { return nil }
      var limit: Double?
      if form.contains(.word("LIMIT")) {
        guard case .constant(let value) = operands["LIMIT"] else { return nil }
        limit = value
      }
      return LottieOvershoot(
        amplitude: amplitude, frequency: frequency, decay: decay, velocityScale: velocityScale, limit: limit,
        swings: declared.contains("v"))
    }
    return nil
  }

  /// Whether `tokens` is `form`, `ANY` matching any word.
  private static func matches(_ tokens: [LottieExpression.Token], _ form: [LottieExpression.Token]) -> Bool {
    guard tokens.count == form.count else { return false }
    return zip(tokens, form).allSatisfy { token, expected in
      if expected == .word("ANY"), case .word = token { return true }
      return token == expected
    }
  }

  /// An operand at the start of `tokens`, and how many tokens it takes: a number, a slider
  /// `effect('name')('ADBE Slider Control-0001')`, or `div(slider, number)`.
  private static func operand(_ tokens: ArraySlice<LottieExpression.Token>) -> (Operand, Int)? {
    let tokens = Array(tokens.prefix(16))
    if case .number(let value)? = tokens.first { return (.constant(value), 1) }
    func slider(_ at: Int) -> String? {
      guard tokens.count >= at + 7, tokens[at] == .word("effect"), tokens[at + 1] == .symbol("("),
        case .string(let name) = tokens[at + 2], tokens[at + 3] == .symbol(")"), tokens[at + 4] == .symbol("("),
        tokens[at + 5] == .string("ADBE Slider Control-0001"), tokens[at + 6] == .symbol(")")
      else { return nil }
      return name
    }
    if let name = slider(0) { return (.slider(name, divisor: 1), 7) }
    guard tokens.count >= 12, tokens[0] == .word("div"), tokens[1] == .symbol("("), let name = slider(2),
      tokens[9] == .symbol(","), case .number(let divisor) = tokens[10], tokens[11] == .symbol(")"), divisor != 0
    else { return nil }
    return (.slider(name, divisor: divisor), 12)
  }
}
