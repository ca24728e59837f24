import ProgressRenderSupport

/// The text form of an easing: parsing, the canonical spelling, and Codable as that text.
extension Easing: CustomStringConvertible, Codable {
  /// Parses an easing written in CSS or Core Animation spelling.
  ///
  /// Accepted (case and spaces ignored): `linear`; `ease` / `default`; `ease-in` / `easeIn`;
  /// `ease-out` / `easeOut`; `ease-in-out` / `easeInEaseOut` (also with the
  /// `kCAMediaTimingFunction` prefix); `cubic-bezier(x1, y1, x2, y2)` with x1 and x2 in 0…1 and
  /// any finite y; `steps(n)`, `steps(n, jump-start|jump-end|jump-none|jump-both|start|end)`
  /// with n ≥ 1 (n ≥ 2 for `jump-none`); `step-start`, `step-end`.
  /// - Parameter text: the easing as written.
  /// - Returns: the easing.
  /// - Throws: `StyleError` naming the text and listing the valid forms.
  public static func parse(_ text: String) throws(StyleError) -> Easing {
    let compact = String(text.lowercased().filter { !$0.isWhitespace })
    var name = compact
    if name.hasPrefix("kcamediatimingfunction") { name.removeFirst("kcamediatimingfunction".count) }
    switch name {
    case "linear": return .linear
    case "ease", "default": return .ease
    case "ease-in", "easein": return .easeIn
    case "ease-out", "easeout": return .easeOut
    case "ease-in-out", "easeineaseout": return .easeInOut
    case "step-start": return .steps(1, .jumpStart)
    case "step-end": return .steps(1, .jumpEnd)
    default: break
    }
    if let arguments = functionArguments(compact, name: "cubic-bezier") {
      let numbers = arguments.map { DecimalText.number($0) }
      guard numbers.count == 4, let x1 = numbers[0], let y1 = numbers[1], let x2 = numbers[2], let y2 = numbers[3],
        [x1, y1, x2, y2].allSatisfy(\.isFinite)
      else {
        throw StyleError.easing(text: text, reason: "cubic-bezier needs four finite numbers")
      }
      guard (0...1).contains(x1), (0...1).contains(x2) else {
        throw StyleError.easing(text: text, reason: "the x values of cubic-bezier must lie in 0…1")
      }
      guard Easing.bezierYRange.contains(y1), Easing.bezierYRange.contains(y2) else {
        throw StyleError.easing(
          text: text, reason: "the y values of cubic-bezier must lie in \(StyleBounds.text(Easing.bezierYRange))")
      }
      return .cubicBezier(x1, y1, x2, y2)
    }
    if let arguments = functionArguments(compact, name: "steps") {
      guard (1...2).contains(arguments.count), let count = DecimalText.wholeNumber(arguments[0]),
        Easing.stepCountRange.contains(count)
      else {
        throw StyleError.easing(
          text: text,
          reason:
            "steps needs a whole number of steps \(Easing.stepCountRange.lowerBound)…\(Easing.stepCountRange.upperBound)"
        )
      }
      var position = StepPosition.jumpEnd
      if arguments.count == 2 {
        switch arguments[1] {
        case "start": position = .jumpStart
        case "end": position = .jumpEnd
        default:
          guard let named = StepPosition(rawValue: arguments[1]) else {
            throw StyleError.easing(text: text, reason: "unknown step position '\(arguments[1])'")
          }
          position = named
        }
      }
      if position == .jumpNone && count < 2 {
        throw StyleError.easing(text: text, reason: "steps with jump-none needs at least 2 steps")
      }
      return .steps(count, position)
    }
    throw StyleError.easing(text: text, reason: nil)
  }

  /// The arguments of `name(a,b,…)` in space-free text, or nil when the text is not that call.
  private static func functionArguments(_ compact: String, name: String) -> [String]? {
    guard compact.hasPrefix(name + "("), compact.hasSuffix(")") else { return nil }
    let inner = compact.dropFirst(name.count + 1).dropLast()
    return inner.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
  }

  /// The canonical text: `linear`, `ease`, `ease-in`, `ease-out`, `ease-in-out`,
  /// `cubic-bezier(x1, y1, x2, y2)` with shortest round-trip numbers, or `steps(n, jump-…)`.
  public var description: String {
    switch self {
    case .linear: return "linear"
    case Easing.ease: return "ease"
    case Easing.easeIn: return "ease-in"
    case Easing.easeOut: return "ease-out"
    case Easing.easeInOut: return "ease-in-out"
    case .cubicBezier(let x1, let y1, let x2, let y2):
      return "cubic-bezier(" + [x1, y1, x2, y2].map(DecimalText.shortest).joined(separator: ", ") + ")"
    case .steps(let count, let position):
      return "steps(\(count), \(position.rawValue))"
    }
  }

  /// Decodes an easing from its text; a bad text is a `DecodingError.dataCorrupted` whose
  /// description is the `StyleError`'s.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      self = try Easing.parse(text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  /// Encodes the canonical text.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
