import Foundation

/// Reads a style from JSON and validates it, with errors that name the file, the JSON path
/// (`tracks[2].keyframes[0].time`) and what was expected.
///
/// The checks, in order: the text is JSON with an object at the top; every key is one the
/// style types know (a typo gets a "did you mean"); every named option (`calculation`, `fill`,
/// `cap`, `weight`, `role`) is a valid case; the values have the right types, colours and
/// easings parse; then `validate(_:source:)`.
public enum StyleLoader {
  /// Largest style file read, in bytes.
  public static let maxFileSize = 16 << 20

  /// Reads, decodes and validates a style file.
  /// - Parameter path: the file.
  /// - Returns: the style.
  /// - Throws: `StyleLoadError` naming the file and the problem.
  public static func load(path: String) throws(StyleLoadError) -> Style {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw StyleLoadError(source: path, path: "", message: "no such file; give the path of a style JSON file")
    }
    guard !isDirectory.boolValue else {
      throw StyleLoadError(source: path, path: "", message: "is a directory; give the path of a style JSON file")
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    guard size <= maxFileSize else {
      throw StyleLoadError(
        source: path, path: "", message: "is \(size) bytes; a style file may have at most \(maxFileSize) bytes")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw StyleLoadError(source: path, path: "", message: "cannot be read; check its permissions")
    }
    return try decode(data: data, source: path)
  }

  /// Decodes and validates a style from JSON bytes.
  /// - Parameters:
  ///   - data: the JSON text.
  ///   - source: what to call it in messages (usually the file path).
  /// - Returns: the style.
  /// - Throws: `StyleLoadError` naming the source, the JSON path and what was expected.
  public static func decode(data: Data, source: String) throws(StyleLoadError) -> Style {
    let tree: Any
    do {
      tree = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw StyleLoadError(source: source, path: "", message: "not valid JSON: " + jsonProblem(error, in: data))
    }
    guard tree is [String: Any] else {
      throw StyleLoadError(
        source: source, path: "", message: "expected a JSON object with the style's keys, found \(describe(tree))")
    }
    try checkShape(tree, StyleSchema.style, path: [], source: source)
    let style: Style
    do {
      style = try JSONDecoder().decode(Style.self, from: data)
    } catch let error as DecodingError {
      throw loadError(error, tree: tree, source: source)
    } catch {
      throw StyleLoadError(source: source, path: "", message: "cannot be decoded: \(error)")
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
  static func render(_ path: [any CodingKey]) -> String {
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

  /// A coding key for paths built while walking the JSON tree.
  private struct PathKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
      self.stringValue = "\(intValue)"
      self.intValue = intValue
    }
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

  // MARK: - Shape

  /// Checks keys against the schema and named options against their cases, depth first in
  /// sorted key order. Type mismatches are left to the decoder.
  private static func checkShape(
    _ value: Any, _ schema: StyleSchema, path: [any CodingKey], source: String
  ) throws(StyleLoadError) {
    switch schema {
    case .object(let fields):
      guard let object = value as? [String: Any] else { return }
      for key in object.keys.sorted() {
        let keyPath = path + [PathKey(stringValue: key)]
        guard let field = fields[key] else {
          let hint =
            NearestWord.suggestion(for: key, among: schema.keys).map { "did you mean '\($0)'?" }
            ?? "expected one of \(schema.keys.joined(separator: ", "))"
          throw StyleLoadError(source: source, path: render(keyPath), message: "unknown key; \(hint)")
        }
        try checkShape(object[key]!, field, path: keyPath, source: source)
      }
    case .array(let element):
      guard let array = value as? [Any] else { return }
      for (index, item) in array.enumerated() {
        try checkShape(item, element, path: path + [PathKey(intValue: index)], source: source)
      }
    case .oneOf(let cases):
      guard let text = value as? String, !cases.contains(text) else { return }
      let hint = NearestWord.suggestion(for: text, among: cases).map { " (did you mean '\($0)'?)" } ?? ""
      throw StyleLoadError(
        source: source, path: render(path),
        message: "'\(text)' is not one of \(cases.joined(separator: ", "))\(hint)")
    case .scalar:
      return
    }
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

  private static func loadError(_ error: DecodingError, tree: Any, source: String) -> StyleLoadError {
    switch error {
    case .typeMismatch(let type, let context):
      return StyleLoadError(
        source: source, path: render(context.codingPath),
        message: "expected \(expected(type)), found \(describe(lookup(tree, context.codingPath)))")
    case .valueNotFound(let type, let context):
      return StyleLoadError(
        source: source, path: render(context.codingPath), message: "expected \(expected(type)), found null")
    case .keyNotFound(let key, let context):
      return StyleLoadError(
        source: source, path: render(context.codingPath + [key]), message: "required key is missing")
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        return StyleLoadError(source: source, path: "", message: "not valid JSON: \(context.debugDescription)")
      }
      return StyleLoadError(source: source, path: render(context.codingPath), message: context.debugDescription)
    @unknown default:
      return StyleLoadError(source: source, path: "", message: "cannot be decoded: \(error)")
    }
  }
}
