import Foundation
import ProgressRenderSupport

/// Reads a style from JSON and validates it, with errors that name the file, the JSON path
/// (`tracks[2].keyframes[0].time`) and what was expected.
///
/// The checks, in order: the text is JSON with an object at the top; every key is one the
/// style types know (a typo gets a "did you mean"); every named option (`calculation`, `fill`,
/// `cap`, `weight`, `role`) is a valid case; every number lies in its range, every array and
/// string within its limit (`StyleSchema`); the values have the right types, colours and
/// easings parse; then `validate(_:source:)`.
public enum StyleLoader {
  /// Largest style file read, in bytes (1 MiB).
  public static let maxFileSize = 1 << 20

  /// Reads, decodes and validates a style file.
  /// - Parameter path: the file.
  /// - Returns: the style.
  /// - Throws: `StyleError` naming the file and the problem.
  public static func load(path: String) throws(StyleError) -> Style {
    let data: Data
    do {
      data = try InputFile.read(path, limit: maxFileSize)
    } catch {
      throw StyleError.invalid(source: path, path: "", message: error.message + "; give the path of a style JSON file")
    }
    return try decode(data: data, source: path)
  }

  /// What messages call standard input: the `-` a user typed, and what it means.
  public static let standardInputName = "- (standard input)"

  /// Reads, decodes and validates a style piped into standard input, with the same size limit
  /// and messages as a file (named `standardInputName`).
  /// - Returns: the style.
  /// - Throws: `StyleError` naming standard input and the problem.
  public static func loadStandardInput() throws(StyleError) -> Style {
    let data: Data
    do {
      data = try InputFile.readStandardInput(limit: maxFileSize)
    } catch {
      throw StyleError.invalid(
        source: standardInputName, path: "", message: error.message + "; pipe a style JSON file into it")
    }
    return try decode(data: data, source: standardInputName)
  }

  /// Decodes and validates a style from JSON bytes.
  /// - Parameters:
  ///   - data: the JSON text.
  ///   - source: what to call it in messages (usually the file path).
  /// - Returns: the style.
  /// - Throws: `StyleError` naming the source, the JSON path and what was expected.
  public static func decode(data: Data, source: String) throws(StyleError) -> Style {
    try decode(data: data, source: source, checkingBounds: true)
  }

  /// Decodes and validates a style; a built-in preset skips the JSON-shape and bounds checks
  /// (`checkingBounds: false`: the tests run them on every preset), which cost most of a small
  /// still's start-up, and keeps the value rules.
  static func decode(data: Data, source: String, checkingBounds: Bool) throws(StyleError) -> Style {
    guard checkingBounds else {
      let style: Style
      do {
        style = try JSONDecoder().decode(Style.self, from: data)
      } catch {
        throw StyleError.invalid(source: source, path: "", message: "cannot be decoded: \(error)")
      }
      try StyleValidator(source: source, style: style, checkingBounds: false).run()
      return style
    }
    let tree: Any
    do {
      tree = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw StyleError.invalid(source: source, path: "", message: "not valid JSON: " + jsonProblem(error, in: data))
    }
    guard tree is [String: Any] else {
      throw StyleError.invalid(
        source: source, path: "", message: "expected a JSON object with the style's keys, found \(describe(tree))")
    }
    try StyleBounds(source: source).check(tree, StyleSchema.style, path: "")
    let style: Style
    do {
      style = try JSONDecoder().decode(Style.self, from: data)
    } catch let error as DecodingError {
      throw loadError(error, tree: tree, source: source)
    } catch {
      throw StyleError.invalid(source: source, path: "", message: "cannot be decoded: \(error)")
    }
    try validate(style, source: source)
    return style
  }

  // MARK: - JSON problems

  /// The parser's complaint with its byte offset turned into a line and column.
  private static func jsonProblem(_ error: any Error, in data: Data) -> String {
    var text = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
    if text.hasSuffix(".") { text.removeLast() }
    if let first = text.first { text = first.lowercased() + text.dropFirst() }
    guard let range = text.range(of: "around character "),
      let offset = Int(text[range.upperBound...].prefix(while: \.isNumber))
    else { return text }
    let prefix = data.prefix(max(0, min(offset, data.count)))
    let line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
    let column = prefix.count - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 - prefix.startIndex + 1 } ?? 0) + 1
    return text[..<range.lowerBound] + "at line \(line), column \(column)"
  }

  /// A short description of a JSON value for "found …".
  static func describe(_ value: Any?) -> String {
    switch value {
    case nil: return "nothing"
    case is NSNull: return "null"
    case let text as String:
      let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
      return "the string \"\(shown)\""
    case is [Any]: return "an array"
    case is [String: Any]: return "an object"
    case let number as NSNumber:
      if String(cString: number.objCType) == "c" { return number.boolValue ? "true" : "false" }
      return "the number \(DecimalText.shortest(number.doubleValue))"
    default: return "\(value!)"
    }
  }

  // MARK: - Paths

  /// `tracks[2].keyframes[0].time` from a coding path.
  package static func render(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }

  /// The JSON value at a coding path, if there is one.
  private static func lookup(_ tree: Any, _ path: [any CodingKey]) -> Any? {
    var node: Any? = tree
    for key in path {
      if let index = key.intValue, let array = node as? [Any] {
        node = array.indices.contains(index) ? array[index] : nil
      } else if let object = node as? [String: Any] {
        node = object[key.stringValue]
      } else {
        return nil
      }
    }
    return node
  }

  // MARK: - Decoding errors

  private static func expected(_ type: Any.Type) -> String {
    switch String(describing: type) {
    case "Double", "Float", "Int": return "a number"
    case "String": return "a string"
    case "Bool": return "true or false"
    case let name where name.hasPrefix("Array"): return "an array"
    case let name where name.hasPrefix("Dictionary"): return "an object"
    case let name: return "a value of type \(name)"
    }
  }

  private static func loadError(_ error: DecodingError, tree: Any, source: String) -> StyleError {
    switch error {
    case .typeMismatch(let type, let context):
      return StyleError.invalid(
        source: source, path: render(context.codingPath),
        message: "expected \(expected(type)), found \(describe(lookup(tree, context.codingPath)))")
    case .valueNotFound(let type, let context):
      return StyleError.invalid(
        source: source, path: render(context.codingPath), message: "expected \(expected(type)), found null")
    case .keyNotFound(let key, let context):
      return StyleError.invalid(
        source: source, path: render(context.codingPath + [key]), message: "required key is missing")
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        return StyleError.invalid(source: source, path: "", message: "not valid JSON: \(context.debugDescription)")
      }
      return StyleError.invalid(source: source, path: render(context.codingPath), message: context.debugDescription)
    @unknown default:
      return StyleError.invalid(source: source, path: "", message: "cannot be decoded: \(error)")
    }
  }
}
