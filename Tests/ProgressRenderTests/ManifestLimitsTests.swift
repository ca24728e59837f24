import Foundation
import Testing

@testable import ProgressRenderBatch

/// Hostile manifests (issue 10, item 19): too large, too many entries, too long values, or not a
/// regular file, each refused with one line naming the manifest and the limit, without reading
/// more than the limit.
@Suite struct ManifestLimitsTests {
  static func message(_ text: String) -> String? {
    do {
      _ = try BatchManifest.decode(Data(text.utf8), path: "m.json")
      return nil
    } catch {
      return error.description
    }
  }

  @Test func tooManyEntries() {
    let entry = #"{"style":"wave","out":"a.gif"}"#
    let many = "{\"assets\":[" + Array(repeating: entry, count: 10_001).joined(separator: ",") + "]}"
    #expect(
      Self.message(many) == #"manifest 'm.json': "assets" has 10001 entries; a manifest may have at most 10000"#)
    let most = "{\"assets\":[" + Array(repeating: entry, count: 10_000).joined(separator: ",") + "]}"
    #expect(Self.message(most) == nil)
  }

  @Test func tooLongValues() {
    let long = String(repeating: "x", count: 4097)
    #expect(
      Self.message(#"{"assets":[{"style":"wave","out":"\#(long)"}]}"#)
        == "manifest 'm.json': assets[0].out: is 4097 characters long; at most 4096")
  }

  @Test func filesThatCannotBeManifests() throws {
    let directory = NSTemporaryDirectory() + "progress-render-manifest-limits-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let big = directory + "/big.json"
    #expect(FileManager.default.createFile(atPath: big, contents: Data(count: BatchManifest.maxFileSize + 1)))
    #expect(mkfifo(directory + "/fifo.json", 0o600) == 0)
    for (path, why) in [
      (big, "is 4194305 bytes; at most 4194304 bytes are read"),
      (directory + "/fifo.json", "is not a regular file (a FIFO)"),
      ("/dev/zero", "is not a regular file (a device)"), (directory, "is a directory"),
    ] {
      #expect(throws: BatchError("manifest '\(path)' \(why); give the path of a JSON manifest file")) {
        try BatchManifest.load(path: path)
      }
    }
  }
}
