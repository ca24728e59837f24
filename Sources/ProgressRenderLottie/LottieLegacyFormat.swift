import Foundation

/// Rewrites what files from old Bodymovin versions (`v` in the root) wrote differently into
/// today's form, before the importer reads them, as the players do:
///
/// - before 4.1.9, fill and stroke colours are 0…255, not 0…1;
/// - before 4.4.18, a path's closedness is `closed` on the path item (`cl` on a mask), not `c` in
///   its Bézier values.
///
/// A file without `v` is taken as current.
enum LottieLegacyFormat {
  /// The first version that wrote colours as 0…1.
  static let unitColors = [4, 1, 9]
  /// The first version that wrote `c` in the Bézier values.
  static let closedInValues = [4, 4, 18]

  /// The document with its old forms rewritten (unchanged when the version is current).
  /// - Complexity: O(size of the document) when it is old, O(1) otherwise.
  static func upgrade(_ root: Any) -> Any {
    guard var document = root as? [String: Any], let version = document["v"] as? String else { return root }
    let parts = version.split(separator: ".").map { Int($0) ?? 0 }
    let scaleColors = isBefore(parts, unitColors)
    let closePaths = isBefore(parts, closedInValues)
    guard scaleColors || closePaths else { return root }
    func layers(_ value: Any?) -> Any? {
      guard let list = value as? [Any] else { return value }
      return list.map { element -> Any in
        guard var layer = element as? [String: Any] else { return element }
        if let shapes = layer["shapes"] {
          layer["shapes"] = self.shapes(shapes, scaleColors: scaleColors, closePaths: closePaths)
        }
        if closePaths, let masks = layer["masksProperties"] as? [Any] {
          layer["masksProperties"] = masks.map { mask -> Any in
            guard var mask = mask as? [String: Any] else { return mask }
            if let closed = mask["cl"], let pt = mask["pt"] { mask["pt"] = close(pt, closed) }
            return mask
          }
        }
        return layer
      }
    }
    document["layers"] = layers(document["layers"])
    if let assets = document["assets"] as? [Any] {
      document["assets"] = assets.map { element -> Any in
        guard var asset = element as? [String: Any], asset["layers"] != nil else { return element }
        asset["layers"] = layers(asset["layers"])
        return asset
      }
    }
    return document
  }

  /// Whether `version` comes before `minimum`, part by part.
  static func isBefore(_ version: [Int], _ minimum: [Int]) -> Bool {
    for index in minimum.indices {
      let part = index < version.count ? version[index] : 0
      if part != minimum[index] { return part < minimum[index] }
    }
    return false
  }

  private static func shapes(_ value: Any, scaleColors: Bool, closePaths: Bool) -> Any {
    guard let list = value as? [Any] else { return value }
    return list.map { element -> Any in
      guard var item = element as? [String: Any] else { return element }
      switch item["ty"] as? String {
      case "gr":
        if let items = item["it"] { item["it"] = shapes(items, scaleColors: scaleColors, closePaths: closePaths) }
      case "fl", "st":
        if scaleColors, let color = item["c"] { item["c"] = scaled(color) }
      case "sh":
        if closePaths, let closed = item["closed"], let ks = item["ks"] { item["ks"] = close(ks, closed) }
      default:
        break
      }
      return item
    }
  }

  /// A colour property with its values (static, or each key's `s` and `e`) divided by 255.
  private static func scaled(_ property: Any) -> Any {
    mapValues(property) { value in
      guard let numbers = value as? [Any] else { return value }
      return numbers.map { ($0 as? NSNumber).map { $0.doubleValue / 255 } ?? $0 }
    }
  }

  /// A shape property with `c` set in its Bézier values (static, or each key's `s` and `e`).
  private static func close(_ property: Any, _ closed: Any) -> Any {
    func withClosed(_ value: Any) -> Any {
      if var path = value as? [String: Any] {
        path["c"] = closed
        return path
      }
      if let list = value as? [Any] { return list.map(withClosed) }
      return value
    }
    return mapValues(property, withClosed)
  }

  /// A property with `transform` applied to its value `k`, or to each keyframe's `s` and `e`.
  private static func mapValues(_ property: Any, _ transform: (Any) -> Any) -> Any {
    guard var property = property as? [String: Any], let k = property["k"] else { return property }
    if let keys = k as? [Any], (keys.first as? [String: Any])?["t"] != nil {
      property["k"] = keys.map { element -> Any in
        guard var key = element as? [String: Any] else { return element }
        for name in ["s", "e"] {
          if let value = key[name] { key[name] = transform(value) }
        }
        return key
      }
    } else {
      property["k"] = transform(k)
    }
    return property
  }
}
