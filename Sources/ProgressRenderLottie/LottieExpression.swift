import Foundation

/// An After Effects expression (a property's `x`) that the importer evaluates: one of a few
/// whole-expression forms, recognised token by token (so spacing and quotes do not matter) after
/// Bodymovin's `var $bm_rt; $bm_rt = …;` wrapping is taken off. There is no JavaScript interpreter:
/// anything else is not recognised and the importer warns that it is not evaluated.
enum LottieExpression: Equatable, Sendable {
  /// `loopOut(type, keys)`, also as `thisProperty.loopOut(…)` and inside
  /// `if (thisProperty.numKeys > 1) { $bm_rt = thisProperty.loopOut(…); } else { $bm_rt = value; }`.
  case loop(LottieLoop)
  /// `clamp(value, lower, upper)`: the keyframed value limited to the range (the bounds in either
  /// order, as lottie-web swaps them).
  case clamp(lower: Double, upper: Double)
  /// The "inertial bounce" template: a damped swing after each key.
  case overshoot(LottieOvershoot)
  /// Another property's value, named by a chain of members and one-string calls:
  /// `content('Shape 1').content('Path 1').path`, `thisComp.layer('Null 1').transform.position`.
  case reference([Step])

  /// One link of a reference: a member's name, or a call's string argument.
  enum Step: Equatable, Sendable {
    /// `.name`, or the chain's first word.
    case member(String)
    /// `('text')`.
    case call(String)
  }

  /// The longest expression looked at, in UTF-8 bytes: the forms recognised are far shorter, and
  /// a hostile file's megabyte expression is not tokenised.
  static let maxLength = 4_096

  /// Recognises an expression.
  /// - Parameter source: the property's `x`.
  /// - Returns: the expression, or `nil` when it is not one of the recognised forms.
  /// - Complexity: O(length of `source`), at most `maxLength`.
  init?(_ source: String) {
    guard source.utf8.count <= Self.maxLength, var tokens = Self.tokens(source) else { return nil }
    tokens = Self.unwrapped(tokens)
    if let loop = Self.loop(tokens[...]) {
      self = .loop(loop)
    } else if let (lower, upper) = Self.clamp(tokens[...]) {
      self = .clamp(lower: lower, upper: upper)
    } else if let overshoot = LottieOvershoot.recognise(tokens) {
      self = .overshoot(overshoot)
    } else if let steps = Self.reference(tokens[...]) {
      self = .reference(steps)
    } else {
      return nil
    }
  }

  /// The loop, when this is one.
  var loop: LottieLoop? {
    if case .loop(let loop) = self { return loop }
    return nil
  }

  // MARK: Forms

  /// `[thisProperty .] loopOut ( [type [, keys]] )`.
  private static func loop(_ tokens: ArraySlice<Token>) -> LottieLoop? {
    var rest = tokens
    if rest.starts(with: [.word("thisProperty"), .symbol(".")]) { rest = rest.dropFirst(2) }
    guard let name = rest.first, name == .word("loopOut") || name == .word("loop_out") else {
      return numKeysGuarded(tokens)
    }
    guard let arguments = call(rest.dropFirst()), arguments.count <= 2 else { return nil }
    var loop = LottieLoop()
    if let type = arguments.first {
      // lottie-web lowercases the type; an empty one cycles.
      guard case .string(let text) = type else { return nil }
      if !text.isEmpty {
        guard let kind = LottieLoop.Kind(rawValue: text.lowercased()) else { return nil }
        loop.kind = kind
      }
    }
    if arguments.count == 2 {
      // A negative or fractional count makes lottie-web read a key that does not exist.
      guard case .number(let keys) = arguments[1], keys >= 0, keys == keys.rounded(), keys < 1e9 else { return nil }
      loop.keys = Int(keys)
    }
    return loop
  }

  /// `if ( thisProperty . numKeys > 1 ) { $bm_rt = LOOP ; } else { $bm_rt = value ; }`: with one key
  /// or none a loop changes nothing, so this is the loop.
  ///
  /// After Effects' Trace Path template adds a checkbox of the property's effect to the condition,
  /// `thisProperty . propertyGroup ( 1 ) ( 'NAME' ) == true &&` before `thisProperty . numKeys`:
  /// the loop's `condition`.
  private static func numKeysGuarded(_ tokens: ArraySlice<Token>) -> LottieLoop? {
    let head: [Token] = [.word("if"), .symbol("(")]
    let numKeys: [Token] = [.word("thisProperty"), .symbol("."), .word("numKeys"), .symbol(">")]
    let tail: [Token] = [
      .symbol(";"), .symbol("}"), .word("else"), .symbol("{"), .word("$bm_rt"), .symbol("="), .word("value"),
      .symbol(";"), .symbol("}"),
    ]
    guard tokens.starts(with: head), tokens.reversed().starts(with: tail.reversed()) else { return nil }
    var rest = tokens.dropFirst(head.count).dropLast(tail.count)
    var condition: String?
    let group: [Token] = [
      .word("thisProperty"), .symbol("."), .word("propertyGroup"), .symbol("("), .number(1), .symbol(")"),
      .symbol("("),
    ]
    if rest.starts(with: group) {
      rest = rest.dropFirst(group.count)
      let check: [Token] = [.symbol(")"), .symbol("="), .symbol("="), .word("true"), .symbol("&"), .symbol("&")]
      guard case .string(let name) = rest.first, rest.dropFirst().starts(with: check) else { return nil }
      condition = name
      rest = rest.dropFirst(1 + check.count)
    }
    guard rest.starts(with: numKeys) else { return nil }
    rest = rest.dropFirst(numKeys.count)
    guard let count = rest.first, count == .number(0) || count == .number(1) else { return nil }
    rest = rest.dropFirst()
    let open: [Token] = [.symbol(")"), .symbol("{"), .word("$bm_rt"), .symbol("=")]
    guard rest.starts(with: open) else { return nil }
    let inner = rest.dropFirst(open.count)
    guard inner.first != .word("if"), var found = loop(inner) else { return nil }
    found.condition = condition
    return found
  }

  /// `clamp ( value , lower , upper )`.
  private static func clamp(_ tokens: ArraySlice<Token>) -> (Double, Double)? {
    guard tokens.first == .word("clamp"), let arguments = call(tokens.dropFirst()), arguments.count == 3,
      arguments[0] == .word("value"), case .number(let a) = arguments[1], case .number(let b) = arguments[2]
    else { return nil }
    return (Swift.min(a, b), Swift.max(a, b))
  }

  /// `word ( . word | ( 'text' ) )*`.
  private static func reference(_ tokens: ArraySlice<Token>) -> [Step]? {
    guard case .word(let first) = tokens.first else { return nil }
    var steps: [Step] = [.member(first)]
    var rest = tokens.dropFirst()
    while let next = rest.first {
      if next == .symbol("."), rest.count > 1, case .word(let name) = rest[rest.startIndex + 1] {
        steps.append(.member(name))
        rest = rest.dropFirst(2)
      } else if next == .symbol("("), rest.count > 2, case .string(let text) = rest[rest.startIndex + 1],
        rest[rest.startIndex + 2] == .symbol(")")
      {
        steps.append(.call(text))
        rest = rest.dropFirst(3)
      } else {
        return nil
      }
    }
    return steps
  }

  /// The arguments of `( a , b , … )` when that is all of `tokens`, each one token (a signed
  /// number is one); `nil` otherwise.
  private static func call(_ tokens: ArraySlice<Token>) -> [Token]? {
    guard tokens.first == .symbol("("), tokens.last == .symbol(")") else { return nil }
    var inner = Array(tokens.dropFirst().dropLast())
    // Signs folded into the numbers they precede.
    var index = 0
    while index + 1 < inner.count {
      if inner[index] == .symbol("-"), case .number(let value) = inner[index + 1],
        index == 0 || inner[index - 1] == .symbol(",")
      {
        inner.replaceSubrange(index...index + 1, with: [.number(-value)])
      }
      index += 1
    }
    guard !inner.isEmpty else { return [] }
    var arguments: [Token] = []
    for (position, token) in inner.enumerated() {
      if position % 2 == 1 {
        guard token == .symbol(",") else { return nil }
      } else {
        arguments.append(token)
      }
    }
    return inner.count % 2 == 1 ? arguments : nil
  }

  // MARK: Tokens

  /// A word, a number, a quoted string (without its quotes) or one punctuation character.
  enum Token: Equatable, Sendable {
    /// A name or keyword: letters, digits, `_` and `$`.
    case word(String)
    /// An unsigned number.
    case number(Double)
    /// A string's text.
    case string(String)
    /// Any other character.
    case symbol(Character)
  }

  /// The tokens of `source`, or `nil` when a string is not closed or a number does not read.
  static func tokens(_ source: String) -> [Token]? {
    var tokens: [Token] = []
    let characters = Array(source.unicodeScalars)
    var index = 0
    func isDigit(_ at: Int) -> Bool { at < characters.count && ("0"..."9").contains(characters[at]) }
    func isWordStart(_ at: Int) -> Bool {
      let c = characters[at]
      return c == "_" || c == "$" || (c.isASCII && c.properties.isAlphabetic)
    }
    /// Whether the character continues a number: digits, a point, an exponent and its sign.
    func isNumberPart(_ at: Int) -> Bool {
      let c = characters[at]
      if isDigit(at) || c == "." || c == "e" || c == "E" { return true }
      return (c == "-" || c == "+") && (characters[at - 1] == "e" || characters[at - 1] == "E")
    }
    func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(characters[range])) }
    while index < characters.count {
      let c = characters[index]
      let start = index
      if c.properties.isWhitespace {
        index += 1
      } else if isWordStart(index) {
        while index < characters.count, isWordStart(index) || isDigit(index) { index += 1 }
        tokens.append(.word(text(start..<index)))
      } else if isDigit(index) || (c == "." && isDigit(index + 1)) {
        while index < characters.count, isNumberPart(index) { index += 1 }
        guard let value = Double(text(start..<index)), value.isFinite else { return nil }
        tokens.append(.number(value))
      } else if c == "'" || c == "\"" {
        index += 1
        while index < characters.count, characters[index] != c, characters[index] != "\\" { index += 1 }
        guard index < characters.count, characters[index] == c else { return nil }
        tokens.append(.string(text(start + 1..<index)))
        index += 1
      } else {
        tokens.append(.symbol(Character(c)))
        index += 1
      }
    }
    return tokens
  }

  /// The tokens without Bodymovin's wrapping: a leading `var $bm_rt ;` and `$bm_rt =` (or
  /// `var $bm_rt =`), and trailing semicolons.
  static func unwrapped(_ tokens: [Token]) -> [Token] {
    var rest = tokens[...]
    let declaration: [Token] = [.word("var"), .word("$bm_rt"), .symbol(";")]
    if rest.starts(with: declaration) { rest = rest.dropFirst(declaration.count) }
    for assignment: [Token] in [[.word("var"), .word("$bm_rt"), .symbol("=")], [.word("$bm_rt"), .symbol("=")]]
    where rest.starts(with: assignment) {
      rest = rest.dropFirst(assignment.count)
    }
    while rest.last == .symbol(";") { rest = rest.dropLast() }
    return Array(rest)
  }
}
