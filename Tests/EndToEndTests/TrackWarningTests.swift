import Foundation
import Testing

/// A track that no part of the style reads is named in a warning, and changes nothing drawn.
@Suite struct TrackWarningTests {
  private static let warning =
    "progress-render: warning: style 'download' has a track 'rotation' that none of its parts reads "
    + "(read by: wave); ignored"

  /// `download` as `describe` prints it, with a copy of its `progress` track named `rotation` added.
  private func styleWithRotation(_ scratch: Binary) throws -> (plain: String, rotated: String) {
    let described = try scratch.run(["describe", "download"]).out
    var style = try #require(try JSONSerialization.jsonObject(with: Data(described.utf8)) as? [String: Any])
    var tracks = try #require(style["tracks"] as? [[String: Any]])
    var rotation = try #require(tracks.first { $0["name"] as? String == "progress" })
    rotation["name"] = "rotation"
    tracks.append(rotation)
    style["tracks"] = tracks
    let rotated = try JSONSerialization.data(withJSONObject: style)
    scratch.write("plain.json", described)
    scratch.write("rotated.json", String(decoding: rotated, as: UTF8.self))
    return (scratch.root + "/plain.json", scratch.root + "/rotated.json")
  }

  @Test func renderWarnsAndDrawsTheSameBytes() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let styles = try styleWithRotation(scratch)
    // 96 px: the smallest Examples size, where the label "100" fits inside the ring (no label warning).
    let plain = try scratch.run(["--style-file", styles.plain, "--out", "plain.gif", "--size", "96", "--quiet"])
    #expect(plain.status == 0 && plain.err.isEmpty)
    let rotated = try scratch.run(["--style-file", styles.rotated, "--out", "rotated.gif", "--size", "96", "--quiet"])
    #expect(rotated.status == 0)
    #expect(rotated.errLines == [Self.warning])
    let a = try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/plain.gif"))
    #expect(a.count > 100)
    #expect(a == (try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/rotated.gif"))))
  }

  @Test func batchWarnsForEachEntryWithTheTrack() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let styles = try styleWithRotation(scratch)
    scratch.write(
      "assets.json",
      """
      {"assets": [
        {"style-file": "\(styles.rotated)", "out": "a.gif", "size": 48},
        {"style-file": "\(styles.plain)", "out": "b.gif", "size": 48},
        {"style": "wave", "out": "c.gif", "size": 48}
      ]}
      """)
    let result = try scratch.run(["batch", "../assets.json"])
    #expect(result.status == 0)
    #expect(result.errLines.filter { $0.contains("track") }.count == 1)
    #expect(result.errLines.contains { $0.hasSuffix(Self.warning.dropFirst("progress-render: warning: ".count)) })
  }
}
