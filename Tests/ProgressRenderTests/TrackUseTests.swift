import Testing

@testable import ProgressRender

@Suite struct TrackUseTests {
  private static func track(_ name: String) -> Track {
    Track(name: name, keyframes: [Keyframe(time: 0, value: 0)])
  }

  private static func adding(_ names: [String], to style: Style) -> Style {
    var style = style
    style.tracks += names.map(track)
    return style
  }

  /// Each preset reads all of its own tracks; added tracks are unread unless a part of the look reads them.
  @Test(arguments: [
    ("thumb", [], []),
    ("download", ["rotation", "level", "phase", "extra"], ["rotation", "level", "phase", "extra"]),
    ("countdown", ["rotation"], ["rotation"]),
    ("upload", ["rotation", "scale"], ["rotation"]),
    ("wave", ["rotation", "level", "phase", "progress", "scale", "shimmer"], ["shimmer"]),
  ])
  func unreadTracksOfPresets(name: String, added: [String], unread: [String]) throws {
    let preset = try #require(Presets.named(name))
    #expect(preset.unreadTracks == [])
    #expect(Self.adding(added, to: preset).unreadTracks == unread)
  }

  /// Labels, arcs and pies read the track their `source` names, instead of `progress` for arcs and pies.
  @Test func sourcesAreRead() throws {
    var style = try #require(Presets.named("download"))
    style.look.labels = [Label(format: "{value}", source: "shown", font: FontSpec(size: 10), color: .black)]
    style.look.arc?.source = "done"
    style = Self.adding(["shown", "done", "progress", "time"], to: style)
    #expect(style.unreadTracks == ["progress", "time"])
  }

  @Test(arguments: [
    ("rotation", ["wave"]), ("progress", ["wave", "arc", "pie", "thumb"]), ("scale", ["look"]), ("level", ["wave"]),
    ("shimmer", []),
  ])
  func defaultReaders(track: String, parts: [String]) {
    #expect(TrackUse.defaultReaders(of: track) == parts)
  }

  /// The painter's lookups: the track, else the fallback track, else the default.
  @Test func valuesFallBackAsTheTableSays() {
    let scene = Scene(time: 0, values: ["progress": 0.25])
    #expect(Painter.value(TrackUse.level, in: scene) == 0.25)
    #expect(Painter.value(TrackUse.level, in: Scene(time: 0, values: ["progress": 0.25, "level": 0.5])) == 0.5)
    #expect(Painter.value(TrackUse.scale, in: scene) == 1)
    #expect(Painter.value(TrackUse.rotation, in: scene) == 0)
  }
}
