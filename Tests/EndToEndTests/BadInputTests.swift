import Foundation
import FuzzSupport
import Testing

/// Every bad input of issues 2 and 3 through the real binary: exit 2, one error line naming the
/// flag or file and the value (optionally a second line pointing at --help), nothing written.
@Suite struct BadInputTests {
  private static let usageHint = "; see 'progress-render render --help'"
  private static let valid = "thumb, download, countdown, upload, wave, material, material4, activity, dots"

  /// (arguments after `--style download --out out.gif`, expected error line, second line if any).
  @Test(arguments: [
    (["--colour", "red"], "unknown option '--colour'; did you mean '--color'?", nil as String?),
    (["--sizes", "100"], "unknown option '--sizes'; did you mean '--size'?", nil),
    (["--size"], "missing value for '--size': expected a whole number 1…4096 (pixels) or WIDTHxHEIGHT ('50x16')", nil),
    (
      ["--size", "--quiet"],
      "missing value for '--size': expected a whole number 1…4096 (pixels) or WIDTHxHEIGHT ('50x16')", nil
    ),
    (
      ["--size", "big"],
      "--size 'big' is not a whole number or WIDTHxHEIGHT: expected a whole number 1…4096 (pixels) or WIDTHxHEIGHT ('50x16')",
      nil
    ),
    (
      ["--size", "0"], "--size 0 is out of range: expected a whole number 1…4096 (pixels) or WIDTHxHEIGHT ('50x16')",
      nil
    ),
    (
      ["--size", "5000"],
      "--size 5000 is out of range: expected a whole number 1…4096 (pixels) or WIDTHxHEIGHT ('50x16')", nil
    ),
    (["--scale", "x"], "--scale 'x' is not a whole number: expected a whole number 1…4", nil),
    (["--scale", "5"], "--scale 5 is out of range: expected a whole number 1…4", nil),
    (
      ["--fps", "fast"], "--fps 'fast' is not a number: expected a number 0.01…50 (frames per second)",
      nil
    ),
    (
      ["--fps", "0"], "--fps 0 is out of range: expected a number 0.01…50 (frames per second)", nil
    ),
    (
      ["--fps", "51"], "--fps 51 is out of range: expected a number 0.01…50 (frames per second)",
      nil
    ),
    (
      ["--duration", "long"],
      "--duration 'long' is not a number: expected a number above 0 and at most 10000 (seconds)",
      nil
    ),
    (
      ["--duration", "0"], "--duration 0 is out of range: expected a number above 0 and at most 10000 (seconds)",
      nil
    ),
    (
      ["--duration=-1"], "--duration -1 is out of range: expected a number above 0 and at most 10000 (seconds)",
      nil
    ),
    (["--loop", "x"], "--loop 'x' is not a whole number: expected a whole number 0…65535", nil),
    (["--loop", "65536"], "--loop 65536 is out of range: expected a whole number 0…65535", nil),
    (["--progress", "half"], "--progress 'half' is not a number: expected a number 0…1", nil),
    (["--progress", "1.5"], "--progress 1.5 is out of range: expected a number 0…1", nil),
    (
      ["--size", "2048", "--scale", "3"],
      "--size 2048 × --scale 3 = 6144 px is above the 4096 px limit; lower --size or --scale", nil
    ),
    (
      ["--duration", "500"],
      "--duration 500 × --fps 30 = 15000 frames is above the 10000 frame limit; shorten --duration or lower --fps", nil
    ),
    (
      ["--background", "blurple"],
      "--background 'blurple' is not a colour (did you mean 'purple'?): expected a colour: #RRGGBB, #RRGGBBAA, rgb(r g b / a), hsl(h s% l%), hwb(h w% b%), a CSS colour name such as 'orange' or a system colour such as 'systemBlue' (light) or 'systemBlue-dark'",
      nil
    ),
    (
      ["--color", "#12"],
      "--color '#12' is not a colour: expected a colour: #RRGGBB, #RRGGBBAA, rgb(r g b / a), hsl(h s% l%), hwb(h w% b%), a CSS colour name such as 'orange' or a system colour such as 'systemBlue' (light) or 'systemBlue-dark'",
      nil
    ),
    (["--colors", "1"], "--colors 1 is out of range: expected a whole number 2…256", nil),
    (["--dither", "2"], "--dither 2 is out of range: expected a number 0…1", nil),
    (["--edge-levels", "1"], "--edge-levels 1 is out of range: expected a whole number 2…256", nil),
    (
      ["--edge-levels", "17.5"], "--edge-levels '17.5' is not a whole number: expected a whole number 2…256",
      nil
    ),
    (
      ["--matte", "nope"],
      "--matte 'nope' is not a colour: expected a colour: #RRGGBB, #RRGGBBAA, rgb(r g b / a), hsl(h s% l%), hwb(h w% b%), a CSS colour name such as 'orange' or a system colour such as 'systemBlue' (light) or 'systemBlue-dark'",
      nil
    ),
    (["--transparency", "half"], "--transparency 'half' is not one of dither, cut", nil),
    (["--quiet=yes"], "'--quiet' takes no value, got 'yes'", nil),
    (["extra"], "unexpected argument 'extra' for 'render'", usageHint),
    (["--at", "120%"], "--at 120% is out of range: expected 0%…100%", nil),
    (
      ["--line-width", "100"],
      "--line-width 100 is out of range: use a width above 0 and at most 60 points (half the style's 120 pt canvas)",
      nil
    ),
    (
      ["--label", "%s"],
      "--label '%s' is not a label format ('%s' is not a supported conversion): use one %d or %.Nf with %% for a percent sign (e.g. '%.0f%%'), 'mm:ss', or plain text without %",
      nil
    ),
    (["--image", "missing.png"], "--image 'missing.png' does not exist; give the path of a PNG file", nil),
    (["--style-file", "x.json"], "--style and --style-file cannot be used together; give one of them", nil),
  ])
  func downloadWithBadOption(extra: [String], message: String, hint: String?) throws {
    try expectRefused(["--style", "download", "--out", "out.gif"] + extra, message: message, hint: hint)
  }

  @Test(arguments: [
    (["--style", "nope", "--out", "o.gif"], "unknown style 'nope'; valid styles: \(valid)", nil as String?),
    (
      ["--style", "donwload", "--out", "o.gif"],
      "unknown style 'donwload'; did you mean 'download'? Valid styles: \(valid)",
      nil
    ),
    (["--style", "wave"], "missing --out PATH: expected name.gif, name.png or a folder ending in '/'", usageHint),
    (
      ["--out", "o.gif"], "missing --style NAME or --style-file FILE: expected one of \(valid)", usageHint
    ),
    (["--style", "wave", "--out"], "missing value for '--out': expected a path", nil),
    (
      ["--style", "wave", "--out", "o.jpg"],
      "--out 'o.jpg' has an unknown extension '.jpg': use name.gif, name.webp or name.apng (animation), name.png (still), name.json (Lottie) or a folder ending in '/' (PNG frames)",
      nil
    ),
    (
      ["--style", "wave", "--out", "o"],
      "--out 'o' has no extension: use name.gif, name.webp or name.apng (animation), name.png (still), name.json (Lottie) or a folder ending in '/' (PNG frames)",
      nil
    ),
    (
      ["--style", "wave", "--out", "missing/o.gif"],
      "--out 'missing/o.gif': the folder 'missing' does not exist; create it first or choose another path", nil
    ),
    (
      ["--style", "wave", "--out", "missing/deeper/"],
      "--out 'missing/deeper/': the folder 'missing' does not exist; create it first or choose another path", nil
    ),
    (
      ["--style", "wave", "--out", readOnlyFolder + "/o.gif"],
      "--out '\(readOnlyFolder)/o.gif': the folder '\(readOnlyFolder)' is not writable; choose a folder you can write to",
      nil
    ),
    (
      ["--style-file", "../absent.json", "--out", "o.gif"],
      "--style-file ../absent.json: no such file; give the path of a style JSON file", nil
    ),
    (
      ["--style-file", "..", "--out", "o.gif"], "--style-file ..: is a directory; give the path of a style JSON file",
      nil
    ),
    (
      ["rendr"],
      "unknown command 'rendr'; did you mean 'render'? Commands: render, styles, describe, batch, check, diff, completions",
      nil
    ),
    ([], "no command given; try 'progress-render --style wave --out loading.gif' or see 'progress-render --help'", nil),
    (
      ["--style", "download", "--out", "s.png", "--at", "10s"],
      "--at 10s is out of range: expected a time within the 3 s output: 0s…3s or 0%…100%", nil
    ),
    (["describe"], "'describe' needs a style name: \(valid)", "; see 'progress-render describe --help'"),
    (["describe", "nope"], "unknown style 'nope'; valid styles: \(valid)", nil),
    (
      ["describe", "wave", "thumb"], "unexpected argument 'thumb' for 'describe'",
      "; see 'progress-render describe --help'"
    ),
    (["styles", "--all"], "unknown option '--all'", "; see 'progress-render styles --help'"),
  ])
  func refused(arguments: [String], message: String, hint: String?) throws {
    try expectRefused(arguments, message: message, hint: hint)
  }

  /// Style files that are not JSON, or JSON of the wrong shape: exit 2, the file named.
  @Test(arguments: ["not json at all", "{\"name\": 3}", "[]", ""])
  func badStyleFile(contents: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    scratch.write("bad.json", contents)
    let result = try scratch.run(["--style-file", "../bad.json", "--out", "o.gif"])
    #expect(result.status == 2)
    #expect(result.errLines.count == 1)
    #expect(result.errLines.first?.hasPrefix("progress-render: error: ") == true)
    #expect(result.errLines.first?.contains("../bad.json") == true)
    #expect(try scratch.workContents().isEmpty)
  }

  /// `--image` files that are not PNGs or are corrupt: exit 2, the file named, nothing written.
  @Test(arguments: [
    ("hello, not an image\n", "not a PNG file (it does not start with the PNG signature); give a .png image"),
    (
      "\u{89}PNG\r\n\u{1A}\n\0\0\0\rIHDR",
      "the PNG is truncated or corrupt"
    ),
  ])
  func badImage(contents: String, messageStart: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    #expect(
      FileManager.default.createFile(
        atPath: scratch.root + "/bad.png", contents: Data(contents.unicodeScalars.map { UInt8($0.value) })))
    let result = try scratch.run(["--style", "upload", "--image", "../bad.png", "--out", "u.gif"])
    #expect(result.status == 2)
    #expect(result.errLines.count == 1)
    #expect(result.errLines.first?.hasPrefix("progress-render: error: ") == true)
    #expect(result.errLines.first?.contains("/bad.png: " + messageStart) == true, "\(result.err)")
    #expect(try scratch.workContents().isEmpty)
  }

  private func expectRefused(_ arguments: [String], message: String, hint: String?) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(arguments)
    #expect(result.status == 2, "\(arguments)")
    #expect(result.errLines == ["progress-render: error: " + message + (hint ?? "")])
    #expect(result.out.isEmpty)
    #expect(try scratch.workContents().isEmpty)
  }
}
