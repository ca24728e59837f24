import Foundation
import ProgressRenderSupport

/// JSON written the way Lottie players read it: in each object `ty` first (rlottie reads an item's
/// kind before its fields and drops items whose `ty` comes later), then the other keys in sorted
/// order; numbers in their shortest form, integers without a fraction; no whitespace. The same value
/// gives the same bytes.
///
/// The value is encoded once by `JSONEncoder`, then its text is rewritten in one pass (`Rewriter`):
/// no tree of values is built, so memory stays near twice the file and time linear in its size
/// (times the nesting depth, for the members of objects moved into order).
enum LottieJSON {
  /// A Codable value as JSON text, keys ordered as the type's discussion says.
  /// - Throws: the encoder's error (not expected for finite numbers), or `FormatError.failed` when
  ///   the encoder's text cannot be read back (not expected either).
  /// - Complexity: O(bytes × depth).
  ///
  /// Keyframe lists are written straight to text (`LottieFragments`) unless `fragments` is false:
  /// the bytes are the same either way.
  static func bytes(of value: some Encodable, fragments: Bool = true) throws -> [UInt8] {
    let encoder = JSONEncoder()
    let written = LottieFragments()
    if fragments { encoder.userInfo[LottieFragments.key] = written }
    let data = try encoder.encode(value)
    var rewriter = Rewriter(input: [UInt8](data), fragments: written)
    var out: [UInt8] = []
    out.reserveCapacity(data.count)
    try rewriter.value(into: &out)
    return out
  }

  /// A number's text: an integer without a fraction, else Swift's shortest round-trip form.
  static func number(_ value: Double) -> String {
    value.isFinite ? JSONText.number(value) : "0"
  }

  /// Reads the compact JSON text `JSONEncoder` writes and writes it back in the players' order.
  private struct Rewriter {
    let input: [UInt8]
    let fragments: LottieFragments
    var index = 0

    init(input: [UInt8], fragments: LottieFragments) {
      self.input = input
      self.fragments = fragments
    }

    mutating func value(into out: inout [UInt8]) throws(FormatError) {
      skipSpaces()
      guard index < input.count else { throw Self.unexpected("the end") }
      switch input[index] {
      case UInt8(ascii: "{"): try object(into: &out)
      case UInt8(ascii: "["): try array(into: &out)
      case UInt8(ascii: "\""):
        let text = try string()
        if let fragment = fragments.text(for: text) {
          out += fragment
        } else {
          out += JSONText.quoted(text).utf8
        }
      case UInt8(ascii: "t"): try literal("true", into: &out)
      case UInt8(ascii: "f"): try literal("false", into: &out)
      case UInt8(ascii: "n"): try literal("null", into: &out)
      default: try number(into: &out)
      }
    }

    private mutating func object(into out: inout [UInt8]) throws(FormatError) {
      index += 1
      var members: [(key: String, text: [UInt8])] = []
      skipSpaces()
      if peek == UInt8(ascii: "}") {
        index += 1
      } else {
        while true {
          skipSpaces()
          let key = try string()
          skipSpaces()
          try expect(":")
          var text: [UInt8] = []
          try value(into: &text)
          members.append((key, text))
          skipSpaces()
          if peek == UInt8(ascii: ",") {
            index += 1
            continue
          }
          try expect("}")
          break
        }
      }
      members.sort { ($0.key == "ty" ? 0 : 1, $0.key) < ($1.key == "ty" ? 0 : 1, $1.key) }
      out.append(UInt8(ascii: "{"))
      for (n, member) in members.enumerated() {
        if n > 0 { out.append(UInt8(ascii: ",")) }
        out += JSONText.quoted(member.key).utf8
        out.append(UInt8(ascii: ":"))
        out += member.text
      }
      out.append(UInt8(ascii: "}"))
    }

    private mutating func array(into out: inout [UInt8]) throws(FormatError) {
      index += 1
      out.append(UInt8(ascii: "["))
      skipSpaces()
      if peek == UInt8(ascii: "]") {
        index += 1
      } else {
        var first = true
        while true {
          if !first { out.append(UInt8(ascii: ",")) }
          first = false
          try value(into: &out)
          skipSpaces()
          if peek == UInt8(ascii: ",") {
            index += 1
            continue
          }
          try expect("]")
          break
        }
      }
      out.append(UInt8(ascii: "]"))
    }

    /// A string's value, its escapes decoded (`\/`, `\uXXXX` and surrogate pairs included).
    private mutating func string() throws(FormatError) -> String {
      try expect("\"")
      var scalars = String.UnicodeScalarView()
      var run = index
      func flush(_ end: Int) {
        if run < end { scalars.append(contentsOf: String(decoding: input[run..<end], as: UTF8.self).unicodeScalars) }
      }
      while index < input.count {
        let byte = input[index]
        if byte == UInt8(ascii: "\"") {
          flush(index)
          index += 1
          return String(scalars)
        }
        guard byte == UInt8(ascii: "\\") else {
          index += 1
          continue
        }
        flush(index)
        index += 1
        guard index < input.count else { break }
        let escape = input[index]
        index += 1
        switch escape {
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800..<0xDC00).contains(code), input[index...].starts(with: Array("\\u".utf8)) {
            index += 2
            let low = try hex4()
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
        default: scalars.append(Unicode.Scalar(escape))
        }
        run = index
      }
      throw Self.unexpected("the end inside a string")
    }

    private mutating func hex4() throws(FormatError) -> UInt32 {
      guard index + 4 <= input.count,
        let code = UInt32(String(decoding: input[index..<index + 4], as: UTF8.self), radix: 16)
      else { throw Self.unexpected("a bad \\u escape") }
      index += 4
      return code
    }

    private mutating func number(into out: inout [UInt8]) throws(FormatError) {
      let start = index
      while index < input.count, Self.numberBytes.contains(input[index]) { index += 1 }
      guard let value = Double(String(decoding: input[start..<index], as: UTF8.self)) else {
        throw Self.unexpected("a character that starts no value")
      }
      out += LottieJSON.number(value).utf8
    }

    private mutating func literal(_ word: String, into out: inout [UInt8]) throws(FormatError) {
      let bytes = Array(word.utf8)
      guard input[index...].starts(with: bytes) else { throw Self.unexpected("a bad literal") }
      index += bytes.count
      out += bytes
    }

    private mutating func expect(_ character: Unicode.Scalar) throws(FormatError) {
      guard peek == UInt8(ascii: character) else { throw Self.unexpected("'\(character)' missing") }
      index += 1
    }

    private var peek: UInt8? { index < input.count ? input[index] : nil }

    private mutating func skipSpaces() {
      while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private static let numberBytes = Set("0123456789+-.eE".utf8)

    private static func unexpected(_ what: String) -> FormatError {
      .failed("cannot rewrite the encoder's JSON: \(what)")
    }
  }
}
