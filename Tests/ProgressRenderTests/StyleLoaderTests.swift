import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderSupport

@Suite struct StyleLoaderTests {
  static let base = """
    {
      "name": "t", "summary": "", "size": 100, "duration": 2, "fps": 30, "background": "#ffffff",
      "tracks": [{"name": "progress", "keyframes": [{"time": 0, "value": 0}, {"time": 1, "value": 1}]}],
      "look": {
        "arc": {"color": "#d6d6d6", "width": 12},
        "labels": [{"format": "%.0f", "source": "progress", "font": {"size": 14}, "color": "black"}]
      }
    }
    """

  static func decode(_ text: String) throws(StyleError) -> Style {
    try StyleLoader.decode(data: Data(text.utf8), source: "test.json")
  }

  static func message(_ text: String) -> String? {
    do {
      _ = try decode(text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func baseDecodes() throws {
    let style = try Self.decode(Self.base)
    #expect(style.tracks[0].keyframes.map(\.value) == [0, 1])
    #expect(style.look.arc?.color == RGBAColor(r: 214, g: 214, b: 214))
  }

  /// Each edit of the base document and the one line it must produce.
  @Test(arguments: [
    (#""fps": 30"#, #""fps": 30, "fps": "#, "test.json: not valid JSON: invalid value at line 2, column 77"),
    (#""size": 100"#, #""size": "big""#, #"test.json: size: expected a number, found the string "big""#),
    (#""size": 100"#, #""size": null"#, "test.json: size: expected a number, found null"),
    (#""size": 100"#, #""size": true"#, "test.json: size: expected a number, found true"),
    (
      #"{"time": 1, "value": 1}"#, #"{"time": "1s", "value": 1}"#,
      #"test.json: tracks[0].keyframes[1].time: expected a number, found the string "1s""#
    ),
    (#""tracks": ["#, #""trakcs": ["#, "test.json: trakcs: unknown key; did you mean 'tracks'?"),
    (
      #""summary": """#, #""summary": "", "y": 1"#,
      "test.json: y: unknown key; expected one of background, dark, duration, fps, light, look, name, size, summary, tracks"
    ),
    (#""duration": 2"#, #""durration": 2"#, "test.json: durration: unknown key; did you mean 'duration'?"),
    (
      #""width": 12"#, #""width": 12, "glow": 3"#,
      "test.json: look.arc.glow: unknown key; "
        + "expected one of cap, clockwise, color, colorSource, colors, minProgress, source, startAngle, tailSource, width"
    ),
    (
      #""value": 1}]"#, #""value": 1}], "timing": {"bgin": 1}"#,
      "test.json: tracks[0].timing.bgin: unknown key; did you mean 'begin'?"
    ),
    (
      #"{"time": 0, "value": 0}"#, #"{"time": 0, "value": 0, "easing": "bounce"}"#,
      "test.json: tracks[0].keyframes[0].easing: " + StyleError.easing(text: "bounce", reason: nil).description
    ),
    (
      #"{"time": 1, "value": 1}"#, #"{"time": 1, "value": 1}, {"time": 0.5, "value": 0}"#,
      "test.json: tracks[0].keyframes[2].time: 0.5 is before the previous key's time 1; "
        + "keys must be in ascending time order"
    ),
    (##""#d6d6d6""##, ##""#d6d6d""##, "test.json: look.arc.color: " + StyleError.color(text: "#d6d6d").description),
    (
      #""name": "progress""#, #""name": "progress", "calculation": "pased""#,
      "test.json: tracks[0].calculation: 'pased' is not one of linear, discrete, paced (did you mean 'paced'?)"
    ),
    (#""fps": 30, "#, "", "test.json: fps: required key is missing"),
    (#""tracks": [{"#, #""tracks": [5, {"#, "test.json: tracks[0]: expected an object, found the number 5"),
    (#""size": 100"#, #""size": 0"#, "test.json: size: expected a number greater than 0, found 0"),
    (#""fps": 30"#, #""fps": -2.5"#, "test.json: fps: expected a number in 0.01…50, found -2.5"),
    (#""name": "t""#, #""name": " ""#, "test.json: name: must not be empty"),
    (
      #"{"time": 0, "value": 0}, {"time": 1, "value": 1}"#, "",
      "test.json: tracks[0].keyframes: expected at least one keyframe"
    ),
    (
      #"{"time": 0, "value": 0}"#, #"{"time": -1, "value": 0}"#,
      "test.json: tracks[0].keyframes[0].time: expected a number in 0…3600, found -1"
    ),
    (
      #""value": 1}]"#, #""value": 1}], "timing": {"speed": 0}"#,
      "test.json: tracks[0].timing.speed: expected a number greater than 0, found 0"
    ),
    (
      #""value": 1}]"#, #""value": 1}], "timing": {"repeatCount": -1}"#,
      "test.json: tracks[0].timing.repeatCount: expected a number in 0…1000000, found -1"
    ),
    (
      #""value": 1}]}]"#, #""value": 1}]}, {"name": "progress", "keyframes": [{"time": 0, "value": 0}]}]"#,
      "test.json: tracks[1].name: 'progress' is already the name of tracks[0]; names must be unique"
    ),
    (#""width": 12"#, #""width": -1"#, "test.json: look.arc.width: expected a number in 0…4096, found -1"),
    (
      ##""color": "#d6d6d6""##, ##""color": "#d6d6d6", "minProgress": 2"##,
      "test.json: look.arc.minProgress: expected a number in 0…1, found 2"
    ),
    (
      #""format": "%.0f""#, #""format": "%s""#,
      "test.json: look.labels[0].format: "
        + StyleError.labelFormat(format: "%s", reason: "'%s' is not a supported conversion").description
    ),
    (
      #""source": "progress""#, #""source": "progres""#,
      "test.json: look.labels[0].source: no track named 'progres' (did you mean 'progress'?); "
        + "expected one of progress, time"
    ),
    (
      #""source": "progress", "#, "",
      "test.json: look.labels[0].source: the format '%.0f' shows a value: name a track or 'time' as its source"
    ),
    (#""size": 14"#, #""size": 0"#, "test.json: look.labels[0].font.size: expected a number greater than 0, found 0"),
    // Hostile sizes are refused before anything is drawn (they once hung or trapped the tool).
    (
      #""size": 14"#, #""size": 1e12"#,
      "test.json: look.labels[0].font.size: expected a number in 0…1024, found 1000000000000"
    ),
    (#""width": 12"#, #""width": 5000"#, "test.json: look.arc.width: expected a number in 0…4096, found 5000"),
    (#""size": 100"#, #""size": 5000"#, "test.json: size: expected a number in 0…4096, found 5000"),
    (#""fps": 30"#, #""fps": 1e-300"#, "test.json: fps: expected a number in 0.01…50, found 1e-300"),
    (#""duration": 2"#, #""duration": 3600"#, "test.json: duration: 3600 s at 30 fps is more than 10000 frames"),
    (
      #""format": "%.0f""#, #""format": "%.0f\#(String(repeating: "x", count: 1000))""#,
      "test.json: look.labels[0].format: is 1004 characters long; use at most 1000"
    ),
  ])
  func rejects(old: String, new: String, expected: String) {
    #expect(Self.base.contains(old))
    #expect(Self.message(Self.base.replacingOccurrences(of: old, with: new)) == expected)
  }

  @Test(arguments: [
    ("", "test.json: not valid JSON: unexpected end of file during JSON parse"),
    ("{\n  \"name\": x}", "test.json: not valid JSON: invalid value at line 2, column 11"),
    ("[1]", "test.json: expected a JSON object with the style's keys, found an array"),
    ("\"style\"", "test.json: expected a JSON object with the style's keys, found the string \"style\""),
  ])
  func rejectsDocuments(text: String, expected: String) {
    #expect(Self.message(text) == expected)
  }

  @Test func loadsFilesAndNamesThem() throws {
    let directory = NSTemporaryDirectory() + "progress-render-style-loader-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/style.json"
    try Data(Self.base.utf8).write(to: URL(fileURLWithPath: path))
    #expect(try StyleLoader.load(path: path) == Self.decode(Self.base))
    #expect(
      throws: StyleError.invalid(
        source: directory + "/nope.json", path: "", message: "no such file; give the path of a style JSON file")
    ) {
      try StyleLoader.load(path: directory + "/nope.json")
    }
    #expect(
      throws: StyleError.invalid(
        source: directory, path: "", message: "is a directory; give the path of a style JSON file")
    ) {
      try StyleLoader.load(path: directory)
    }
    try Data("{\"size\": 1,".utf8).write(to: URL(fileURLWithPath: path))
    #expect(
      throws: StyleError.invalid(
        source: path, path: "", message: "not valid JSON: unexpected end of file during JSON parse")
    ) {
      try StyleLoader.load(path: path)
    }
  }

  @Test func errorsAreOneLine() {
    let error = StyleError.invalid(source: "a.json", path: "x", message: "two\nlines")
    #expect(error.description == #"a.json: x: two\nlines"#)
    #expect(StyleError.invalid(source: "a.json", path: "", message: "m").description == "a.json: m")
  }

  @Test(
    arguments: [
      ("durration", "duration"), ("bgin", "begin"), ("colour", "color"), ("Size", "size"), ("xyzzy", nil),
    ] as [(String, String?)])
  func nearestName(typo: String, expected: String?) {
    let keys = ["begin", "color", "duration", "fps", "name", "size", "speed", "summary"]
    #expect(NearestWord.suggestion(for: typo, among: keys) == expected)
  }
}
