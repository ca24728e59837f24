import Foundation
import ProgressRenderSupport

/// A JSON value written the way Lottie players read it: in each object `ty` first (rlottie reads an
/// item's kind before its fields and drops items whose `ty` comes later), then the other keys in
/// sorted order; numbers in their shortest form, integers without a fraction. The same value gives
/// the same bytes.
indirect enum LottieJSON: Decodable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([LottieJSON])
  case object([String: LottieJSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([LottieJSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: LottieJSON].self))
    }
  }

  /// A Codable value as JSON text, keys ordered as the type's discussion says.
  /// - Throws: the encoder's or decoder's error (not expected for finite numbers).
  static func text(of value: some Encodable) throws -> String {
    let data = try JSONEncoder().encode(value)
    var out = ""
    try JSONDecoder().decode(LottieJSON.self, from: data).write(to: &out)
    return out
  }

  /// Appends the value's text.
  func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .number(let value): out += LottieJSON.number(value)
    case .string(let value): out += JSONText.quoted(value)
    case .array(let items):
      out += "["
      for (index, item) in items.enumerated() {
        if index > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    case .object(let fields):
      out += "{"
      let keys = fields.keys.sorted { ($0 == "ty" ? 0 : 1, $0) < ($1 == "ty" ? 0 : 1, $1) }
      for (index, key) in keys.enumerated() {
        if index > 0 { out += "," }
        out += JSONText.quoted(key)
        out += ":"
        fields[key, default: .null].write(to: &out)
      }
      out += "}"
    }
  }

  /// A number's text: an integer without a fraction, else Swift's shortest round-trip form.
  static func number(_ value: Double) -> String {
    value.isFinite ? JSONText.number(value) : "0"
  }
}
