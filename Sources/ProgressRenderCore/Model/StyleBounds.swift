import Foundation
import ProgressRenderSupport

/// Walks a style against `StyleSchema`, either as the JSON tree read from a file or as a decoded
/// `Style` (its stored properties are named as its JSON keys): unknown keys and named options
/// that are not a case are refused with a near word; every number must be finite and in its
/// range, every array within its count and every string within `StyleSchema.maxTextLength`.
/// Type mismatches are left to the decoder.
struct StyleBounds {
  /// What to call the style in messages.
  let source: String

  func fail(_ path: String, _ message: String) -> StyleError {
    StyleError.invalid(source: source, path: path, message: message)
  }

  /// Checks a value and everything inside it, depth first (object keys in sorted order for
  /// JSON, in declaration order for a decoded style).
  /// - Parameters:
  ///   - value: a JSON value from `JSONSerialization`, or a style value.
  ///   - schema: its shape.
  ///   - path: its JSON path, e.g. `tracks[2].keyframes[0].time`.
  /// - Throws: `StyleError` for the first value out of bounds.
  /// - Complexity: O(n) in the number of values.
  func check(_ value: Any, _ schema: StyleSchema, path: String) throws(StyleError) {
    guard let value = Self.unwrapped(value) else { return }
    switch schema {
    case .object(let fields):
      for (key, item) in Self.members(of: value) {
        let keyPath = path.isEmpty ? key : path + "." + key
        guard let field = fields[key] else {
          let hint =
            NearestWord.suggestion(for: key, among: schema.keys).map { "did you mean '\($0)'?" }
            ?? "expected one of \(schema.keys.joined(separator: ", "))"
          throw fail(keyPath, "unknown key; \(hint)")
        }
        try check(item, field, path: keyPath)
      }
    case .array(let element, let limit, let what):
      guard let array = value as? [Any] else { return }
      guard array.count <= limit else {
        throw fail(path, "has \(array.count) \(what); a style may have at most \(limit) \(what)")
      }
      for (index, item) in array.enumerated() { try check(item, element, path: path + "[\(index)]") }
    case .oneOf(let cases):
      guard let text = value as? String else { return }
      try checkLength(text, path)
      guard !cases.contains(text) else { return }
      let hint = NearestWord.suggestion(for: text, among: cases).map { " (did you mean '\($0)'?)" } ?? ""
      throw fail(path, "'\(text)' is not one of \(cases.joined(separator: ", "))\(hint)")
    case .number(let range):
      guard let number = Self.number(value) else { return }
      guard number.isFinite else { throw fail(path, "expected a finite number, found \(number)") }
      guard range.contains(number) else {
        throw fail(path, "expected a number in \(Self.text(range)), found \(DecimalText.shortest(number))")
      }
    case .text:
      if let text = value as? String { try checkLength(text, path) }
    case .flag:
      return
    }
  }

  private func checkLength(_ text: String, _ path: String) throws(StyleError) {
    let length = text.unicodeScalars.count
    guard length > StyleSchema.maxTextLength else { return }
    throw fail(path, "is \(length) characters long; a style's text may have at most \(StyleSchema.maxTextLength)")
  }

  /// `-3600…3600`.
  static func text(_ range: ClosedRange<Double>) -> String {
    DecimalText.shortest(range.lowerBound) + "…" + DecimalText.shortest(range.upperBound)
  }

  /// The value inside an optional, nil for none; other values as they are.
  static func unwrapped(_ value: Any) -> Any? {
    // The leaves and containers of a JSON tree and of a style, without a Mirror (which looks up
    // conformances of every type it meets: most of the cost of checking a style).
    let type = type(of: value)
    if type == String.self || type == Double.self || type == Bool.self || type == Int.self || type is NSNumber.Type
      || type == [String: Any].self || type == [Any].self
    {
      return value
    }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    return mirror.children.first.flatMap { unwrapped($0.value) }
  }

  /// A JSON object's members in sorted key order, or a struct's stored properties.
  static func members(of value: Any) -> [(String, Any)] {
    if let object = value as? [String: Any] { return object.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .struct else { return [] }
    return mirror.children.compactMap { child in child.label.map { ($0, child.value) } }
  }

  /// A JSON number or a `Double`; nil for Booleans and other values.
  static func number(_ value: Any) -> Double? {
    guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
    return number.doubleValue
  }
}
