import Foundation
import FuzzSupport
import ProgressRender
import Testing

@testable import progress_render

/// Deterministic mutation fuzzing of batch manifests (issue 10, item 3): valid manifests whose
/// values are set to extremes (huge and negative numbers, hostile strings, the wrong types), whose
/// keys are deleted, added or misspelt, whose asset lists are duplicated, and whose text is cut or
/// has bytes flipped, read by `BatchManifest` and planned by `BatchPlanner` (every entry checked
/// as `render` would check it). Each case must plan or fail with messages; no file is written.
/// (Output paths outside the scratch folder are left out: planning may create an output's folder.) Run under AddressSanitizer with `swift test --sanitize=address --filter Fuzz`.
@Suite struct FuzzManifestTests {
  typealias Generator = FuzzGenerator

  /// A manifest that plans: presets, a style file, stills, frames and every kind of value.
  static let seed = """
    { "defaults": { "fps": 12, "duration": 1.5, "size": 32, "background": "#ffffff" },
      "assets": [
        { "style": "thumb", "out": "thumb.gif", "scale": 2, "color": "#007aff", "track-color": "#e5e5ea" },
        { "style": "download", "out": "d.png", "at": "40%", "label": "%.1f%%", "text-color": "rgb(1, 2, 3)" },
        { "style": "countdown", "out": "frames/", "caption": "Wait", "font": "DejaVu Sans", "quiet": true },
        { "style": "upload", "out": "u.gif", "variant": "ring", "line-width": 3, "dither": 0.5, "colors": 16 },
        { "style-file": "s.json", "out": "s.gif", "progress": 0.25, "loop": 3, "edge-levels": 5, "matte": "red" }
      ] }
    """

  /// Values aimed at the option parsers: extremes, wrong types and hostile text.
  static var values: [Any] {
    [
      1e308, -1e308, 1e300, Int64.max, Int64.min, UInt64.max, 0, -1, 0.5, 1e-300, Double.leastNonzeroMagnitude, 4096,
      4097, 10_000,
      10_001, 65_536, 1e15, 1e16, true, false, NSNull(), [Any](), ["x": 1], "", " ", "x", "0x1p4", "+5", "inf",
      "nan", "1e308", "-0", "100%", "200%", "1e400ms", "9223372036854775807", "rgb(255,255,255,)", "#ＦＦＦ",
      "transparent", "%.99999999999999999999f", "mm:ss", ".", "a\nb", "\u{1B}[2J", String(repeating: "x", count: 300),
      "wave", "s.json", "/dev/zero", "missing.json", "x.gif", "x.png", "x/",
    ]
  }

  static let keys = RenderOptions.all.map { String($0.name.dropFirst(2)) } + ["colour", "", "help"]

  /// Mutates one asset or the defaults of a manifest tree.
  static func mutate(_ tree: inout [String: Any], _ random: inout Generator) {
    var assets = tree["assets"] as? [Any] ?? []
    switch random.below(8) {
    case 0:
      tree["defaults"] = mutated(tree["defaults"] as? [String: Any] ?? [:], &random)
    case 1:
      if !assets.isEmpty {
        assets.append(contentsOf: Array(repeating: assets, count: 1 + random.below(3)).flatMap { $0 })
      }
    case 2:
      if !assets.isEmpty { assets.remove(at: random.below(assets.count)) }
    case 3:
      let wrong: [Any] = [NSNull(), 3, "x", [Any](), ["assets": []]]
      if random.below(2) == 0 { tree["assets"] = wrong[random.below(wrong.count)] } else { tree["extra"] = 1 }
      return
    default:
      guard !assets.isEmpty else { break }
      let index = random.below(assets.count)
      assets[index] = mutated(assets[index] as? [String: Any] ?? [:], &random)
    }
    tree["assets"] = assets
  }

  /// An entry with one key set to a hostile value, deleted or added.
  static func mutated(_ entry: [String: Any], _ random: inout Generator) -> [String: Any] {
    var entry = entry
    let existing = entry.keys.sorted()
    let key =
      random.below(3) == 0 || existing.isEmpty ? keys[random.below(keys.count)] : existing[random.below(existing.count)]
    if random.below(6) == 0 {
      entry[key] = nil
    } else {
      let values = Self.values
      entry[key] = values[random.below(values.count)]
    }
    return entry
  }

  /// Reads and plans manifest bytes in a scratch folder: true when it plans; false for one-line
  /// messages. Nothing may be written.
  @discardableResult
  static func plan(_ data: Data, in folder: String, _ name: String) throws -> Bool {
    let path = folder + "/" + name
    try data.write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let manifest: BatchManifest
    do {
      manifest = try BatchManifest.load(path: path)
    } catch {
      #expect(error.description.contains(name), "\(error)")
      #expect(!error.description.contains("\n"), "\(error)")
      return false
    }
    do {
      _ = try BatchPlanner(manifest: manifest, outputRoot: nil).plan()
      return true
    } catch {
      // Control characters in a value are escaped when the message is printed (`Console`).
      #expect(!error.messages.isEmpty && error.messages.allSatisfy { !$0.isEmpty })
      return false
    }
  }

  static func scratch() throws -> String {
    let folder = FileManager.default.temporaryDirectory.path + "/fuzz-manifest-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let style = try Presets.named("download")
    try Data(style.canonicalJSON().utf8).write(to: URL(fileURLWithPath: folder + "/s.json"))
    return folder
  }

  static func contents(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  @Test func seedPlans() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(try Self.plan(Data(Self.seed.utf8), in: folder, "seed.json"))
    let left = try Self.contents(folder)
    #expect(left == ["s.json"])
  }

  @Test func thousandsOfValueMutationsPlanOrFailCleanly() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let seed = try JSONSerialization.jsonObject(with: Data(Self.seed.utf8)) as! [String: Any]
    var random = Generator(state: 0xD1B5_4A32_D192_ED03)
    var planned = 0
    for round in 0..<1200 {
      var tree = seed
      for _ in 0..<(1 + random.below(3)) { Self.mutate(&tree, &random) }
      let data = try JSONSerialization.data(withJSONObject: tree)
      if try Self.plan(data, in: folder, "m-\(round).json") { planned += 1 }
    }
    #expect(planned > 50, "too few mutations planned: \(planned)")
    let left = try Self.contents(folder)
    #expect(left == ["s.json"])
  }

  @Test func truncationsAndByteFlipsPlanOrFailCleanly() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let seed = [UInt8](Self.seed.utf8)
    var random = Generator(state: 0x8CB9_2BA7_2F3D_8DD7)
    for round in 0..<1000 {
      let bytes = random.mutatedText(seed)
      try Self.plan(Data(bytes), in: folder, "b-\(round).json")
    }
    let left = try Self.contents(folder)
    #expect(left == ["s.json"])
  }
}
