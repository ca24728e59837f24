import Foundation
import FuzzSupport
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats
@testable import ProgressRenderPipeline

/// Deterministic mutation fuzzing of style files (issue 10, item 3): the presets and a style
/// with every field set, mutated as JSON trees (numbers set to extremes, values replaced by
/// strings, nulls, arrays or objects, keys deleted, arrays duplicated, values nested deeply) and
/// as text (truncated, bytes flipped), read through `StyleLoader`. Each case must load or throw
/// a `StyleError` of one line naming the file; a sample of those that load is painted as a
/// 16 px still at three times, which must not trap. Run under AddressSanitizer with
/// `swift test --sanitize=address --filter Fuzz`.
@Suite struct FuzzStyleFileTests {
  typealias Generator = FuzzGenerator

  /// The seeds: every preset and the all-fields style, as JSON trees.
  static func seeds() throws -> [Any] {
    try (Presets.all + [StyleJSONTests.style]).map { style in
      try JSONSerialization.jsonObject(with: Data(style.canonicalJSON().utf8))
    }
  }

  /// Numbers that broke or could break arithmetic: overflow when scaled, huge integers, zero,
  /// negatives, denormals and values just past the ranges.
  static var extremeNumbers: [Any] {
    [
      1e308, -1e308, 1e300, -5.8e307, 5.8e307, Int64.max, Int64.min, UInt64.max, 0, -0.0, -1, 1, 0.5, 1e-300,
      Double.leastNonzeroMagnitude, 4096, 4097, 3600, 3600.0001, 1e6, 1_000_001, 100, 101, 360, 1024, 1025, 0.49, 0.5,
      50, 50.0001, 0.01,
      0.009, 1e15, 1e16, 2_147_483_648,
    ]
  }

  /// Strings aimed at the colour, easing, label format and name parsers.
  static let extremeStrings: [String] = [
    "", " ", "x", "1e308", "NaN", "inf", "steps(9223372036854775807, jump-both)", "steps(10000, jump-both)",
    "steps(0)", "steps(1, jump-none)", "cubic-bezier(0, 1e308, 1, 1)", "cubic-bezier(1, -100, 0, 100)",
    "cubic-bezier(0x1p-1, 0, 1, 1)", "rgb(255,255,255,)", "rgba(0,0,0,1e-400)", "#ＦＦＦ", "#fff", "#ffffffff",
    "transparent", "%.99999999999999999999f", "%.17f", "%d%%", "mm:ss", "%", "%.f", "progress", "time", "\n",
    "\u{1B}[2J", String(repeating: "9", count: 5000), "linear", "ease-in-out",
  ]

  /// A random path to a value in a tree (an empty path is the whole tree).
  static func randomPath(_ tree: Any, _ random: inout Generator) -> [Any] {
    var path: [Any] = []
    var node = tree
    while random.below(4) != 0 {
      if let object = node as? [String: Any], !object.isEmpty {
        let key = object.keys.sorted()[random.below(object.count)]
        path.append(key)
        node = object[key]!
      } else if let array = node as? [Any], !array.isEmpty {
        let index = random.below(array.count)
        path.append(index)
        node = array[index]
      } else {
        break
      }
    }
    return path
  }

  /// The tree with the value at `path` changed by `change` (nil deletes it from its object).
  static func changing(_ tree: Any, _ path: ArraySlice<Any>, _ change: (Any) -> Any?) -> Any? {
    guard let key = path.first else { return change(tree) }
    if let index = key as? Int, var array = tree as? [Any] {
      array[index] = changing(array[index], path.dropFirst(), change) ?? NSNull()
      return array
    }
    guard var object = tree as? [String: Any], let name = key as? String else { return tree }
    object[name] = object[name].flatMap { changing($0, path.dropFirst(), change) }
    return object
  }

  /// One mutation of a value.
  static func mutate(_ value: Any, _ random: inout Generator) -> Any? {
    switch random.below(9) {
    case 0, 1:
      let numbers = extremeNumbers
      return numbers[random.below(numbers.count)]
    case 2: return extremeStrings[random.below(extremeStrings.count)]
    case 3: return [NSNull(), true, false, [Any](), [String: Any]()][random.below(5)]
    case 4: return nil
    case 5:
      guard let array = value as? [Any], !array.isEmpty else { return [value, value] }
      let copies = [2, 10, 101, 1001][random.below(4)]
      return Array(repeating: array, count: copies).flatMap { $0 }.prefix(20_000).map { $0 }
    case 6:
      var nested: Any = value
      for _ in 0..<(1 + random.below(40)) { nested = random.below(2) == 0 ? [nested] : ["x": nested] }
      return nested
    case 7:
      if let number = StyleBounds.number(value) { return number * [-1, 1e6, 1e300, 0.5][random.below(4)] }
      return value
    default:
      if let object = value as? [String: Any] {
        var copy = object
        copy["unknown\(random.below(3))"] = 1
        return copy
      }
      return "\(value)"
    }
  }

  /// Loads a style from bytes: true when it loads, false for a one-line `StyleError`
  /// naming the source (anything else records an issue or traps).
  @discardableResult
  static func load(_ data: Data, _ source: String, paint: Bool) -> Bool {
    do {
      let style = try StyleLoader.decode(data: data, source: source)
      if paint { Self.paint(style, source) }
      return true
    } catch {
      #expect(error.description.hasPrefix(source + ": "), "\(error)")
      #expect(!error.description.contains("\n"), "\(error)")
      return false
    }
  }

  /// Paints a loaded style as a 16 px still at its start, middle and end, and exports it as Lottie.
  static func paint(_ style: Style, _ source: String) {
    let settings = RenderSettings(
      size: 16, scale: 1, fps: style.fps, duration: style.duration, background: style.background)
    do {
      let renderer = try Renderer(style: style, settings: settings, baseDirectory: "/nonexistent")
      for time in [0, style.duration / 2, style.duration] { _ = try renderer.frame(at: time) }
    } catch {
      // A missing picture or a text error is an outcome, not a crash.
    }
    // The Lottie export of the same style: an error is an outcome, a trap is not.
    _ = try? LottieExporter(
      style: style, size: 16, fps: 10, duration: 2, frameCount: 20, background: style.background,
      baseDirectory: "/nonexistent"
    ).animation().json()
  }

  @Test func seedsLoad() throws {
    for (index, seed) in try Self.seeds().enumerated() {
      #expect(Self.load(try JSONSerialization.data(withJSONObject: seed), "seed-\(index).json", paint: true))
    }
  }

  @Test func thousandsOfTreeMutationsLoadOrFailCleanly() throws {
    let seeds = try Self.seeds()
    var random = Generator(state: 0x5DEE_CE66_D1CE_B00C)
    var loaded = 0
    var painted = 0
    for round in 0..<2500 {
      var tree = seeds[random.below(seeds.count)]
      for _ in 0..<(1 + random.below(3)) {
        let path = Self.randomPath(tree, &random)
        tree = Self.changing(tree, path[...]) { Self.mutate($0, &random) } ?? NSNull()
      }
      guard let data = try? JSONSerialization.data(withJSONObject: tree, options: [.fragmentsAllowed]) else {
        continue
      }
      let paint = painted < 150 && round % 7 == 0
      if Self.load(data, "tree-\(round).json", paint: paint) {
        loaded += 1
        if paint { painted += 1 }
      }
    }
    #expect(loaded > 100, "too few mutations loaded to exercise the painter: \(loaded)")
  }

  @Test func truncationsAndByteFlipsLoadOrFailCleanly() throws {
    let seeds = try Self.seeds()
    var random = Generator(state: 0x2545_F491_4F6C_DD1D)
    for round in 0..<2500 {
      let seed = seeds[random.below(seeds.count)]
      let bytes = random.mutatedText([UInt8](try JSONSerialization.data(withJSONObject: seed)))
      Self.load(Data(bytes), "bytes-\(round).json", paint: round % 50 == 0)
    }
  }

  /// JSON nested past the parser's depth is refused, not a stack overflow.
  @Test func deepNestingIsRefused() {
    let deep = "{\"name\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
    #expect(!Self.load(Data(deep.utf8), "deep.json", paint: false))
  }
}
