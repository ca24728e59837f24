import Foundation
import ProgressRenderSupport
import Synchronization

/// Keyframe lists written straight to JSON text while `JSONEncoder` writes the rest of a Lottie
/// document (issue 22, item 4: 64 spokes over 10,000 frames are 640,000 keyframes, which cost
/// `JSONEncoder` and the rewrite 8 s and 440 MB).
///
/// `LottieValue.encode(to:)` finds the fragments in the encoder's `userInfo`, writes its keyframes
/// here (in `LottieJSON`'s form: sorted keys, shortest numbers) and encodes a placeholder string in
/// their place, which the rewrite replaces with the text. A placeholder is a NUL, a nonce drawn for
/// this document and a number: no text of the document can spell it, and it never reaches the file.
final class LottieFragments: Sendable {
  /// The `userInfo` key the fragments travel under.
  static let key = CodingUserInfoKey(rawValue: "progress-render.lottie-fragments")!

  private let prefix = "\u{0}" + UUID().uuidString + "#"
  private let texts = Mutex<[String: [UInt8]]>([:])

  /// Stores one value's JSON text and returns the placeholder that stands for it.
  func placeholder(for value: LottieValue) -> String {
    let text = Self.json(value)
    return texts.withLock { texts in
      let name = prefix + String(texts.count)
      texts[name] = text
      return name
    }
  }

  /// The text a placeholder stands for, or `nil` for any other string.
  func text(for string: String) -> [UInt8]? {
    guard string.utf8.first == 0, string.hasPrefix(prefix) else { return nil }
    return texts.withLock { $0[string] }
  }

  /// A value as `LottieJSON` writes it: keys in sorted order, absent optionals left out, numbers in
  /// their shortest form.
  static func json(_ value: LottieValue) -> [UInt8] {
    var out: [UInt8] = []
    switch value {
    case .number(let number): append(number, to: &out)
    case .vector(let vector): append(vector, to: &out)
    case .path(let path): append(path, to: &out)
    case .keyframes(let keys): list(keys, to: &out) { append($0, to: &$1) }
    case .pathKeyframes(let keys): list(keys, to: &out) { paths, out in list(paths, to: &out) { append($0, to: &$1) } }
    }
    return out
  }

  private static func list<Element>(
    _ elements: [Element], to out: inout [UInt8], _ each: (Element, inout [UInt8]) -> Void
  ) {
    out.append(UInt8(ascii: "["))
    for (n, element) in elements.enumerated() {
      if n > 0 { out.append(UInt8(ascii: ",")) }
      each(element, &out)
    }
    out.append(UInt8(ascii: "]"))
  }

  private static func list<Value>(
    _ keys: [LottieKeyframe<Value>], to out: inout [UInt8], _ value: (Value, inout [UInt8]) -> Void
  ) {
    list(keys, to: &out) { key, out in
      out.append(UInt8(ascii: "{"))
      if let h = key.h {
        out += Array("\"h\":".utf8)
        append(Double(h), to: &out)
        out.append(UInt8(ascii: ","))
      }
      if let i = key.i {
        out += Array("\"i\":".utf8)
        append(i, to: &out)
        out.append(UInt8(ascii: ","))
      }
      if let o = key.o {
        out += Array("\"o\":".utf8)
        append(o, to: &out)
        out.append(UInt8(ascii: ","))
      }
      out += Array("\"s\":".utf8)
      value(key.s, &out)
      out += Array(",\"t\":".utf8)
      append(key.t, to: &out)
      out.append(UInt8(ascii: "}"))
    }
  }

  private static func append(_ number: Double, to out: inout [UInt8]) {
    out += LottieJSON.number(number).utf8
  }

  private static func append(_ numbers: [Double], to out: inout [UInt8]) {
    list(numbers, to: &out) { append($0, to: &$1) }
  }

  private static func append(_ tangent: LottieTangent, to out: inout [UInt8]) {
    out += Array("{\"x\":".utf8)
    append(tangent.x, to: &out)
    out += Array(",\"y\":".utf8)
    append(tangent.y, to: &out)
    out.append(UInt8(ascii: "}"))
  }

  private static func append(_ path: LottieBezier, to out: inout [UInt8]) {
    out += Array("{\"c\":".utf8) + Array((path.c ? "true" : "false").utf8)
    for (key, points) in [("i", path.i), ("o", path.o), ("v", path.v)] {
      out += Array(",\"\(key)\":".utf8)
      list(points, to: &out) { append($0, to: &$1) }
    }
    out.append(UInt8(ascii: "}"))
  }
}
