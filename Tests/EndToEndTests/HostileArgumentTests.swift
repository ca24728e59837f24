import Foundation
import Testing

/// Command-line values a hostile or careless user types (issue 10, small things): numbers are
/// plain decimals only, colours are strict, and control characters in a value are escaped so
/// the error stays one line.
@Suite struct HostileArgumentTests {
  private static let colour =
    "expected a colour: #RRGGBB, #RRGGBBAA, rgb(r g b / a), hsl(h s% l%), hwb(h w% b%), a CSS colour name such as 'orange' or a system colour such as 'systemBlue' (light) or 'systemBlue-dark'"

  @Test(arguments: [
    (["--fps", "0x1p4"], "--fps '0x1p4' is not a number: expected a number 0.01…50 (frames per second)"),
    (["--fps", "+5"], "--fps '+5' is not a number: expected a number 0.01…50 (frames per second)"),
    (["--fps", "inf"], "--fps 'inf' is not a number: expected a number 0.01…50 (frames per second)"),
    (["--fps", "nan"], "--fps 'nan' is not a number: expected a number 0.01…50 (frames per second)"),
    (["--fps", "1_0"], "--fps '1_0' is not a number: expected a number 0.01…50 (frames per second)"),
    (
      ["--size", "+5"],
      "--size '+5' is not a whole number or WIDTHxHEIGHT: expected a whole number 1…4096 (pixels) or WIDTHxHEIGHT ('50x16')"
    ),
    (
      ["--size", "0x10"],
      "--size 0x10 is out of range: expected a whole number 1…4096 (pixels) or WIDTHxHEIGHT ('50x16')"
    ),
    (
      ["--size", "99999999999999999999"],
      "--size '99999999999999999999' is not a whole number or WIDTHxHEIGHT: expected a whole number 1…4096 (pixels) or WIDTHxHEIGHT ('50x16')"
    ),
    (["--color", "rgb(255,255,255,)"], "--color 'rgb(255,255,255,)' is not a colour: " + colour),
    (["--color", "rgb(+1,2,3)"], "--color 'rgb(+1,2,3)' is not a colour: " + colour),
    (["--color", "rgba(1,2,3,0x1p-1)"], "--color 'rgba(1,2,3,0x1p-1)' is not a colour: " + colour),
    (["--color", "#ＦＦＦ"], "--color '#ＦＦＦ' is not a colour: " + colour),
    (["--fps", "1\n2"], "--fps '1\\n2' is not a number: expected a number 0.01…50 (frames per second)"),
    (["--color", "red\r\u{1B}[2J"], "--color 'red\\r\\u{1B}[2J' is not a colour: " + colour),
    (["--color", "reed"], "--color 'reed' is not a colour (did you mean 'red'?): " + colour),
    (["--color", "systemBlu"], "--color 'systemBlu' is not a colour (did you mean 'systemBlue'?): " + colour),
    (["--color", "rgb(1 2\n3)"], "--color 'rgb(1 2\\n3)' is not a colour: " + colour),
    (["--caption", "a\nb", "--color", "x\u{2028}"], "--color 'x\\u{2028}' is not a colour: " + colour),
  ])
  func refused(extra: [String], message: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(["--style", "download", "--out", "out.gif"] + extra)
    #expect(result.status == 2)
    #expect(result.errLines == ["progress-render: error: " + message])
    #expect(try scratch.workContents().isEmpty)
  }

  /// Plain decimals are still read, with spaces around them as before.
  @Test(arguments: [
    ["--fps", "12.5"], ["--fps", ".5e1"], ["--fps", "1E1"], ["--size", "-0"], ["--size", " 64 "],
    ["--color", "rgb(0 122 255 / 50%)"], ["--color", "hsl(210deg 100% 50%)"], ["--color", "systemBlue-dark"],
    ["--background", "hwb(0.5turn 10% 10%)"], ["--color", "#f80c"],
  ])
  func accepted(extra: [String]) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let size = extra.first == "--size" ? [] : ["--size", "32"]
    let result = try scratch.run(["--style", "download", "--out", "s.png"] + size + extra)
    #expect(extra.contains("-0") ? result.status == 2 : result.status == 0, "\(result.err)")
  }
}
