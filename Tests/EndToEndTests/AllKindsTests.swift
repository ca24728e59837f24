import Foundation
import Testing

/// One batch manifest renders the same presets as GIF, animated WebP, APNG and Lottie; `check`
/// gates all four kinds and names exactly the asset whose golden changed.
@Suite struct AllKindsTests {
  /// The four kinds an asset can be written as, by the name's extension.
  static let kinds = ["gif", "webp", "apng", "json"]
  /// Two presets, each in every kind.
  static let presets = ["download", "wave"]

  /// The manifest: `out/PRESET.KIND` for each preset and kind, in that order.
  static let manifest: String = {
    let entries = presets.flatMap { preset in
      kinds.map { "{ \"style\": \"\(preset)\", \"out\": \"out/\(preset).\($0)\" }" }
    }
    return """
      { "defaults": { "size": 16, "fps": 5, "duration": 0.4, "background": "#ffffff" },
        "assets": [ \(entries.joined(separator: ",\n    ")) ] }
      """
  }()

  /// The rendering options of the manifest's defaults, for re-rendering a golden by hand.
  static let render = ["--size", "16", "--fps", "5", "--duration", "0.4", "--background", "#ffffff"]

  private func contents(_ path: String) -> String {
    String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
  }

  /// A scratch folder holding the manifest, with every output rendered and recorded as golden.
  private func recorded() throws -> Binary {
    let scratch = try Binary()
    #expect(FileManager.default.createFile(atPath: scratch.work + "/assets.json", contents: Data(Self.manifest.utf8)))
    let batch = try scratch.run(["batch", "assets.json", "--quiet"])
    #expect(batch.status == 0, "\(batch.out)\(batch.err)")
    let update = try scratch.run(["check", "assets.json", "--golden", "golden", "--update", "--quiet"])
    #expect(update.status == 0, "\(update.out)\(update.err)")
    return scratch
  }

  /// The names of the JUnit test cases that carry a `<failure>`.
  private func failingCases(_ junit: String) -> [String] {
    junit.components(separatedBy: "<testcase ").dropFirst().filter { $0.contains("<failure") }.compactMap { item in
      guard let start = item.range(of: " name=\"") else { return nil }
      return item[start.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
    }
  }

  @Test func oneManifestWritesAndGatesEveryKind() throws {
    let scratch = try recorded()
    defer { scratch.remove() }
    for preset in Self.presets {
      let path = scratch.work + "/out/" + preset
      let gif = try #require(FileManager.default.contents(atPath: path + ".gif"))
      #expect(gif.prefix(6) == Data("GIF89a".utf8), "\(preset).gif")
      let webp = try #require(FileManager.default.contents(atPath: path + ".webp"))
      #expect(webp.prefix(4) == Data("RIFF".utf8) && webp[8..<12] == Data("WEBP".utf8), "\(preset).webp")
      #expect(webp.range(of: Data("ANIM".utf8)) != nil, "\(preset).webp is animated")
      let apng = try #require(FileManager.default.contents(atPath: path + ".apng"))
      #expect(apng.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]) && apng.range(of: Data("acTL".utf8)) != nil)
      let lottie = try #require(FileManager.default.contents(atPath: path + ".json"))
      let object = try #require(try JSONSerialization.jsonObject(with: lottie) as? [String: Any])
      #expect(object["layers"] is [Any] && object["fr"] != nil, "\(preset).json is a Lottie file")
      for kind in Self.kinds {
        #expect(FileManager.default.fileExists(atPath: scratch.work + "/golden/out/\(preset).\(kind)"))
      }
      // The three raster kinds hold the same frames.
      for (expected, actual) in [("gif", "webp"), ("webp", "apng"), ("apng", "gif")] {
        let diff = try scratch.run(["diff", "out/\(preset).\(expected)", "out/\(preset).\(actual)"])
        #expect(diff.status == 0, "\(preset) \(expected) vs \(actual): \(diff.out)\(diff.err)")
        #expect(diff.out.hasPrefix("same: 2 frames"), "\(preset) \(expected) vs \(actual): \(diff.out)")
      }
    }
    let same = try scratch.run(["check", "assets.json", "--golden", "golden", "--junit", "junit.xml"])
    #expect(same.status == 0, "\(same.out)\(same.err)")
    #expect(same.out == "check: 8 same, 0 different, 0 new, 0 failed\n", "\(same.out)")
    let junit = contents(scratch.work + "/junit.xml")
    #expect(junit.contains("tests=\"8\" failures=\"0\""))
    #expect(failingCases(junit).isEmpty)
  }

  @Test(arguments: kinds) func checkNamesTheOneTamperedGoldenOfEachKind(kind: String) throws {
    let scratch = try recorded()
    defer { scratch.remove() }
    let name = "out/download.\(kind)"
    let golden = scratch.work + "/golden/" + name
    let original = try #require(FileManager.default.contents(atPath: golden))
    if kind == "json" {
      // One value changed in the Lottie file: the frame rate, formatting kept.
      let text = String(decoding: original, as: UTF8.self)
      let tampered = text.replacingOccurrences(of: "\"fr\":5,", with: "\"fr\":6,")
      #expect(tampered != text, "the Lottie golden holds \"fr\":5")
      try Data(tampered.utf8).write(to: URL(fileURLWithPath: golden))
    } else {
      // The same animation in another colour: changed pixels, a valid file of the same kind.
      let other = try scratch.run(
        ["render", "--style", "download"] + Self.render + ["--color", "#ff0000", "--out", "golden/" + name, "--quiet"])
      #expect(other.status == 0, "\(other.err)")
    }
    #expect(FileManager.default.contents(atPath: golden) != original)

    let changed = try scratch.run(["check", "assets.json", "--golden", "golden", "--junit", "junit.xml"])
    #expect(changed.status == 1, "\(changed.out)\(changed.err)")
    let index = try #require(Self.kinds.firstIndex(of: kind))
    let different = changed.out.split(separator: "\n").filter { $0.hasPrefix("different:") }
    #expect(different.count == 1, "\(changed.out)")
    #expect(different.first?.hasPrefix("different: assets[\(index)] \(name): ") == true, "\(changed.out)")
    #expect(changed.out.hasSuffix("check: 7 same, 1 different, 0 new, 0 failed\n"), "\(changed.out)")
    let junit = contents(scratch.work + "/junit.xml")
    #expect(junit.contains("tests=\"8\" failures=\"1\""))
    #expect(failingCases(junit) == [name])

    // The golden put back: all same again.
    try original.write(to: URL(fileURLWithPath: golden))
    let restored = try scratch.run(["check", "assets.json", "--golden", "golden"])
    #expect(restored.status == 0, "\(restored.out)")
  }
}
