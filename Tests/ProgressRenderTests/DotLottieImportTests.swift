import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster

/// dotLottie archives read by `LottieImporter`: the manifest's animation in either layout, its
/// images from the archive, the exporter's own archives read back, and broken archives refused
/// with one line naming the file and the entry.
@Suite struct DotLottieImportTests {
  static let red = LottieRenderTests.solid("#ff0000", 40, 40)
  static let json = LottieImportTests.document("[\(red)]")

  static func frame(_ imported: LottieImport) throws -> Frame {
    let renderer = try CompositionRenderer(
      composition: imported.composition,
      settings: PaintSettings(pixelSize: 100, scale: 1, edgeLevels: 256, background: .clear))
    return try renderer.frame(at: 0.5)
  }

  static func manifest(_ text: String) throws -> DotLottieArchive.ZipRecord {
    try ZipFixture.entry("manifest.json", Array(text.utf8), deflated: true)
  }

  /// The exporter's archive reads back as the same composition as its JSON.
  @Test func readsTheExportersArchive() throws {
    let archive = DotLottieArchive.archive(json: Self.json, id: "loader")
    let fromZip = try LottieImporter().read(archive, name: "loader.lottie")
    let fromJSON = try LottieImporter().read(Self.json)
    #expect(try Self.frame(fromZip).pixels == Self.frame(fromJSON).pixels)
    #expect(fromZip.warnings == fromJSON.warnings)
  }

  /// Which animation is read: the active one of version 1 or 2, else the first; from
  /// `animations/` or `a/`.
  @Test(arguments: [
    (#"{"animations":[{"id":"one"},{"id":"two"}]}"#, "animations", "one"),
    (#"{"animations":[{"id":"one"},{"id":"two"}],"activeAnimationId":"two"}"#, "animations", "two"),
    (#"{"version":"2","animations":[{"id":"one"},{"id":"two"}],"initial":{"animation":"two"}}"#, "a", "two"),
  ])
  func readsTheManifestsAnimation(manifest: String, folder: String, chosen: String) throws {
    let other = LottieImportTests.document("[]", width: 30)
    let archive = ZipFixture.archive([
      try Self.manifest(manifest),
      try ZipFixture.entry("\(folder)/one.json", chosen == "one" ? Self.json : other, deflated: true),
      try ZipFixture.entry("\(folder)/two.json", chosen == "two" ? Self.json : other, deflated: true),
    ])
    let imported = try LottieImporter().read(archive, name: "x.lottie")
    #expect(imported.composition.width == 100)
  }

  /// An image asset is read from the archive's `images/` (or `i/`) folder, never from disk.
  @Test(arguments: [("/images/", "images/"), ("images/", "images/"), ("/i/", "i/"), ("", "i/")])
  func readsImagesFromTheArchive(folder: String, entryFolder: String) throws {
    let png = try PNGCodec.encode(Frame(width: 2, height: 2, fill: RGBAColor(r: 0, g: 0, b: 255)))
    let layer = #"{"ty":2,"refId":"img","ind":1,"ks":{"s":{"a":0,"k":[5000,5000]}}}"#
    let json = LottieImportTests.document(
      "[\(layer)]", assets: #"[{"id":"img","w":2,"h":2,"u":"\#(folder)","p":"blue.png"}]"#)
    let archive = ZipFixture.archive([
      try Self.manifest(#"{"animations":[{"id":"x"}]}"#), try ZipFixture.entry("animations/x.json", json),
      try ZipFixture.entry(entryFolder + "blue.png", png),
    ])
    let imported = try LottieImporter().read(archive, name: "x.lottie")
    #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    #expect(LottieRenderTests.rgba(try Self.frame(imported), 50, 50) == [0, 0, 255, 255])
  }

  static let refusals: [(String, @Sendable () throws -> [UInt8], String)] = [
    (
      "no manifest", { ZipFixture.archive([try ZipFixture.entry("animations/x.json", Self.json)]) },
      "x.lottie is a ZIP archive without 'manifest.json'; it is not a dotLottie file"
    ),
    (
      "no animation listed", { ZipFixture.archive([try Self.manifest(#"{"animations":[]}"#)]) },
      "x.lottie: entry 'manifest.json' lists no animation with an 'id'"
    ),
    (
      "the manifest is not JSON", { ZipFixture.archive([try Self.manifest("{")]) },
      "x.lottie: entry 'manifest.json' is not valid JSON"
    ),
    (
      "the active animation is not listed",
      { ZipFixture.archive([try Self.manifest(#"{"animations":[{"id":"a"}],"activeAnimationId":"b"}"#)]) },
      "x.lottie: entry 'manifest.json' names active animation 'b', which it does not list"
    ),
    (
      "the animation is missing", { ZipFixture.archive([try Self.manifest(#"{"animations":[{"id":"a"}]}"#)]) },
      "x.lottie: the manifest's animation 'a' has no entry 'animations/a.json' or 'a/a.json'"
    ),
    (
      "a bomb",
      {
        ZipFixture.archive([
          try Self.manifest(#"{"animations":[{"id":"a"}]}"#),
          try ZipFixture.entry("a/a.json", [UInt8](repeating: 32, count: 3 << 20), deflated: true, declaredSize: 100),
        ])
      },
      "x.lottie: entry 'a/a.json' inflates to more than 1048576 bytes"
    ),
    (
      "an unsafe name",
      {
        ZipFixture.archive([try Self.manifest(#"{"animations":[{"id":"a"}]}"#), try ZipFixture.entry("../a.json", [])])
      },
      "x.lottie: entry '../a.json' has '..' in its name; names stay inside the archive"
    ),
  ]

  @Test(arguments: refusals.indices)
  func refuses(index: Int) throws {
    let (label, make, message) = Self.refusals[index]
    var limits = LottieImportLimits()
    limits.maxArchiveEntryBytes = 1 << 20
    #expect(throws: LottieImportError(path: "", message), "\(label)") {
      try LottieImporter(limits: limits).read(try make(), name: "x.lottie")
    }
  }
}
