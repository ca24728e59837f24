import Foundation

/// The project's own canonical JSON writer, for every file whose bytes are promised (`describe`,
/// the batch lock, the JSON summaries and reports): pretty-printed with two spaces and `"key" : value`,
/// keys in the order of their UTF-8 bytes, slashes unescaped, a trailing newline left to the caller.
///
/// Foundation's `JSONEncoder` writes the values (strings escaped and numbers formatted as it always
/// does); this writer only lays them out again. Foundation's own `.sortedKeys` is not used because it
/// orders keys differently on Darwin than on Linux, which would change the bytes from one system to
/// the other. The layout here is the one Foundation on Linux gives with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, so files written before are unchanged.
package enum CanonicalJSON {
  /// The canonical text of a value.
  /// - Parameter value: any `Encodable` value.
  /// - Returns: the JSON text, without a trailing newline.
  /// - Throws: `EncodingError` when a number is not finite (JSON cannot hold it).
  package static func text(of value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let compact = Array(try encoder.encode(value))
    return pretty(compact)
  }

  /// The canonical bytes of a value.
  /// - Parameter value: any `Encodable` value.
  /// - Returns: the JSON text's UTF-8 bytes, without a trailing newline.
  /// - Throws: `EncodingError` when a number is not finite.
  package static func bytes(of value: some Encodable) throws -> [UInt8] {
    Array(try text(of: value).utf8)
  }

  /// Lays out compact JSON text (as `JSONEncoder` writes it) canonically; the text of every string
  /// and number is kept as it is.
  /// - Parameter compact: valid JSON.
  /// - Returns: the canonical text.
  package static func pretty(_ compact: [UInt8]) -> String {
    var parser = Parser(bytes: compact)
    let tree = parser.value()
    var out = ""
    tree.write(to: &out, indent: 0)
    return out
  }

  /// A parsed value: strings, numbers and literals keep their source text.
  private indirect enum Node {
    case atom(String)
    case array([Node])
    /// Key text (quotes and escapes included), the key's decoded bytes for ordering, the value.
    case object([(key: String, order: [UInt8], value: Node)])

    func write(to out: inout String, indent: Int) {
      switch self {
      case .atom(let text): out += text
      case .array(let items):
        out += "[\n"
        if items.isEmpty { out += "\n" }
        for (index, item) in items.enumerated() {
          out += String(repeating: "  ", count: indent + 1)
          item.write(to: &out, indent: indent + 1)
          out += index == items.count - 1 ? "\n" : ",\n"
        }
        out += String(repeating: "  ", count: indent) + "]"
      case .object(let fields):
        out += "{\n"
        if fields.isEmpty { out += "\n" }
        let sorted = fields.sorted { $0.order.lexicographicallyPrecedes($1.order) }
        for (index, field) in sorted.enumerated() {
          out += String(repeating: "  ", count: indent + 1) + field.key + " : "
          field.value.write(to: &out, indent: indent + 1)
          out += index == sorted.count - 1 ? "\n" : ",\n"
        }
        out += String(repeating: "  ", count: indent) + "}"
      }
    }
  }

  /// A parser for JSON that is known to be valid (the encoder's own output).
  private struct Parser {
    let bytes: [UInt8]
    var index = 0

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    mutating func value() -> Node {
      skipSpace()
      guard index < bytes.count else { return .atom("null") }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        var fields: [(key: String, order: [UInt8], value: Node)] = []
        elements(closing: "}") { parser in
          let (key, order) = parser.string()
          parser.skipSpace()
          parser.index += 1  // ':'
          fields.append((key, order, parser.value()))
        }
        return .object(fields)
      case UInt8(ascii: "["):
        var items: [Node] = []
        elements(closing: "]") { items.append($0.value()) }
        return .array(items)
      case UInt8(ascii: "\""):
        return .atom(string().text)
      default:
        let start = index
        while index < bytes.count, !",]} \n\r\t".utf8.contains(bytes[index]) { index += 1 }
        return .atom(String(decoding: bytes[start..<index], as: UTF8.self))
      }
    }

    /// The comma-separated elements of the object or array opened at `index`, each read by `element`.
    mutating func elements(closing: Unicode.Scalar, _ element: (inout Parser) -> Void) {
      index += 1
      skipSpace()
      while index < bytes.count, bytes[index] != UInt8(ascii: closing) {
        element(&self)
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
        skipSpace()
      }
      index += 1
    }

    /// A string literal at `index`: its source text and its decoded UTF-8 bytes.
    mutating func string() -> (text: String, order: [UInt8]) {
      let start = index
      index += 1
      var decoded: [UInt8] = []
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
          let escape = bytes[index + 1]
          index += 2
          switch escape {
          case UInt8(ascii: "n"): decoded.append(0x0A)
          case UInt8(ascii: "r"): decoded.append(0x0D)
          case UInt8(ascii: "t"): decoded.append(0x09)
          case UInt8(ascii: "b"): decoded.append(0x08)
          case UInt8(ascii: "f"): decoded.append(0x0C)
          case UInt8(ascii: "u"):
            let hex = String(decoding: bytes[index..<min(index + 4, bytes.count)], as: UTF8.self)
            index += 4
            if let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) {
              decoded += Array(String(Character(scalar)).utf8)
            }
          default: decoded.append(escape)
          }
        } else {
          decoded.append(bytes[index])
          index += 1
        }
      }
      index += 1
      return (String(decoding: bytes[start..<index], as: UTF8.self), decoded)
    }
  }
}
