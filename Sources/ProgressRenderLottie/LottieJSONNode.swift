import Foundation

/// A value of a parsed Lottie file and the JSON path that leads to it, so that every error names
/// where it is (`layers[2].ks.p.k[0].s`).
struct LottieJSONNode {
  /// The value as `JSONSerialization` returns it.
  let value: Any
  /// The JSON path from the root.
  let path: String

  /// The member `key` of an object, or `nil` when absent (or `null`) or when this is not an object.
  subscript(key: String) -> LottieJSONNode? {
    guard let object = value as? [String: Any], let member = object[key], !(member is NSNull) else { return nil }
    return LottieJSONNode(value: member, path: path.isEmpty ? key : "\(path).\(key)")
  }

  /// An error at this node.
  func error(_ message: String) -> LottieImportError { LottieImportError(path: path, message) }

  /// The elements of an array.
  /// - Throws: when this is not an array.
  func elements() throws(LottieImportError) -> [LottieJSONNode] {
    guard let array = value as? [Any] else { throw error("expected an array") }
    return array.enumerated().map { LottieJSONNode(value: $1, path: "\(path)[\($0)]") }
  }

  /// Whether this is an object.
  var isObject: Bool { value is [String: Any] }

  /// The number here.
  /// - Throws: when this is not a finite number.
  func number() throws(LottieImportError) -> Double {
    if let number = value as? NSNumber {
      let double = number.doubleValue
      guard double.isFinite else { throw error("expected a finite number") }
      return double
    }
    if let array = value as? [Any], let first = array.first {
      // A one-dimensional value written as an array of one (`[50]`).
      return try LottieJSONNode(value: first, path: "\(path)[0]").number()
    }
    throw error("expected a number")
  }

  /// The numbers of an array (a single number is an array of one).
  /// - Throws: when this is neither a number nor an array of numbers.
  func numbers() throws(LottieImportError) -> [Double] {
    if value is NSNumber { return [try number()] }
    var out: [Double] = []
    for element in try elements() { out.append(try element.number()) }
    return out
  }

  /// The number member `key`, or `fallback` when it is absent.
  func number(_ key: String, _ fallback: Double) throws(LottieImportError) -> Double {
    try self[key]?.number() ?? fallback
  }

  /// The string member `key`, or `nil` when absent or not a string.
  func string(_ key: String) -> String? { self[key]?.value as? String }

  /// Whether the member `key` is true (`true` or a non-zero number).
  func flag(_ key: String) -> Bool {
    guard let member = self[key]?.value else { return false }
    if let bool = member as? Bool { return bool }
    if let number = member as? NSNumber { return number.doubleValue != 0 }
    return false
  }
}
