import Foundation
import Testing

/// A track that no part of the style reads is named in a warning, and changes nothing drawn.
@Suite struct TrackWarningTests {
  private static let warning =
    "progress-render: warning: style 'download' has a track 'level' that none of its parts reads "
    + "(read by: wave); ignored"

  /// `download` as `describe` prints it, with a copy of its `progress` track named `name` added
  /// (`level` is the wave's water: nothing in `download` reads it).
  static func styleWithRotation(_ scratch: Binary, name: String = "level") throws -> (plain: String, rotated: String) {
    let described = try scratch.run(["describe", "download"]).out
    var style = try #require(try JSONSerialization.jsonObject(with: Data(described.utf8)) as? [String: Any])
    var tracks = try #require(style["tracks"] as? [[String: Any]])
    var rotation = try #require(tracks.first { $0["name"] as? String == "progress" })
    rotation["name"] = name
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
    let styles = try Self.styleWithRotation(scratch)
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

  /// A `rotation` track on a ring is read now: it turns the arc, without a warning.
  @Test func rotationTurnsTheArc() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let styles = try Self.styleWithRotation(scratch, name: "rotation")
    let plain = try scratch.run(["--style-file", styles.plain, "--out", "plain.png", "--size", "48", "--at", "50%"])
    #expect(plain.status == 0)
    let rotated = try scratch.run([
      "--style-file", styles.rotated, "--out", "rotated.png", "--size", "48", "--at", "50%",
    ])
    #expect(rotated.status == 0)
    #expect(!rotated.err.contains("warning"))
    let a = try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/plain.png"))
    #expect(a != (try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/rotated.png"))))
  }

  @Test func batchWarnsForEachEntryWithTheTrack() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let styles = try Self.styleWithRotation(scratch)
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

/// `check` warns as `batch` does (it printed no warnings at all), and `--font` naming a family no
/// installed font has warns in `render` and `batch`; an installed or generic family does not.
@Suite struct PlanWarningTests {
  @Test func checkWarnsAboutAnUnreadTrack() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let styles = try TrackWarningTests.styleWithRotation(scratch)
    #expect(
      FileManager.default.createFile(
        atPath: scratch.work + "/assets.json",
        contents: Data(
          #"{"assets": [{"style-file": "\#(styles.rotated)", "out": "a.gif", "size": 24, "fps": 5}]}"#.utf8)))
    let result = try scratch.run(["check", "assets.json", "--golden", "golden"])
    #expect(result.status == 1)
    #expect(
      result.errLines.contains { $0.contains("has a track 'level' that none of its parts reads") }, "\(result.err)")
  }

  @Test(arguments: [
    ("NoSuchFamilyXyz", true), ("NoSuchFamilyXyz,DejaVu Sans", false), ("DejaVu Sans", false),
    ("dejavu sans:weight=bold", false), ("sans-serif", false), ("monospace", false),
  ])
  func fontFamilyWarns(family: String, warns: Bool) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(["--style", "thumb", "--font", family, "--out", "t.png", "--quiet"])
    #expect(result.status == 0)
    let warning =
      "progress-render: warning: --font '\(family)': no installed font has this family (see 'fc-list : family'); "
      + "labels use fontconfig's fallback"
    #expect(result.errLines == (warns ? [warning] : []), "\(result.err)")
  }

  @Test func batchWarnsAboutTheFont() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    #expect(
      FileManager.default.createFile(
        atPath: scratch.work + "/assets.json",
        contents: Data(#"{"assets": [{"style": "thumb", "font": "NoSuchFamilyXyz", "out": "a.png", "size": 24}]}"#.utf8)
      ))
    let result = try scratch.run(["batch", "assets.json"])
    #expect(result.status == 0)
    #expect(
      result.errLines.contains { $0.contains("'NoSuchFamilyXyz': no installed font has this family") }, "\(result.err)")
  }
}
