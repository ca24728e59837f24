import ProgressRender
import Testing

@testable import progress_render

@Suite struct ArgumentParserTests {
  private static let parser = ArgumentParser(options: [
    OptionSpec("--size", .integer(1...4096, unit: "pixels"), "PX", "Canvas edge."),
    OptionSpec("--fps", .number(lower: 0, lowerOpen: true, upper: 50, unit: nil), "FPS", "Rate."),
    OptionSpec("--progress", .number(lower: 0, lowerOpen: false, upper: 1, unit: nil), "P", "Progress."),
    OptionSpec("--color", .color, "COLOR", "Colour."),
    OptionSpec("--caption", .text, "TEXT", "Caption."),
    OptionSpec("--at", .time, "TIME", "Time."),
    OptionSpec("--variant", .choice(["pie", "ring"]), "NAME", "Variant."),
    OptionSpec.flag("--quiet", "Quiet."),
    OptionSpec("--out", .path, "PATH", "Output."),
    OptionSpec("--ignore", .text, "RECT", "Repeatable.", repeatable: true),
  ])

  private static func message(_ arguments: [String]) -> String? {
    do {
      _ = try parser.parse(arguments)
      return nil
    } catch {
      return error.description
    }
  }

  @Test(arguments: [
    (["--size", "100"], "--size", OptionValue.integer(100)),
    (["--size=100"], "--size", .integer(100)),
    (["--fps", "12.5"], "--fps", .number(12.5)),
    (["--progress=0"], "--progress", .number(0)),
    (["--progress", "1"], "--progress", .number(1)),
    (["--color", "orange"], "--color", .color(RGBAColor(r: 255, g: 165, b: 0))),
    (["--color=#00000066"], "--color", .color(RGBAColor(r: 0, g: 0, b: 0, a: 0x66))),
    (["--caption", "已推送至 3 家"], "--caption", .text("已推送至 3 家")),
    (["--caption=a=b"], "--caption", .text("a=b")),
    (["--variant", "ring"], "--variant", .text("ring")),
    (["--quiet"], "--quiet", .flag),
    (["--at", "1.5s"], "--at", .time(.seconds(1.5))),
    (["--at", "1500ms"], "--at", .time(.seconds(1.5))),
    (["--at", "40%"], "--at", .time(.fraction(0.4))),
    (["--at", "2"], "--at", .time(.seconds(2))),
    (["--at=0s"], "--at", .time(.seconds(0))),
    (["--at", "12f"], "--at", .time(.frame(12))),
    (["--at", " 0F "], "--at", .time(.frame(0))),
  ])
  func parsesValues(arguments: [String], option: String, value: OptionValue) throws {
    let parsed = try Self.parser.parse(arguments)
    #expect(parsed.values == [option: value])
    #expect(parsed.positionals.isEmpty)
  }

  /// A repeated option: the last one wins (git, curl, ffmpeg); a repeated flag is harmless; a
  /// repeatable option keeps every value in order.
  @Test(arguments: [
    (["--size", "100", "--size", "200"], ["--size": OptionValue.integer(200)]),
    (["--size=1", "--fps", "2", "--size", "3"], ["--size": .integer(3), "--fps": .number(2)]),
    (["--quiet", "--quiet"], ["--quiet": .flag]),
    (["-q", "--quiet", "-q"], ["--quiet": .flag]),
    (["--out", "a.gif", "-o", "b.gif"], ["--out": .text("b.gif")]),
    (["-o=c.gif"], ["--out": .text("c.gif")]),
    (["-o", "-"], ["--out": .text("-")]),
    (["--variant", "pie", "--variant", "ring"], ["--variant": .text("ring")]),
    (["--ignore", "a", "--ignore", "b"], ["--ignore": .text("b")]),
    (["-V"], ["--version": .flag]),
    (["-h"], ["--help": .flag]),
  ])
  func lastOneWins(arguments: [String], values: [String: OptionValue]) throws {
    #expect(try Self.parser.parse(arguments).values == values)
  }

  @Test func repeatableOptionAccumulates() throws {
    let parsed = try Self.parser.parse(["--ignore", "a", "--size", "2", "--ignore=b", "--ignore", "a"])
    #expect(parsed.lists == ["--ignore": [.text("a"), .text("b"), .text("a")]])
    #expect(try Self.parser.parse(["--size", "1", "--size", "2"]).lists.isEmpty)
  }

  @Test func loneDashIsPositional() throws {
    #expect(try Self.parser.parse(["-", "b.gif"]).positionals == ["-", "b.gif"])
  }

  @Test func keepsPositionalsInOrderAndStopsAtDoubleDash() throws {
    let parsed = try Self.parser.parse(["a", "--size", "3", "b", "--", "--quiet", "-x"])
    #expect(parsed.positionals == ["a", "b", "--quiet", "-x"])
    #expect(parsed.values == ["--size": .integer(3)])
  }

  @Test(arguments: [
    (["--colour", "red"], "unknown option '--colour'; did you mean '--color'?"),
    (["--sise=4"], "unknown option '--sise'; did you mean '--size'?"),
    (["--prog", "1"], "unknown option '--prog'; did you mean '--progress'?"),
    (["--zzzzzz"], "unknown option '--zzzzzz'"),
    (["-s", "4"], "unknown option '-s'"),
    (["--size"], "missing value for '--size': expected a whole number 1…4096 (pixels)"),
    (["--size", "--quiet"], "missing value for '--size': expected a whole number 1…4096 (pixels)"),
    (["--size", "abc"], "--size 'abc' is not a whole number: expected a whole number 1…4096 (pixels)"),
    (["--size", "12.5"], "--size '12.5' is not a whole number: expected a whole number 1…4096 (pixels)"),
    (["--size", "0"], "--size 0 is out of range: expected a whole number 1…4096 (pixels)"),
    (["--size", "-5"], "--size -5 is out of range: expected a whole number 1…4096 (pixels)"),
    (["--size=5000"], "--size 5000 is out of range: expected a whole number 1…4096 (pixels)"),
    (["--fps", "0"], "--fps 0 is out of range: expected a number above 0 and at most 50"),
    (["--fps", "nan"], "--fps 'nan' is not a number: expected a number above 0 and at most 50"),
    (["--fps", "inf"], "--fps 'inf' is not a number: expected a number above 0 and at most 50"),
    (["--progress", "1.5"], "--progress 1.5 is out of range: expected a number 0…1"),
    (["--progress", "x"], "--progress 'x' is not a number: expected a number 0…1"),
    (
      ["--color", "blurple"],
      "--color 'blurple' is not a colour (did you mean 'purple'?): expected a colour: #RRGGBB, #RRGGBBAA, rgb(r g b / a), hsl(h s% l%), hwb(h w% b%), a CSS colour name such as 'orange' or a system colour such as 'systemBlue' (light) or 'systemBlue-dark'"
    ),
    (["--caption="], "--caption '' is empty: expected a text"),
    (["--variant", "rign"], "--variant 'rign' is not one of pie, ring; did you mean 'ring'?"),
    (["--variant", "donut"], "--variant 'donut' is not one of pie, ring"),
    (["--quiet=yes"], "'--quiet' takes no value, got 'yes'"),
    (["--size", "1", "--size", "x"], "--size 'x' is not a whole number: expected a whole number 1…4096 (pixels)"),
    (["--size", "x", "--size", "2"], "--size 'x' is not a whole number: expected a whole number 1…4096 (pixels)"),
    (["-o"], "missing value for '-o': expected a path"),
    (["-O", "x"], "unknown option '-O'; did you mean '-o'?"),
    (["-Q"], "unknown option '-Q'; did you mean '-q'?"),
    (["-H"], "unknown option '-H'; did you mean '-h'?"),
    (["-v"], "unknown option '-v'; did you mean '-V'?"),
    (["-out", "x"], "unknown option '-out'; did you mean '--out'?"),
    (["-q=yes"], "'-q' takes no value, got 'yes'"),
    (
      ["--at", "3x"],
      "--at '3x' is not a time: expected a time: seconds ('1.5s'), milliseconds ('1500ms'), a percentage of the "
        + "duration ('40%') or a frame number ('12f')"
    ),
    (
      ["--at", "2.5f"],
      "--at '2.5f' is not a whole frame number: expected a time: seconds ('1.5s'), milliseconds ('1500ms'), a "
        + "percentage of the duration ('40%') or a frame number ('12f')"
    ),
    (["--at", "-3f"], "--at -3f is out of range: expected a frame ≥ 0f"),
    (["--at", "150%"], "--at 150% is out of range: expected 0%…100%"),
    (["--at", "-1s"], "--at -1s is out of range: expected a time ≥ 0"),
  ])
  func rejects(arguments: [String], message: String) {
    #expect(Self.message(arguments) == message)
  }

  @Test func everyCommandAcceptsHelp() throws {
    for command in CommandLineTool.commands {
      let parsed = try ArgumentParser(options: command.options).parse(["--help"])
      #expect(parsed.values == ["--help": .flag])
    }
  }

  @Test func optionNamesAreUniquePerCommand() {
    for command in CommandLineTool.commands {
      let names = command.options.map(\.name) + ["--help", "--version"]
      #expect(Set(names).count == names.count, "\(command.name)")
    }
  }

  @Test(arguments: [
    ("--colour", ["--color", "--track-color"], "--color" as String?),
    ("rendr", ["render", "styles", "describe"], "render"),
    ("stlyes", ["render", "styles", "describe"], "styles"),
    ("xyz", ["render", "styles", "describe"], nil),
    ("a", ["b"], nil),
    ("desc", ["render", "styles", "describe"], "describe"),
  ])
  func nearestWord(word: String, candidates: [String], expected: String?) {
    #expect(NearestWord.suggestion(for: word, among: candidates) == expected)
  }

  @Test(arguments: [
    ("", "", 0), ("a", "", 1), ("", "abc", 3), ("kitten", "sitting", 3), ("--colour", "--color", 1),
    ("rign", "ring", 1), ("ab", "ba", 1),
  ])
  func editDistance(a: String, b: String, distance: Int) {
    #expect(NearestWord.editDistance(a, b) == distance)
    #expect(NearestWord.editDistance(b, a) == distance)
  }
}
