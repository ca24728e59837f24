import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderSupport

/// Every number of a style file has a finite range, every array a largest count and every string
/// a longest length (issue 10, items 1 and 19): refused with one line naming the file, the JSON
/// path, the value and the limit, before anything is drawn.
@Suite struct StyleLimitsTests {
  /// A JSON path and the number found there.
  struct Leaf {
    var path: [Any]
    var value: Double
    var text: String {
      path.reduce("") { text, key in
        if let index = key as? Int { return text + "[\(index)]" }
        return text + (text.isEmpty ? "" : ".") + "\(key)"
      }
    }
  }

  /// Every number in a JSON tree, with its path.
  static func leaves(_ value: Any, _ path: [Any] = []) -> [Leaf] {
    if let object = value as? [String: Any] {
      return object.keys.sorted().flatMap { leaves(object[$0]!, path + [$0]) }
    }
    if let array = value as? [Any] { return array.enumerated().flatMap { leaves($1, path + [$0]) } }
    if let number = StyleBounds.number(value) { return [Leaf(path: path, value: number)] }
    return []
  }

  /// The schema at a path.
  static func schema(at path: [Any]) -> StyleSchema? {
    var schema: StyleSchema? = StyleSchema.style
    for key in path { schema = key is Int ? schema?.element : schema?[key as! String] }
    return schema
  }

  /// A tree with the value at a path replaced.
  static func replacing(_ tree: Any, _ path: ArraySlice<Any>, with value: Any) -> Any {
    guard let key = path.first else { return value }
    if let index = key as? Int, var array = tree as? [Any] {
      array[index] = replacing(array[index], path.dropFirst(), with: value)
      return array
    }
    var object = tree as! [String: Any]
    object[key as! String] = replacing(object[key as! String]!, path.dropFirst(), with: value)
    return object
  }

  /// The presets and a style with every field set.
  static let styles = Presets.all + [StyleJSONTests.style]

  static func tree(_ style: Style) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(style.canonicalJSON().utf8))
  }

  /// Every number any preset (or the all-fields style) writes has a declared range, and the
  /// written value lies in it.
  @Test(arguments: styles)
  func everyNumberHasARange(style: Style) throws {
    let leaves = Self.leaves(try Self.tree(style))
    #expect(!leaves.isEmpty)
    for leaf in leaves {
      guard case .number(let range) = Self.schema(at: leaf.path) else {
        Issue.record("\(style.name): \(leaf.text) has no range in StyleSchema")
        continue
      }
      #expect(range.contains(leaf.value), "\(style.name): \(leaf.text)")
      #expect(range.lowerBound.isFinite && range.upperBound.isFinite)
    }
  }

  /// Each number of each style, set to an extreme, is refused naming its path, the value and the
  /// range — from the file and from the decoded value (after command-line overrides).
  @Test(arguments: [1e308, -1e308, 1e300, -5.8e307, 1e7, Double(Int64.max)])
  func extremesAreRefusedEverywhere(extreme: Double) throws {
    for style in Self.styles {
      let tree = try Self.tree(style)
      for leaf in Self.leaves(tree) {
        guard case .number(let range) = Self.schema(at: leaf.path), !range.contains(extreme) else { continue }
        let data = try JSONSerialization.data(
          withJSONObject: Self.replacing(tree, leaf.path[...], with: NSNumber(value: extreme)))
        let expected =
          "s.json: \(leaf.text): expected a number in \(StyleBounds.text(range)), found \(DecimalText.shortest(extreme))"
        #expect(throws: StyleError.self, "\(leaf.text)") { try StyleLoader.decode(data: data, source: "s.json") }
        do {
          _ = try StyleLoader.decode(data: data, source: "s.json")
        } catch {
          #expect(error.description == expected)
        }
      }
    }
  }

  /// Values no JSON can hold reach the validator through command-line overrides or code.
  @Test(arguments: [Double.nan, .infinity, -.infinity, 1e308])
  func decodedStylesAreCheckedToo(value: Double) throws {
    var style = try Presets.named("download")
    style.look.arc?.startAngle = value
    #expect(throws: StyleError.self) { try StyleLoader.validate(style, source: "download") }
    style = try Presets.named("download")
    style.tracks[0].keyframes[0].value = value
    #expect(throws: StyleError.self) { try StyleLoader.validate(style, source: "download") }
  }

  static func base() throws -> [String: Any] {
    try Self.tree(try Presets.named("wave")) as! [String: Any]
  }

  static func message(_ tree: Any) throws -> String? {
    let data = try JSONSerialization.data(withJSONObject: tree)
    do {
      _ = try StyleLoader.decode(data: data, source: "s.json")
      return nil
    } catch {
      return error.description
    }
  }

  static func track(_ index: Int, keys: Int) -> [String: Any] {
    ["name": "t\(index)", "keyframes": (0..<keys).map { ["time": Double($0) / 1000, "value": 0] }]
  }

  /// Counts and lengths beyond the limits are refused naming the limit.
  @Test func countsAndLengthsHaveLimits() throws {
    var tree = try Self.base()
    tree["tracks"] = (0..<101).map { Self.track($0, keys: 1) }
    #expect(try Self.message(tree) == "s.json: tracks: has 101 tracks; a style may have at most 100 tracks")

    tree = try Self.base()
    tree["tracks"] = [Self.track(0, keys: 1001)]
    #expect(
      try Self.message(tree)
        == "s.json: tracks[0].keyframes: has 1001 keyframes; a style may have at most 1000 keyframes")

    tree = try Self.base()
    tree["tracks"] = (0..<6).map { Self.track($0, keys: 1000) }
    #expect(try Self.message(tree) == "s.json: tracks: have 6000 keyframes in all; a style may have at most 5000")

    tree = try Self.base()
    var look = tree["look"] as! [String: Any]
    var wave = look["wave"] as! [String: Any]
    wave["layers"] = Array(repeating: (wave["layers"] as! [Any])[0], count: 17)
    look["wave"] = wave
    tree["look"] = look
    #expect(
      try Self.message(tree) == "s.json: look.wave.layers: has 17 wave layers; a style may have at most 16 wave layers")

    tree = try Self.base()
    look = try Self.tree(try Presets.named("download")) as! [String: Any]
    look = look["look"] as! [String: Any]
    look["labels"] = Array(repeating: (look["labels"] as! [Any])[0], count: 17)
    tree["look"] = look
    #expect(try Self.message(tree) == "s.json: look.labels: has 17 labels; a style may have at most 16 labels")

    tree = try Self.base()
    tree["summary"] = String(repeating: "é", count: 4097)
    #expect(
      try Self.message(tree) == "s.json: summary: is 4097 characters long; a style's text may have at most 4096")
  }
}
