import Foundation
import Testing

@testable import ProgressRenderBatch
@testable import ProgressRenderRaster

@Suite struct FontMatcherTests {
  /// Patterns the presets and examples use, and an unknown family, which falls back to the
  /// default sans-serif font as `fc-match` does.
  @Test(arguments: [
    ("sans-serif", "/DejaVuSans.ttf"),
    ("DejaVu Sans", "/DejaVuSans.ttf"),
    ("DejaVu Sans:weight=bold", "/DejaVuSans-Bold.ttf"),
    ("WenQuanYi Micro Hei", "/wqy-microhei.ttc"),
    ("No Such Family Xyz", "/DejaVuSans.ttf"),
  ])
  func matchesTheInstalledFonts(pattern: String, fileSuffix: String) throws {
    let file = try FontMatcher().file(for: pattern)
    #expect(file.hasSuffix(fileSuffix), "\(pattern) -> \(file)")
    #expect(FontFileLocator.file(for: pattern) == file)
  }

  @Test(arguments: ["sans-serif", "DejaVu Sans", "WenQuanYi Micro Hei", "No Such Family Xyz", "serif:weight=bold"])
  func agreesWithFcMatch(pattern: String) throws {
    let tool = "/usr/bin/fc-match"
    guard FileManager.default.isExecutableFile(atPath: tool) else { return }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = ["--format=%{file}", pattern]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(try FontMatcher().file(for: pattern) == String(decoding: data, as: UTF8.self))
  }

  @Test func aPatternThatDoesNotParseThrows() throws {
    #expect(throws: RasterError.self) { try FontMatcher().file(for: ":weight=zzz") }
    #expect(FontFileLocator.file(for: ":weight=zzz") == nil)
  }
}
