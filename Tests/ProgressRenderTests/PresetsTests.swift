import Foundation
import Testing

@testable import ProgressRenderCore

/// `Presets` is the files of `Resources/presets/` as embedded at build time, decoded by
/// `StyleLoader` and listed in the order `order.txt` gives.
@Suite struct PresetsTests {
  /// `Resources/presets/` of the package, three levels above this file.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Resources/presets")

  /// A file of the presets folder, as text.
  private static func file(_ name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  @Test func theNamesAreTheJSONFilesInListingOrder() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) }
    #expect(Presets.names.sorted() == files.sorted())
    #expect(
      Presets.names == [
        "thumb", "download", "countdown", "upload", "wave", "material", "material4", "activity", "dots",
      ])
    #expect(Presets.all.map(\.name) == Presets.names)
  }

  @Test func theOrderListNamesOnlyPresetsThatExist() throws {
    let listed = try Self.file("order.txt").split(separator: "\n").map(String.init)
    #expect(listed == Presets.names.filter(listed.contains))
    #expect(Set(listed).count == listed.count)
  }

  /// Every file of `Resources/` is embedded under its path and given back byte for byte (each
  /// decoded only when asked for); hidden files are not, and an unknown path gives nothing.
  @Test func everyResourceIsEmbeddedByteForByte() throws {
    let root = Self.folder.deletingLastPathComponent()
    let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { path in
      var folder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &folder)
      return !folder.boolValue && !path.split(separator: "/").contains { $0.hasPrefix(".") }
    }
    #expect(EmbeddedResources.paths == files.sorted())
    #expect(EmbeddedResources.paths.contains("man/progress-render.1"))
    for path in EmbeddedResources.paths {
      #expect(
        EmbeddedResources.file(path) == FileManager.default.contents(atPath: root.appendingPathComponent(path).path),
        "\(path)")
    }
    for missing in ["", "presets", "presets/", "presets/wave", "/presets/wave.json", "presets/nope.json"] {
      #expect(EmbeddedResources.file(missing) == nil, "\(missing)")
    }
  }

  /// A name that is not a preset file is unknown, whatever else is embedded under that name.
  @Test(arguments: ["order", "order.txt", "../man/progress-render.1", "", "Wave", "wave.json"])
  func onlyPresetFilesAreNames(name: String) {
    #expect(Presets.source(named: name) == nil)
    #expect(throws: UnknownPresetError.self) { try Presets.named(name) }
  }

  @Test(arguments: Presets.names)
  func theEmbeddedBytesAreTheFile(name: String) throws {
    #expect(Presets.source(named: name) == (try Self.file(name + ".json")))
  }

  /// The file is what `describe` printed before presets were files: canonical JSON of the style
  /// it decodes to, so `describe` and `--style-file` agree.
  @Test(arguments: Presets.names)
  func eachFileIsTheCanonicalJSONOfItsStyle(name: String) throws {
    let style = try Presets.named(name)
    let source = try #require(Presets.source(named: name))
    #expect(style.name == name)
    #expect(try style.canonicalJSON() == source)
    #expect(try StyleLoader.decode(data: Data(source.utf8), source: name) == style)
  }

  /// Presets skip the bounds checks when they are decoded (start-up time): the checks run here,
  /// on the JSON and on the decoded style, with the full path a `--style-file` takes.
  @Test(arguments: Presets.names)
  func eachPresetMeetsTheBoundsOfAStyleFile(name: String) throws {
    let style = try Presets.named(name)
    let source = try #require(Presets.source(named: name))
    let tree = try JSONSerialization.jsonObject(with: Data(source.utf8))
    try StyleBounds(source: name).check(tree, StyleSchema.style, path: "")
    try StyleBounds(source: name).check(style, StyleSchema.style, path: "")
    try StyleValidator(source: name, style: style, checkingBounds: true).run()
    #expect(Presets.isBuiltIn(style))
    var changed = style
    changed.size += 1
    #expect(!Presets.isBuiltIn(changed), "a preset changed by an option is checked in full")
  }

  @Test(arguments: ["", "nope", "presets/wave", "wave.json", "order"])
  func anUnknownNameHasNoPreset(name: String) {
    #expect(throws: UnknownPresetError(name: name, names: Presets.names)) { try Presets.named(name) }
    #expect(Presets.source(named: name) == nil)
  }

  /// The error names the bad value, suggests the nearest preset when there is one, and lists them all.
  @Test(arguments: [
    ("wav", "no preset named 'wav'; did you mean 'wave'? Presets: "),
    ("dowload", "no preset named 'dowload'; did you mean 'download'? Presets: "),
    ("spinner-of-doom", "no preset named 'spinner-of-doom'; presets: thumb, download, "),
  ])
  func anUnknownNameSaysWhichItMeant(name: String, start: String) throws {
    let error = try #require(throws: UnknownPresetError.self) { try Presets.named(name) }
    #expect(error.description.hasPrefix(start))
    #expect(error.description.hasSuffix(Presets.names.joined(separator: ", ")))
  }
}
