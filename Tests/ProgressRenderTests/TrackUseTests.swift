import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderRaster

@Suite struct TrackUseTests {
  private static func track(_ name: String) -> Track {
    Track(name: name, keyframes: [TrackKeyframe(time: 0, value: 0)])
  }

  private static func adding(_ names: [String], to style: Style) -> Style {
    var style = style
    style.tracks += names.map(track)
    return style
  }

  /// Each preset reads all of its own tracks; added tracks are unread unless a part of the look reads them.
  @Test(arguments: [
    ("thumb", [], []),
    ("download", ["rotation", "level", "phase", "extra"], ["level", "phase", "extra"]),
    ("countdown", ["rotation", "phase"], ["phase"]),
    ("upload", ["rotation", "scale"], ["rotation"]),
    ("wave", ["rotation", "level", "phase", "progress", "scale", "shimmer"], ["shimmer"]),
    ("material", ["progress", "color", "scale"], ["progress", "color"]),
    ("material4", ["progress", "scale"], ["progress"]),
    ("activity", ["progress", "phase", "scale"], ["progress", "phase"]),
    ("dots", ["rotation", "dot4", "scale"], ["rotation", "dot4"]),
  ])
  func unreadTracksOfPresets(name: String, added: [String], unread: [String]) throws {
    let preset = try Presets.named(name)
    #expect(preset.unreadTracks == [])
    #expect(Self.adding(added, to: preset).unreadTracks == unread)
  }

  /// Labels, arcs and pies read the track their `source` names, instead of `progress` for arcs and pies.
  @Test func sourcesAreRead() throws {
    var style = try Presets.named("download")
    style.look.labels = [LookLabel(format: "{value}", source: "shown", font: FontSpec(size: 10), color: .black)]
    style.look.arc?.source = "done"
    style = Self.adding(["shown", "done", "progress", "time"], to: style)
    #expect(style.unreadTracks == ["progress", "time"])
  }

  /// An arc's tail and colour tracks are read when it names them; a thumb reads the tail too.
  @Test func spinnerArcTracksAreRead() throws {
    var style = try Presets.named("download")
    style = Self.adding(["head", "tail", "hue"], to: style)
    #expect(style.unreadTracks == ["head", "tail", "hue"])
    style.look.arc?.source = "head"
    style.look.arc?.tailSource = "tail"
    style.look.arc?.colors = [.black, .white]
    style.look.arc?.colorSource = "hue"
    #expect(style.unreadTracks == [])
    let uses = TrackUse.uses(of: style.look).filter { $0.track == "tail" }.map(\.part)
    #expect(uses == ["arc"])
    style.look.thumb = Thumb(diameter: 4, fill: .black)
    #expect(TrackUse.uses(of: style.look).filter { $0.track == "tail" }.map(\.part) == ["arc", "thumb"])
  }

  @Test(arguments: [
    ("rotation", ["wave", "arc", "thumb", "spokes"]), ("progress", ["wave", "arc", "pie", "thumb"]),
    ("scale", ["look"]), ("level", ["wave"]),
    ("shimmer", []),
  ])
  func defaultReaders(track: String, parts: [String]) {
    #expect(TrackUse.defaultReaders(of: track) == parts)
  }

  /// The painter's lookups: the track, else the fallback track, else the default.
  @Test func valuesFallBackAsTheTableSays() {
    let scene = TrackValues(time: 0, values: ["progress": 0.25])
    #expect(TrackUse.level.value(in: scene) == 0.25)
    #expect(TrackUse.level.value(in: TrackValues(time: 0, values: ["progress": 0.25, "level": 0.5])) == 0.5)
    #expect(TrackUse.scale.value(in: scene) == 1)
    #expect(TrackUse.rotation.value(in: scene) == 0)
  }
}
