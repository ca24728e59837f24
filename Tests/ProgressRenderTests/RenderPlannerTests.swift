import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderPipeline

/// `RenderRequest.plan()` and `RenderPlan.preflight()`: which requests plan, with which warnings,
/// and which are refused with which error, naming which request key, of which kind.
@Suite struct RenderPlannerTests {
  /// A request from option keys and their texts, each parsed by its option's kind.
  static func request<Values: Sequence>(_ values: Values) throws -> RenderRequest
  where Values.Element == (key: String, value: String) {
    var request = RenderRequest()
    for (key, text) in values {
      let option = try #require(RenderOption.named(key))
      option.set(try option.kind.parse(text), in: &request)
    }
    return request
  }

  /// A fresh folder for one test.
  static func scratch() throws -> String {
    let path = FileManager.default.temporaryDirectory.path + "/render-planner-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    return path
  }

  /// Requests that plan, and the warnings each gets, in order.
  static let planned: [(KeyValuePairs<String, String>, [RenderWarning])] = [
    (["style": "wave", "out": "a.gif"], []),
    (
      ["style": "download", "out": "a.gif", "color": "red", "caption": "x"],
      [
        .ignoredOverride(key: .look(.caption), style: "download")
      ]
    ),
    (["style": "wave", "out": "a.gif", "at": "50%"], [.stillOnly(key: .at)]),
    (["style": "wave", "out": "a.png", "at": "50%"], []),
    (
      ["style": "wave", "out": "frames/", "loop": "2", "colors": "16"],
      [
        .animationOnly(key: .loop), .gifOnly(key: .colors),
      ]
    ),
    (["style": "wave", "out": "a.webp", "loop": "2", "quality": "80"], []),
    (["style": "wave", "out": "a.apng", "loop": "2", "colors": "16"], [.gifOnly(key: .colors)]),
    (["style": "wave", "out": "a.gif", "quality": "80"], [.webpOnly(key: .quality)]),
    (
      ["style": "wave", "out": "a.png", "loop": "1", "quality": "80"],
      [.animationOnly(key: .loop), .webpOnly(key: .quality)]
    ),
    (
      ["style": "wave", "out": "a.png", "dither": "0.5", "matte": "white"],
      [
        .gifOnly(key: .dither), .gifOnly(key: .matte),
      ]
    ),
    (["style": "wave", "out": "a.gif", "loop": "2", "colors": "16", "dither": "0.5", "matte": "white"], []),
    (["style": "wave", "out": "a.json", "fps": "25", "size": "64", "background": "black"], []),
    (
      ["style": "wave", "out": "a.lottie.json", "edge-levels": "64", "scale": "2", "dither": "0.5", "at": "50%"],
      [
        .stillOnly(key: .at), .gifOnly(key: .dither), .notForLottie(key: .edgeLevels), .notForLottie(key: .scale),
      ]
    ),
  ]

  @Test(arguments: planned)
  func plansWithItsWarnings(values: KeyValuePairs<String, String>, warnings: [RenderWarning]) throws {
    let plan = try Self.request(values).plan()
    #expect(plan.warnings == warnings)
  }

  /// Requests that are refused: the error, the key it names and its kind.
  static let refused: [(KeyValuePairs<String, String>, RenderError, String?)] = [
    (["style": "wave", "style-file": "s.json", "out": "a.gif"], .conflictingStyles, "style"),
    (["out": "a.gif"], .missingStyle(names: Presets.names), "style"),
    (
      ["style": "wav", "out": "a.gif"],
      .unknownStyle("wav", names: Presets.names, suggestion: "wave"), "style"
    ),
    (["style": "wave"], .missingOutput, "out"),
    (["style": "wave", "out": "a.jpg"], .unknownExtension(path: "a.jpg", extension: "jpg"), "out"),
    (
      ["style": "wave", "out": "a.gif", "scale": "4", "size": "2000"], .pixelSize(size: 2000, scale: 4),
      nil
    ),
    (["style": "wave", "out": "a.png", "at": "9s"], .stillTimeAfterEnd(seconds: 9, duration: 4), "at"),
  ]

  @Test(arguments: refused)
  func refusesNamingTheKey(values: KeyValuePairs<String, String>, error: RenderError, key: String?) throws {
    #expect(throws: error) { try Self.request(values).plan() }
    #expect(error.key?.name == key)
    #expect(error.kind == .badInput)
  }

  /// The message names each field as asked, and by its key alone by default.
  @Test func messagesNameTheFieldAsAsked() {
    let error = RenderError.stillTimeAfterEnd(seconds: 9, duration: 2)
    #expect(error.description == "at 9s is out of range: expected a time within the 2 s output: 0s…2s or 0%…100%")
    #expect(error.description(naming: { "--" + $0.name }).hasPrefix("--at 9s is out of range"))
    #expect(
      RenderWarning.gifOnly(key: .colors).message(naming: \.name)
        == "colors is used only for a GIF (out name.gif); ignored")
    #expect(
      RenderWarning.animationOnly(key: .loop).message(naming: \.name)
        == "loop is used only for an animation (out name.gif, name.webp or name.apng); ignored")
    #expect(!RenderError.conflictingStyles.description.contains("--"))
  }

  /// A bad style file is refused naming `style-file`; a track no part reads is a warning.
  @Test func styleFiles() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("{".utf8).write(to: URL(fileURLWithPath: folder + "/bad.json"))
    let bad = try Self.request(["style-file": folder + "/bad.json", "out": "a.gif"])
    do {
      _ = try bad.plan()
      Issue.record("a bad style file planned")
    } catch {
      guard case .styleFile = error else { throw error }
      #expect(error.key == .styleFile && error.kind == .badInput)
    }
    var style = try Presets.named("download")
    var rotation = try #require(style.tracks.first { $0.name == "progress" })
    rotation.name = "level"
    style.tracks.append(rotation)
    try Data(try style.canonicalJSON().utf8).write(to: URL(fileURLWithPath: folder + "/rotated.json"))
    let plan = try Self.request(["style-file": folder + "/rotated.json", "out": "a.gif"]).plan()
    #expect(plan.warnings == [.unreadTrack("level", style: "download", readers: ["wave"])])
    #expect(plan.job.baseDirectory == folder)
  }

  /// Pre-flight: the picture `image` names must exist and be a file; the output's folder must exist.
  @Test func preflightNamesTheKey() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cases: [(KeyValuePairs<String, String>, RenderError)] = [
      (
        ["style": "upload", "out": folder + "/a.gif", "image": folder + "/no.png"],
        .missingImage(path: folder + "/no.png")
      ),
      (["style": "upload", "out": folder + "/a.gif", "image": folder], .unreadableImage(path: folder)),
      (
        ["style": "wave", "out": "/nope/a.gif"],
        .missingFolder(folder: "/nope", path: "/nope/a.gif")
      ),
    ]
    for (values, error) in cases {
      let plan = try Self.request(values).plan()
      #expect(throws: error) { try plan.preflight() }
    }
    try Data("not a png".utf8).write(to: URL(fileURLWithPath: folder + "/bad.png"))
    let plan = try Self.request(["style": "upload", "out": folder + "/a.gif", "image": folder + "/bad.png"]).plan()
    do {
      try plan.preflight()
      Issue.record("a bad picture passed pre-flight")
    } catch {
      guard case .image(let key, _) = error else { throw error }
      #expect(key == .look(.image) && error.key == .look(.image))
    }
    #expect(throws: Never.self) {
      try Self.request(["style": "wave", "out": folder + "/a.gif"]).plan().preflight()
    }
  }
}
