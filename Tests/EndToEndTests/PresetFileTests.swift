import Foundation
import ProgressRender
import Testing

/// The presets are the files in `Resources/presets/`, embedded into the binary: `describe NAME`
/// prints each file byte for byte, also from a copy of the binary far from the package.
@Suite struct PresetFileTests {
  /// `Resources/presets/` of the package.
  static let folder = Binary.packageRoot.appendingPathComponent("Resources/presets")

  /// The preset names: one per JSON file.
  static let names: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) }.sorted()

  /// A preset's file, as text.
  private func file(_ name: String) throws -> String {
    try String(contentsOf: Self.folder.appendingPathComponent(name + ".json"), encoding: .utf8)
  }

  @Test func theShippedPresetsAreFiles() {
    #expect(
      Self.names == [
        "activity", "countdown", "dots", "download", "material", "material4", "thumb", "upload", "wave",
      ])
  }

  @Test(arguments: names)
  func describePrintsTheFileByteForByte(name: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(["describe", name])
    #expect(result.status == 0)
    #expect(result.err.isEmpty)
    #expect(result.out == (try file(name)))
  }

  @Test func stylesListsEveryFile() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let lines = try scratch.run(["styles"]).out.split(separator: "\n", omittingEmptySubsequences: false)
    let listed = lines.prefix { !$0.isEmpty }
    #expect(listed.map { String($0.prefix { $0 != " " }) }.sorted() == Self.names)
  }

  /// No resource bundle: a copy of the binary in a folder of its own still has every preset.
  /// `cp` copies it in a child process, so no other test's child inherits a descriptor open for
  /// writing on the copy (which would make running it fail with "text file busy").
  @Test func aCopiedBinaryStillHasItsPresets() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let copy = scratch.root + "/progress-render"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", #"cp "$0" "$1" && exec "$1" describe wave"#, Binary.path, copy]
    process.currentDirectoryURL = URL(fileURLWithPath: scratch.root)
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: data, as: UTF8.self) == (try file("wave")))
  }
}
