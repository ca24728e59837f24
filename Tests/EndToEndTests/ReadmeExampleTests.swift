import Foundation
import Testing

/// README's examples run as written (issue 23, item 7): every indented line of README.md that starts
/// with `progress-render ` is run by `sh`, in order, in one folder, with the built binary first on
/// PATH, and must exit 0. The folder holds a copy of `Examples/` whose manifest keeps a few of its
/// assets (with their goldens), so that `batch` and `check` run as written in seconds, not minutes.
@Suite struct ReadmeExampleTests {
  /// The example lines, in README's order.
  static func examples() throws -> [String] {
    let readme = try String(contentsOf: Binary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    return readme.split(separator: "\n").filter { $0.hasPrefix("    progress-render ") }.map {
      String($0.dropFirst(4))
    }
  }

  /// A copy of `Examples/` with a manifest of the first `light/` asset of each kind of output.
  private static func examplesFolder(in work: String) throws {
    let manager = FileManager.default
    let source = Binary.packageRoot.appendingPathComponent("Examples").path
    try manager.createDirectory(atPath: work + "/Examples/golden/light", withIntermediateDirectories: true)
    try manager.copyItem(atPath: source + "/styles", toPath: work + "/Examples/styles")
    let kept = [
      "light/download.gif", "light/download.webp", "light/download.apng", "light/download.json", "light/dots.gif",
    ]
    let manifest = try String(contentsOfFile: source + "/assets.json", encoding: .utf8)
    var lines = manifest.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      !line.contains("\"out\":") || kept.contains { line.contains("\"out\": \"\($0)\"") }
    }
    // The last asset kept ends without a comma.
    if let last = lines.lastIndex(where: { $0.contains("\"out\":") }), lines[last].hasSuffix(",") {
      lines[last].removeLast()
    }
    try lines.joined(separator: "\n").write(toFile: work + "/Examples/assets.json", atomically: true, encoding: .utf8)
    for out in kept {
      try manager.copyItem(atPath: source + "/golden/" + out, toPath: work + "/Examples/golden/" + out)
    }
  }

  @Test func everyExampleRunsAsWritten() throws {
    let examples = try Self.examples()
    #expect(examples.count >= 8)
    #expect(
      examples.contains {
        $0.hasPrefix(
          "progress-render check Examples/assets.json --golden Examples/golden --out report/ --junit report/junit.xml")
      })
    let scratch = try Binary()
    defer { scratch.remove() }
    try Self.examplesFolder(in: scratch.work)
    let folder = (Binary.path as NSString).deletingLastPathComponent
    for example in examples {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", example]
      process.currentDirectoryURL = URL(fileURLWithPath: scratch.work)
      var environment = ProcessInfo.processInfo.environment
      environment["PATH"] = folder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
      process.environment = environment
      let result = try Binary.capture(process)
      #expect(result.status == 0, "\(example): \(result.fullErr)")
    }
    #expect(FileManager.default.fileExists(atPath: scratch.work + "/report/junit.xml"))
    #expect(FileManager.default.fileExists(atPath: scratch.work + "/report/report.html"))
  }
}
