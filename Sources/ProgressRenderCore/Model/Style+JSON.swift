import Foundation

extension Style {
  /// The style as canonical JSON: pretty-printed, keys sorted, slashes unescaped, a trailing
  /// newline; numbers in their shortest round-trip form. The same style gives the same bytes.
  /// - Returns: the JSON text.
  /// - Throws: `EncodingError` when a number is not finite (JSON cannot hold it).
  public func canonicalJSON() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(self)
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
