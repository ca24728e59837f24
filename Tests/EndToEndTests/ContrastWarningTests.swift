import Foundation
import Testing

/// The contrast check through the binary (issue 19): `render` warns of a label or an arc under
/// 3:1 against what is behind it, naming both colours; the presets' other appearances do not.
@Suite struct ContrastWarningTests {
  /// (arguments, the contrast warnings expected, each a prefix).
  static let cases: [([String], [String])] = [
    (["--style", "download"], ["the arc #d6d6d6 on the background #ffffff has a contrast of 1.45:1, under the 3:1"]),
    (["--style", "download", "--appearance", "dark"], []),
    (["--style", "thumb"], ["the thumb's label #ff0000 on the thumb #aaaaaa has a contrast of 1.72:1"]),
    (["--style", "thumb", "--timer-color", "#000000"], []),
    (["--style", "thumb", "--size", "64"], []),
    (
      ["--style", "upload", "--text-color", "#1c1c1e"],
      ["the label #1c1c1e on its halo #262626 has a contrast of 1.12:1"]
    ),
    (
      ["--style", "material", "--color", "#f4f4f4"],
      ["the arc #f4f4f4 on the background #ffffff has a contrast of 1.09:1"]
    ),
    (["--style", "wave", "--appearance", "dark"], []),
  ]

  @Test(arguments: cases)
  func warnsUnderThreeToOne(arguments: [String], expected: [String]) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(arguments + ["--out", "x.png", "--quiet"])
    #expect(result.status == 0, "\(result.fullErr)")
    let warnings = result.contrastWarnings
    #expect(warnings.count == expected.count, "\(result.fullErr)")
    for (warning, start) in zip(warnings, expected) {
      #expect(warning.hasPrefix("progress-render: warning: " + start), "\(warning)")
      #expect(warning.hasSuffix("see --appearance and the colour options"), "\(warning)")
    }
  }
}
