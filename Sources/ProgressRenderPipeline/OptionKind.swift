import ProgressRenderCore
import ProgressRenderSupport

/// What an option of a render takes, with the range or words it accepts; parses and checks one
/// value given as text (a command-line word or a manifest value), naming no flag in its errors.
package enum OptionKind: Equatable, Sendable {
  /// A whole number in the range; `unit` is shown in messages (`pixels`).
  case integer(ClosedRange<Int>, unit: String?)
  /// A finite decimal number: above (`lowerOpen`) or at least `lower`, and at most `upper`.
  case number(lower: Double, lowerOpen: Bool, upper: Double, unit: String?)
  /// A canvas: one whole number in the range for a square, or `WIDTHxHEIGHT` (`50x16`), each in it.
  case canvas(ClosedRange<Int>, unit: String?)
  /// A colour as CSS Color 4 writes it, or an Apple system colour (`RGBAColor.parse`).
  case color
  /// Any non-empty text.
  case text
  /// A file or folder path.
  case path
  /// A time in the output: `1.5s`, `1500ms`, `40%`, a frame `12f`, or plain seconds.
  case time
  /// One of a fixed list of words.
  case choice([String])
  /// No value: the option's presence is the value.
  case flag

  /// What a valid value looks like, for messages and help: `a whole number 1…4096 (pixels)`.
  public var expectation: String {
    let n = NumberText.short
    switch self {
    case .integer(let range, let unit):
      return "a whole number \(range.lowerBound)…\(range.upperBound)" + (unit.map { " (\($0))" } ?? "")
    case .number(let lower, let lowerOpen, let upper, let unit):
      let range = lowerOpen ? "above \(n(lower)) and at most \(n(upper))" : "\(n(lower))…\(n(upper))"
      return "a number \(range)" + (unit.map { " (\($0))" } ?? "")
    case .canvas(let range, let unit):
      return "a whole number \(range.lowerBound)…\(range.upperBound)" + (unit.map { " (\($0))" } ?? "")
        + " or WIDTHxHEIGHT ('50x16')"
    case .color:
      return "a colour: " + StyleError.colorForms
    case .text: return "a text"
    case .path: return "a path"
    case .time:
      return "a time: seconds ('1.5s'), milliseconds ('1500ms'), a percentage of the duration ('40%') or a frame "
        + "number ('12f')"
    case .choice(let words): return "one of " + words.joined(separator: ", ")
    case .flag: return "no value"
    }
  }

  /// Parses and checks `text` as a value of this kind.
  /// - Parameter text: the value as written.
  /// - Returns: the typed value.
  /// - Throws: `RenderError` saying what is wrong and what was expected.
  public func parse(_ text: String) throws(RenderError) -> OptionValue {
    switch self {
    case .integer(let range, _):
      guard let value = NumberText.wholeNumber(text.trimmingSpaces) else {
        throw .invalidValue(reason: "is not a whole number", expected: expectation)
      }
      guard range.contains(value) else { throw .valueOutOfRange(expected: expectation) }
      return .integer(value)
    case .number(let lower, let lowerOpen, let upper, _):
      guard let value = NumberText.number(text.trimmingSpaces) else {
        throw .invalidValue(reason: "is not a number", expected: expectation)
      }
      guard lowerOpen ? value > lower : value >= lower, value <= upper else {
        throw .valueOutOfRange(expected: expectation)
      }
      return .number(value)
    case .canvas(let range, _):
      let text = text.trimmingSpaces
      let sides = text.split(separator: "x", omittingEmptySubsequences: false)
      let numbers = sides.map { NumberText.wholeNumber(String($0)) }
      guard (1...2).contains(sides.count), let width = numbers[0], let height = numbers.last ?? nil else {
        throw .invalidValue(reason: "is not a whole number or WIDTHxHEIGHT", expected: expectation)
      }
      guard range.contains(width), range.contains(height) else { throw .valueOutOfRange(expected: expectation) }
      return sides.count == 1 ? .integer(width) : .canvas(width: width, height: height)
    case .color:
      do {
        return .color(try RGBAColor.parse(text))
      } catch {
        throw .invalidValue(reason: "is not a colour" + error.hint, expected: expectation)
      }
    case .text, .path:
      guard !text.isEmpty else { throw .invalidValue(reason: "is empty", expected: expectation) }
      return .text(text)
    case .time:
      return .time(try OptionKind.parseTime(text, expected: expectation))
    case .choice(let words):
      guard words.contains(text) else {
        throw .invalidChoice(choices: words, suggestion: NearestWord.suggestion(for: text, among: words))
      }
      return .text(text)
    case .flag:
      return .flag
    }
  }

  /// `1.5s` → 1.5 s, `1500ms` → 1.5 s, `40%` → 0.4 of the duration, `12f` → frame 12, `2` → 2 s.
  private static func parseTime(_ text: String, expected: String) throws(RenderError) -> StillTime {
    let trimmed = text.trimmingSpaces.lowercased()
    if trimmed.hasSuffix("f"), let number = NumberText.number(String(trimmed.dropLast())) {
      guard let frame = NumberText.wholeNumber(String(trimmed.dropLast())) else {
        throw .invalidValue(reason: "is not a whole frame number", expected: expected)
      }
      guard frame >= 0, number >= 0 else { throw .valueOutOfRange(expected: "a frame ≥ 0f") }
      return .frame(frame)
    }
    let units: [(suffix: String, make: (Double) -> StillTime, range: ClosedRange<Double>)] = [
      ("ms", { .seconds($0 / 1000) }, 0...Double.greatestFiniteMagnitude),
      ("s", { .seconds($0) }, 0...Double.greatestFiniteMagnitude),
      ("%", { .fraction($0 / 100) }, 0...100),
      ("", { .seconds($0) }, 0...Double.greatestFiniteMagnitude),
    ]
    for unit in units where trimmed.hasSuffix(unit.suffix) {
      guard let value = NumberText.number(String(trimmed.dropLast(unit.suffix.count))) else { break }
      guard unit.range.contains(value) else {
        throw .valueOutOfRange(expected: unit.suffix == "%" ? "0%…100%" : "a time ≥ 0")
      }
      return unit.make(value)
    }
    throw .invalidValue(reason: "is not a time", expected: expected)
  }
}
